/**
 * Futures and option chains around an underlying's price. Every derivative segment (index
 * and stock F&O, currency, commodity) is built from these two functions so tickers, names,
 * strikes and premiums follow one set of conventions.
 */
import { type FileBuilder, decimalsOf, roundToTick } from './builder';
import { type Day, describeExpiry, expiryUnix, monthlyCode, weeklyCode } from './calendar';
import type { Instrument } from '../../shared/broker/instrument';

/** What a chain needs to know about its underlying. */
export interface UnderlyingSpec {
  /** Ticker root: NIFTY, SBIN, USDINR, CRUDEOIL. */
  symbol: string;
  /** Exchange prefix of the tickers. */
  ex: 'NSE' | 'BSE' | 'MCX';
  price: number;
  lot: number;
  /** Annualised volatility used for option premiums. */
  vol: number;
  futType: number;
  optType: number;
  futTick: number;
  optTick: number;
  underlyingScripCode: number;
  underlyingToken: string;
  isin?: string;
  /** Expiry time of day, IST hhmm (1530 for NSE F&O). */
  expiryHHMM: number;
}

/** Years from `today` to the expiry day, never zero (same-day expiries keep some value). */
function yearsTo(today: Day, expiry: Day): number {
  return Math.max(0.5, (expiry - today) / 86_400_000) / 365;
}

/** Adds one future; monthly tickers only (there are no weekly futures). */
export function addFuture(
  b: FileBuilder,
  u: UnderlyingSpec,
  today: Day,
  expiry: Day,
  monthOf: Day = expiry,
): Instrument {
  const t = yearsTo(today, expiry);
  const code = monthlyCode(monthOf);
  return b.add({
    name: `${u.symbol} ${describeExpiry(monthOf, false)} FUT`,
    instrumentType: u.futType,
    lotSize: u.lot,
    tickSize: u.futTick,
    isin: u.isin ?? '',
    expiry: expiryUnix(expiry, u.expiryHHMM),
    expiryDay: expiry,
    ticker: `${u.ex}:${u.symbol}${code}FUT`,
    underlying: u.symbol,
    underlyingScripCode: u.underlyingScripCode,
    strike: -1,
    optionType: 'XX',
    underlyingToken: u.underlyingToken,
    price: roundToTick(u.price * (1 + 0.065 * t), u.futTick),
  });
}

/** Strike ladder: `perSide` strikes each side of the at-the-money strike, all positive. */
export function strikeLadder(price: number, step: number, perSide: number): number[] {
  const atm = Math.round(price / step);
  const scale = 10 ** decimalsOf(step);
  const out: number[] = [];
  for (let k = atm - perSide; k <= atm + perSide; k++)
    if (k > 0) out.push(Math.round(k * step * scale) / scale);
  return out;
}

/**
 * Adds a CE and a PE for every strike of one expiry. Weekly tickers use the YYMDD code
 * (NIFTY25D1124000CE); monthly ones YYMMM (NIFTY25DEC24000CE).
 */
export function addOptionChain(
  b: FileBuilder,
  u: UnderlyingSpec,
  today: Day,
  expiry: Day,
  weekly: boolean,
  strikes: readonly number[],
  monthOf: Day = expiry,
): void {
  const t = yearsTo(today, expiry);
  const code = weekly ? weeklyCode(expiry) : monthlyCode(monthOf);
  const desc = weekly ? describeExpiry(expiry, true) : describeExpiry(monthOf, false);
  const expiryTs = expiryUnix(expiry, u.expiryHHMM);
  const sd = u.vol * Math.sqrt(t);
  const fwd = u.price * (1 + 0.065 * t);
  for (const strike of strikes) {
    const m = Math.log(strike / fwd) / sd;
    const timeValue = fwd * sd * 0.4 * Math.exp(-0.5 * m * m);
    for (const side of ['CE', 'PE'] as const) {
      const intrinsic = side === 'CE' ? Math.max(0, fwd - strike) : Math.max(0, strike - fwd);
      b.add({
        name: `${u.symbol} ${desc} ${strike} ${side}`,
        instrumentType: u.optType,
        lotSize: u.lot,
        tickSize: u.optTick,
        isin: u.isin ?? '',
        expiry: expiryTs,
        expiryDay: expiry,
        ticker: `${u.ex}:${u.symbol}${code}${strike}${side}`,
        underlying: u.symbol,
        underlyingScripCode: u.underlyingScripCode,
        strike,
        optionType: side,
        underlyingToken: u.underlyingToken,
        price: roundToTick(intrinsic + timeValue, u.optTick),
      });
    }
  }
}

/** Strike step a stock's chain uses, by price (mirrors NSE's strike scheme loosely). */
export function stockStrikeStep(price: number): number {
  if (price < 100) return 1;
  if (price < 250) return 2.5;
  if (price < 500) return 5;
  if (price < 1000) return 10;
  if (price < 2500) return 20;
  if (price < 5000) return 50;
  if (price < 10000) return 100;
  if (price < 20000) return 250;
  return 500;
}
