/**
 * Deterministic starting prices. The symbol master carries no prices, so each instrument's
 * opening price is derived from the seed and the instrument itself: indices near their real
 * levels, futures near their underlying, options from strike and moneyness. Plausible
 * prices matter because the client's fat-finger guards and the rules' ltp checks compare
 * against them.
 */
import type { Instrument } from '../../shared/broker/instrument';
import { roundToTick } from '../../shared/broker/rules';
import { hashString, randomAt } from './hash-random';
import type { InstrumentIndex } from './instrument-index';
import { Segment } from '../../shared/broker/enums';

const INDEX_LEVELS: Record<string, number> = {
  NIFTY: 24000,
  NIFTY50: 24000,
  BANKNIFTY: 52000,
  NIFTYBANK: 52000,
  FINNIFTY: 23500,
  MIDCPNIFTY: 12500,
  NIFTYNXT50: 68000,
  SENSEX: 80000,
  BANKEX: 59000,
  INDIAVIX: 14,
};
const CURRENCY_LEVELS: Record<string, number> = {
  USDINR: 84.5,
  EURINR: 90.2,
  GBPINR: 107.3,
  JPYINR: 0.56,
};
const COMMODITY_LEVELS: Record<string, number> = {
  CRUDEOIL: 6000,
  CRUDEOILM: 6000,
  NATURALGAS: 280,
  GOLD: 76000,
  GOLDM: 76000,
  SILVER: 90000,
  SILVERM: 90000,
  COPPER: 820,
  ZINC: 270,
  ALUMINIUM: 235,
  LEAD: 180,
};

const OPTION_TYPES = new Set([14, 15, 19, 31, 32]);

function underlyingLevel(
  i: Instrument,
  seed: number,
  index: InstrumentIndex,
  depth: number,
): number | undefined {
  const key = (i.underlying || '').toUpperCase().replace(/\s+/g, '');
  if (INDEX_LEVELS[key]) return INDEX_LEVELS[key];
  if (CURRENCY_LEVELS[key]) return CURRENCY_LEVELS[key];
  if (COMMODITY_LEVELS[key]) return COMMODITY_LEVELS[key];
  if (depth > 2) return undefined;
  const u = (i.underlyingToken && index.byToken(i.underlyingToken)) || index.byUnderlyingName(key);
  if (u && u !== i) return basePrice(u, seed, index, depth + 1);
  return undefined;
}

/** The price at simulation step 0, on the instrument's tick grid and at least one tick. */
export function basePrice(i: Instrument, seed: number, index: InstrumentIndex, depth = 0): number {
  const h = hashString(i.ticker);
  const r = randomAt(seed, h, -7);
  const tick = i.tickSize > 0 ? i.tickSize : 0.05;
  let p: number;
  const name = i.ticker.split(':')[1] ?? '';
  if (OPTION_TYPES.has(i.instrumentType) || i.optionType !== 'XX') {
    const strike = i.strike > 0 ? i.strike : 100;
    const u = underlyingLevel(i, seed, index, depth) ?? strike * (0.94 + 0.12 * r);
    const intrinsic = i.optionType === 'PE' ? Math.max(0, strike - u) : Math.max(0, u - strike);
    const timeValue = u * 0.012 * Math.exp(-Math.abs(u - strike) / (u * 0.04)) + u * 0.0005;
    p = intrinsic + timeValue * (0.8 + 0.4 * r);
  } else if (i.segment === Segment.CapitalMarket) {
    const bare = name.replace(/-(INDEX|EQ|BE)$/, '');
    p = INDEX_LEVELS[bare] ?? Math.exp(Math.log(20) + r * (Math.log(4000) - Math.log(20)));
  } else {
    p =
      underlyingLevel(i, seed, index, depth) ??
      Math.exp(Math.log(50) + r * (Math.log(5000) - Math.log(50)));
    p *= 1.002 + 0.004 * r; // futures carry a small premium
  }
  return Math.max(tick, roundToTick(p, tick));
}
