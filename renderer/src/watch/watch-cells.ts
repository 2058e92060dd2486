import { formatIndianNumber, formatInr } from '../../../shared/format';
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

function price(n: number | null | undefined): string {
  return ok(n) && n > 0 ? formatInr(n, { symbol: false }) : DASH;
}

/** The cells of one watch row from its latest quote (all dashes before the first price). */
export function watchCells(q: Quote | undefined): WatchCells {
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
    change: change === null ? DASH : formatInr(change, { symbol: false, plusSign: true }),
    changePct: ok(q.changePct) ? `${q.changePct > 0 ? '+' : ''}${q.changePct.toFixed(2)}%` : DASH,
    bid: price(q.bid),
    ask: price(q.ask),
    volume: ok(q.volume) && q.volume >= 0 ? formatIndianNumber(q.volume) : DASH,
    direction: change === null ? '' : change > 0 ? 'gain' : change < 0 ? 'loss' : '',
  };
}
