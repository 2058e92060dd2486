/**
 * The seeded demo portfolio of demat holdings. A new user of Demo mode (and every test) needs
 * something to look at and to sell, so the sandbox starts with a handful of real large caps
 * with their real ISINs, quantities and cost prices chosen by the seed.
 */
import type { Instrument } from '../../shared/broker/instrument';
import { roundToTick } from '../../shared/broker/rules';
import { seededRandom } from '../market/hash-random';
import type { InstrumentIndex } from '../market/instrument-index';
import { Segment, Exchange } from '../../shared/broker/enums';

/** One demat holding at the start of the day. */
export interface HoldingSeed {
  id: number;
  instrument: Instrument;
  /** Quantity at the start of the day. */
  quantity: number;
  costPrice: number;
  /** `HLD` settled demat shares, `T1` bought yesterday and not yet settled. */
  holdingType: 'HLD' | 'T1';
}

const PREFERRED = [
  'SBIN',
  'RELIANCE',
  'TCS',
  'INFY',
  'HDFCBANK',
  'ITC',
  'ICICIBANK',
  'LT',
  'TATAMOTORS',
  'WIPRO',
];

/** Picks the demo portfolio for a seed: up to six NSE equities with ISINs. */
export function seedHoldings(
  seed: number,
  index: InstrumentIndex,
  ltpOf: (i: Instrument) => number,
): HoldingSeed[] {
  const rnd = seededRandom(seed ^ 0x5eed);
  const picked: Instrument[] = [];
  for (const name of PREFERRED) {
    const i = index.byTicker(`NSE:${name}-EQ`);
    if (i && i.isin) picked.push(i);
    if (picked.length >= 6) break;
  }
  if (picked.length < 6) {
    for (const i of index.all) {
      if (picked.length >= 6) break;
      if (
        i.exchange === Exchange.NSE &&
        i.segment === Segment.CapitalMarket &&
        i.instrumentType === 0 &&
        i.isin &&
        !picked.includes(i)
      )
        picked.push(i);
    }
  }
  return picked.map((instrument, k) => {
    const ltp = ltpOf(instrument);
    const quantity = 5 * (1 + Math.floor(rnd() * 40));
    const costPrice = Math.max(
      instrument.tickSize,
      roundToTick(ltp * (0.75 + rnd() * 0.4), instrument.tickSize || 0.05),
    );
    return {
      id: k + 1,
      instrument,
      quantity,
      costPrice,
      holdingType: k === picked.length - 1 ? 'T1' : 'HLD',
    };
  });
}
