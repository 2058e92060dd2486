/**
 * When a stop for "the rest of the trading day" ends: the next trading day's start, 09:00 IST
 * (the pre-open) on the next weekday after the IST day it was set on. Exchange holidays are
 * not known to the app, so a holiday counts as a trading day: the stop then ends on the
 * holiday, when nothing trades anyway (never later than the trader expects).
 */
import { istParts, istToEpoch } from '../../../shared/format/ist';

/** The hour (IST) a trading day starts: the equity pre-open. */
export const TRADING_DAY_START_HOUR = 9;

/** Epoch ms of the next trading day's start after the IST day that contains `at`. */
export function nextTradingDayStart(at: number): number {
  const p = istParts(at);
  // Noon of the day keeps the weekday arithmetic clear of midnight edges.
  const noon = istToEpoch({
    year: p.year,
    month: p.month,
    day: p.day,
    hour: 12,
    minute: 0,
    second: 0,
  });
  for (let d = 1; d <= 7; d++) {
    const next = istParts(noon + d * 86_400_000);
    const weekday = new Date(Date.UTC(next.year, next.month - 1, next.day)).getUTCDay();
    if (weekday !== 0 && weekday !== 6)
      return istToEpoch({
        year: next.year,
        month: next.month,
        day: next.day,
        hour: TRADING_DAY_START_HOUR,
        minute: 0,
        second: 0,
      });
  }
  throw new Error('unreachable: a week has weekdays');
}
