import type { ChartResolution } from '../../../shared/marketdata/candle';
import type { Quote } from '../../../shared/marketdata/quote';

/**
 * What the trader picked on the option-chain and charts screens, kept outside the components:
 * switching to the order book and back (Alt+1, Alt+9) must not lose the underlying, the
 * expiry, the window, the chart's symbol or its resolution.
 */
export const chainPicks = $state({
  underlying: 'NIFTY',
  /** Unix seconds, or null for "the nearest". */
  expiry: null as number | null,
  /** Strikes shown on each side of the money. */
  each: 10,
});

/** The chart's symbol (ticker) and candle length. */
export const chartPicks = $state({
  symbol: null as string | null,
  resolution: 5 as ChartResolution,
});

/** The first open interest this page saw per contract today, for quotes without the previous day's. */
const firstOi: Record<string, { day: string; oi: number } | undefined> = Object.create(null);

/** How an OI change was worked out: against the previous day's OI, or since Tickdesk first saw it. */
export type OiBasis = 'prev-day' | 'since-seen';

/**
 * A contract's OI change. The exchange's previous-day OI when the quote carries it (the socket's
 * 31038 packet, depth); otherwise the change since this page first saw the contract's OI today,
 * which the screen marks as such: it is not the day's change.
 */
export function oiChange(
  q: Quote | undefined,
  today: string,
): { value: number; basis: OiBasis } | null {
  if (!q || q.openInterest === null) return null;
  if (q.prevOpenInterest !== null)
    return { value: q.openInterest - q.prevOpenInterest, basis: 'prev-day' };
  let seen = firstOi[q.symbol];
  if (!seen || seen.day !== today) {
    seen = { day: today, oi: q.openInterest };
    firstOi[q.symbol] = seen;
  }
  return { value: q.openInterest - seen.oi, basis: 'since-seen' };
}
