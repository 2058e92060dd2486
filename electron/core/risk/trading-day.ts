/**
 * When a stop for "the rest of the trading day" ends: the next trading day's start after the
 * IST day it was set on. A trading day is one on which any exchange trades, by the exchanges'
 * holiday calendar (shared/broker/exchange-holidays.ts, the table the sandbox reads too); it
 * starts at 09:00 IST (the equity pre-open), or at 17:00 on a day only MCX's evening session
 * trades. A year whose holiday list is not in the table counts weekdays only, so the stop can
 * end on an unlisted holiday, when nothing trades anyway (never later than the trader expects).
 */
import { istParts, istToEpoch } from '../../../shared/format/ist';
import { Exchange } from '../../../shared/broker/enums';
import { tradingWindow } from '../../../shared/broker/exchange-holidays';

/** The hour (IST) a trading day starts: the equity pre-open. */
export const TRADING_DAY_START_HOUR = 9;

const EXCHANGES = [Exchange.NSE, Exchange.BSE, Exchange.MCX] as const;
/** Further than any run of holidays and weekends the exchanges have published. */
const LOOKAHEAD_DAYS = 31;

/**
 * The minute of the IST day `d` the first session of any exchange starts (not before 09:00),
 * or null when no exchange trades that day.
 */
export function tradingDayStartMinute(d: {
  year: number;
  month: number;
  day: number;
}): number | null {
  let first: number | null = null;
  for (const ex of EXCHANGES) {
    const w = tradingWindow(ex, d);
    if (!w) continue;
    const start = Math.max(TRADING_DAY_START_HOUR * 60, w.from);
    if (first === null || start < first) first = start;
  }
  return first;
}

/** Epoch ms of the next trading day's start after the IST day that contains `at`. */
export function nextTradingDayStart(at: number): number {
  const p = istParts(at);
  // Noon of the day keeps the day arithmetic clear of midnight edges.
  const noon = istToEpoch({
    year: p.year,
    month: p.month,
    day: p.day,
    hour: 12,
    minute: 0,
    second: 0,
  });
  for (let d = 1; d <= LOOKAHEAD_DAYS; d++) {
    const next = istParts(noon + d * 86_400_000);
    const minute = tradingDayStartMinute(next);
    if (minute !== null)
      return istToEpoch({
        year: next.year,
        month: next.month,
        day: next.day,
        hour: Math.floor(minute / 60),
        minute: minute % 60,
        second: 0,
      });
  }
  throw new Error(
    `no trading day in the ${LOOKAHEAD_DAYS} days after ${new Date(at).toISOString()}`,
  );
}
