/**
 * Normalizes the broker's history answer (gaps.md: `{s, candles: [[t, o, h, l, c, v], …]}`)
 * into shared Candles, once, before anything draws them. A chart that draws one bad candle
 * draws a lie (a spike to zero, a bar above its own high), so every candle is checked and a
 * bad one is dropped and counted rather than repaired; the rest of the day still shows.
 */
import type { Candle } from '../../../shared/marketdata/candle';
import { numOrNull } from '../broker/normalize/coerce';
import { MAX_FUTURE_SKEW_MS } from './broker-time';

const DAY_MS = 86_400_000;

/**
 * The earliest start a candle may have, epoch seconds (1990-01-01): older than any Indian
 * exchange's electronic trading, so an earlier time is a broken field, not history.
 */
export const EARLIEST_CANDLE_S = 631_152_000;

/**
 * How far back a chart reads, by candle length in minutes: enough for the last full session
 * before a weekend or a night (the screen opens before the market does), few enough that one
 * request answers it (1-minute candles: ~375 a session).
 */
export const CHART_LOOKBACK_DAYS: Readonly<Record<number, number>> = {
  1: 4,
  5: 10,
  15: 20,
  60: 60,
};

/** The range (epoch ms) a chart of `resolution` minutes reads, ending now. */
export function chartRange(resolution: number, now: number): { from: number; to: number } {
  return { from: now - (CHART_LOOKBACK_DAYS[resolution] ?? 10) * DAY_MS, to: now };
}

/** Candles oldest first, and how many of the broker's were refused. */
export interface NormalizedCandles {
  candles: Candle[];
  dropped: number;
}

/**
 * One raw candle into a Candle, or null when any part of it is unusable. A candle starting
 * after `now` plus the clock skew allowed for broker times (a year-2100 stamp, or
 * milliseconds sent as seconds) is unusable: drawn, it would stretch the time axis and
 * stand for a price nobody has traded.
 */
export function normalizeCandle(raw: unknown, now: number): Candle | null {
  if (!Array.isArray(raw) || raw.length < 5) return null;
  const t = numOrNull(raw[0]);
  const o = numOrNull(raw[1]);
  const h = numOrNull(raw[2]);
  const l = numOrNull(raw[3]);
  const c = numOrNull(raw[4]);
  // Volume may be absent (indices trade none); anything present must be a count.
  const v = raw.length > 5 && raw[5] !== null && raw[5] !== undefined ? numOrNull(raw[5]) : 0;
  if (t === null || o === null || h === null || l === null || c === null || v === null) return null;
  if (!Number.isSafeInteger(t) || t < EARLIEST_CANDLE_S) return null;
  if (t * 1000 > now + MAX_FUTURE_SKEW_MS) return null;
  if (o <= 0 || h <= 0 || l <= 0 || c <= 0 || v < 0) return null;
  if (h < Math.max(o, c, l) || l > Math.min(o, c)) return null;
  return { time: t, open: o, high: h, low: l, close: c, volume: v };
}

/**
 * The `candles` list of a history answer: unusable candles dropped and counted, the rest
 * sorted by time; of two with the same start only the later in the answer is kept (the
 * other counts as dropped). Anything but a list yields no candles and no drops. `now` is
 * epoch ms, for the future bound of `normalizeCandle`.
 */
export function normalizeCandles(raw: unknown, now: number): NormalizedCandles {
  if (!Array.isArray(raw)) return { candles: [], dropped: 0 };
  const byTime = new Map<number, Candle>();
  let dropped = 0;
  for (const item of Array.from(raw as unknown[])) {
    const c = normalizeCandle(item, now);
    if (!c) dropped++;
    else {
      if (byTime.has(c.time)) dropped++;
      byTime.set(c.time, c);
    }
  }
  const candles = [...byTime.values()].sort((a, b) => a.time - b.time);
  return { candles, dropped };
}
