/**
 * One price model for related instruments, so a watch screen, an option chain and a fill never
 * contradict each other (issue 20 #7):
 *
 * - A future on a cash underlying (an index or a stock) is its spot carried to expiry:
 *   F = S·e^(rT), with r the cost of carry. A future trades at a premium that shrinks to
 *   nothing at expiry.
 * - An option is priced by Black-76 (`shared/options/black76.ts`) on the forward of its
 *   expiry, with a volatility read from one surface per underlying: an at-the-money level by
 *   kind of underlying, a term structure (short expiries a little higher) and a smile by
 *   moneyness (lower strikes higher, the equity skew). Put-call parity then holds by
 *   construction: C − P = e^(−rT)·(F − K).
 * - Options on futures (MCX, currency) take that future's price as their forward.
 *
 * Only the underlyings walk; everything derived follows them. Rates and volatilities are
 * *inferred* round figures (a cost of carry near the money-market rate, index volatility in
 * the low teens, stocks near 30%), not exchange data.
 */
import type { Instrument } from '../../shared/broker/instrument';
import { black76Price } from '../../shared/options/black76';
import { Segment } from '../../shared/broker/enums';
import type { InstrumentIndex } from './instrument-index';

/** Cost of carry and discount rate, per year, continuously compounded (*inferred*). */
export const CARRY_RATE = 0.07;
const YEAR_MS = 365 * 86_400_000;
/** Floor on time to expiry: an option on its expiry afternoon still has a little time value. */
const MIN_YEARS = 1 / (365 * 24 * 4);

/** How a derived instrument hangs on its underlying. */
export interface Derivation {
  kind: 'future' | 'option';
  underlying: Instrument;
  /** Whether the underlying is spot (carry applies) or already a future (its price is the forward). */
  spot: boolean;
}

/** Whether an instrument is an index (priced, never traded). */
const indexLike = (i: Instrument) => i.ticker.endsWith('-INDEX');

/**
 * The underlying a derivative follows, or undefined when it walks on its own (cash
 * instruments, indices, futures that are their own underlying, unknown underlyings).
 */
export function derivationOf(i: Instrument, index: InstrumentIndex): Derivation | undefined {
  if (i.segment === Segment.CapitalMarket || !i.expiry) return undefined;
  const u = i.underlyingToken ? index.byToken(i.underlyingToken) : undefined;
  if (!u || u === i) return undefined;
  const spot = u.segment === Segment.CapitalMarket;
  if (i.optionType === 'XX') return spot ? { kind: 'future', underlying: u, spot } : undefined;
  return { kind: 'option', underlying: u, spot };
}

/** Years from `now` (epoch ms) to an instrument's expiry, at least a quarter of an hour. */
export function yearsToExpiry(i: Instrument, now: number): number {
  return Math.max(MIN_YEARS, ((i.expiry ?? 0) * 1000 - now) / YEAR_MS);
}

/** At-the-money volatility of an underlying for long expiries (*inferred* round figures). */
function baseVol(u: Instrument): number {
  if (indexLike(u)) return 0.13;
  if (u.segment === Segment.Currency) return 0.05;
  if (u.segment === Segment.Commodity) return 0.3;
  return 0.28;
}

/**
 * The volatility surface: σ(K, T) for an underlying, a forward and a strike. Term: short
 * expiries up to 25% above the long level. Smile: in standard deviations k = ln(K/F)/(σ√T),
 * σ·(1 − 0.06k + 0.03k²), kept within half and three times the at-the-money level.
 */
export function volAt(u: Instrument, forward: number, strike: number, years: number): number {
  const atm = baseVol(u) * (1 + 0.25 * Math.exp(-years / (30 / 365)));
  const k = Math.log(strike / forward) / (atm * Math.sqrt(years));
  const v = atm * (1 - 0.06 * k + 0.03 * k * k);
  return Math.min(3 * atm, Math.max(0.5 * atm, v));
}

/** The forward of an expiry: spot carried at CARRY_RATE, or the future's own price. */
export function forwardOf(d: Derivation, underlyingPrice: number, years: number): number {
  return d.spot ? underlyingPrice * Math.exp(CARRY_RATE * years) : underlyingPrice;
}

/** A derived instrument's model price (unrounded) from its underlying's price at `now`. */
export function modelPrice(
  i: Instrument,
  d: Derivation,
  underlyingPrice: number,
  now: number,
): number {
  const years = yearsToExpiry(i, now);
  const forward = forwardOf(d, underlyingPrice, years);
  if (d.kind === 'future') return forward;
  const strike = i.strike > 0 ? i.strike : forward;
  return black76Price({
    right: i.optionType === 'PE' ? 'PE' : 'CE',
    forward,
    strike,
    years,
    vol: volAt(d.underlying, forward, strike, years),
    rate: CARRY_RATE,
  });
}
