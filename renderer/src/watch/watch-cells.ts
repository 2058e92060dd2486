import { formatIndianNumber, formatPrice } from '../../../shared/format';
import type { Quote } from '../../../shared/marketdata/quote';

/**
 * The market-watch row's cells as text, each on its own: a field a quote does not carry
 * (or, should one ever slip through, a number that is not finite) shows as a dash in that
 * cell alone, so one bad quote never blanks a row, let alone the list.
 */
export interface WatchCells {
  ltp: string;
  change: string;
  changePct: string;
  bid: string;
  ask: string;
  volume: string;
  /** Sign of the day's change, for the gain/loss colour. */
  direction: 'gain' | 'loss' | '';
}

const ok = (n: number | null | undefined): n is number =>
  typeof n === 'number' && Number.isFinite(n);
const DASH = '—';

/** What the row knows of its instrument: its tick, and whether it is an index. */
export interface WatchInstrument {
  /** Price tick (null while the master has not answered: two decimals). */
  tick: number | null;
  /** An index is a value, never traded: it has no bid, ask or volume. */
  isIndex: boolean;
}

const PLAIN: WatchInstrument = { tick: null, isIndex: false };

/**
 * The cells of one watch row from its latest quote (all dashes before the first price).
 * Prices show the decimals the instrument's tick needs; an index's bid, ask and volume are
 * dashes whatever a source sent (a REST read's stale book, a volume of 0).
 */
export function watchCells(q: Quote | undefined, inst: WatchInstrument = PLAIN): WatchCells {
  const price = (n: number | null | undefined): string =>
    ok(n) && n > 0 ? formatPrice(n, inst.tick) : DASH;
  if (!q)
    return {
      ltp: DASH,
      change: DASH,
      changePct: DASH,
      bid: DASH,
      ask: DASH,
      volume: DASH,
      direction: '',
    };
  const change = ok(q.change) ? q.change : null;
  return {
    ltp: price(q.ltp),
    change: change === null ? DASH : formatPrice(change, inst.tick, { plusSign: true }),
    changePct: ok(q.changePct) ? `${q.changePct > 0 ? '+' : ''}${q.changePct.toFixed(2)}%` : DASH,
    bid: inst.isIndex ? DASH : price(q.bid),
    ask: inst.isIndex ? DASH : price(q.ask),
    volume: !inst.isIndex && ok(q.volume) && q.volume >= 0 ? formatIndianNumber(q.volume) : DASH,
    direction: change === null ? '' : change > 0 ? 'gain' : change < 0 ? 'loss' : '',
  };
}
