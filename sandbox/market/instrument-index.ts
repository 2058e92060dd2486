/**
 * Lookup tables over the symbol master. Orders name instruments by ticker (NSE:SBIN-EQ),
 * holdings by token; both lookups must be O(1) over 130,000+ rows.
 */
import type { Instrument } from '../../shared/broker/instrument';
import { Segment } from '../../shared/broker/enums';

/** Instruments by ticker and by token. */
export interface InstrumentIndex {
  readonly all: readonly Instrument[];
  byTicker(ticker: string): Instrument | undefined;
  byToken(token: string): Instrument | undefined;
  /** The cash-market or index instrument whose name is `name` (for derivative underlyings). */
  byUnderlyingName(name: string): Instrument | undefined;
}

/** Builds the index once at start (and after a reset nothing changes: the master is immutable). */
export function indexInstruments(list: readonly Instrument[]): InstrumentIndex {
  const tick = new Map<string, Instrument>();
  const tok = new Map<string, Instrument>();
  const names = new Map<string, Instrument>();
  for (const i of list) {
    tick.set(i.ticker, i);
    tok.set(i.token, i);
    if (i.segment === Segment.CapitalMarket && !names.has(i.underlying || i.name)) {
      const bare = i.ticker.split(':')[1]?.replace(/-(EQ|INDEX|BE)$/, '') ?? '';
      if (bare && !names.has(bare)) names.set(bare, i);
    }
  }
  return {
    all: list,
    byTicker: (t) => tick.get(t),
    byToken: (t) => tok.get(t),
    byUnderlyingName: (n) => names.get(n),
  };
}
