/**
 * Candles for the history endpoint. Today's come from the simulation itself (the minute bars
 * the price walk recorded, so a chart and a fill agree); earlier days are generated from the
 * seed, the same on every run: each past day is a path of one-minute prices over the
 * segment's session, chained backwards so that yesterday closes at today's previous close.
 * Weekends have no candles (exchange holidays are not modelled, as in the sessions).
 * A derivative's earlier days are its underlying's, mapped through the price model at each
 * minute (`derive`), so an option's chart moves with its index's as the live prices do.
 */
import type { Instrument } from '../../shared/broker/instrument';
import { roundToTick } from '../../shared/broker/rules';
import { hashString, randomAt } from '../market/hash-random';
import type { MinuteBar } from '../market/price-book';
import { isIndex } from '../market/price-book';
import { SESSION_TIMES } from '../market/sessions';
import { istAt, istDayStart, istParts } from '../time/ist';

/** One candle: [epoch seconds, open, high, low, close, volume]. */
export type Candle = [number, number, number, number, number, number];

/** Intraday resolutions in minutes, as the broker accepts them. */
export const INTRADAY_RESOLUTIONS = [1, 2, 3, 5, 10, 15, 20, 30, 60, 120, 240] as const;

const DAY_MS = 86_400_000;
const DAY_SIGMA = 0.012;
const GAP_SIGMA = 0.004;
const PATH_SALT = 0x1b873593;
const DAY_SALT = 0x2c1b3c6d;

/** What the generator needs about one instrument. */
export interface HistorySource {
  instrument: Instrument;
  seed: number;
  /** Today's previous close (yesterday's close). */
  prevClose: number;
  /** Today's minute bars from the simulation. */
  todayBars: readonly MinuteBar[];
  /** Start of today (IST midnight), epoch ms. */
  todayStart: number;
  /**
   * For a derivative: its underlying's source and the model price of the derivative for an
   * underlying price at an instant. Earlier days then follow the underlying's path.
   */
  derive?: { underlying: HistorySource; price: (underlyingPrice: number, at: number) => number };
}

const isTradingDay = (dayStart: number) => {
  const w = istParts(dayStart + DAY_MS / 2).weekday;
  return w !== 0 && w !== 6;
};

/** Day number (days since epoch, IST) of an IST midnight. */
const dayNo = (dayStart: number) => Math.round((istDayStart(dayStart) + 19_800_000) / DAY_MS);

/**
 * Opens and closes of past trading days back to `oldest`, newest first: each day's close is
 * the next day's open divided by an overnight gap, each open the close moved back by the
 * day's return.
 */
function dayChain(
  src: HistorySource,
  oldest: number,
): Map<number, { open: number; close: number }> {
  const key = hashString(src.instrument.ticker) ^ DAY_SALT;
  const out = new Map<number, { open: number; close: number }>();
  let close = src.prevClose;
  for (let d = src.todayStart - DAY_MS; d >= oldest; d -= DAY_MS) {
    if (!isTradingDay(d)) continue;
    const n = dayNo(d);
    const r = (randomAt(src.seed, key, n) - 0.5) * 2 * DAY_SIGMA * Math.sqrt(3);
    const open = close / Math.exp(r);
    out.set(d, { open, close });
    const g = (randomAt(src.seed, key, -n) - 0.5) * 2 * GAP_SIGMA * Math.sqrt(3);
    close = open / Math.exp(g);
  }
  return out;
}

/** One past day's minute bars: a random path from its open bent to end at its close. */
function pastMinutes(
  src: HistorySource,
  dayStart: number,
  open: number,
  close: number,
): MinuteBar[] {
  const i = src.instrument;
  const tick = i.tickSize > 0 ? i.tickSize : 0.05;
  const s = SESSION_TIMES[i.segment];
  const n = s.close - s.open;
  const key = hashString(i.ticker) ^ PATH_SALT ^ dayNo(dayStart);
  const sigma = DAY_SIGMA / Math.sqrt(n);
  const logs: number[] = [0];
  for (let k = 1; k <= n; k++)
    logs.push(logs[k - 1]! + (randomAt(src.seed, key, k) - 0.5) * 2 * sigma * Math.sqrt(3));
  const bend = Math.log(close / open) - logs[n]!;
  const price = (k: number) =>
    Math.max(tick, roundToTick(open * Math.exp(logs[k]! + (bend * k) / n), tick));
  const lot = Math.max(1, i.lotSize);
  const bars: MinuteBar[] = [];
  for (let k = 0; k < n; k++) {
    const o = price(k);
    const c = price(k + 1);
    const u = randomAt(src.seed, key ^ 0x9e37, k);
    const wiggle = tick * Math.floor(u * 3);
    const v = isIndex(i) ? 0 : Math.max(1, Math.round((40 * (0.2 + 1.6 * u) * 60) / lot)) * lot;
    bars.push({
      t: istAt(dayStart, s.open + k),
      o,
      h: roundToTick(Math.max(o, c) + wiggle, tick),
      l: Math.max(tick, roundToTick(Math.min(o, c) - wiggle, tick)),
      c,
      v,
    });
  }
  return bars;
}

/** A derivative's minute bars from its underlying's, each price mapped through the model. */
function derivedMinutes(
  src: HistorySource,
  d: NonNullable<HistorySource['derive']>,
  bars: readonly MinuteBar[],
): MinuteBar[] {
  const tick = src.instrument.tickSize > 0 ? src.instrument.tickSize : 0.05;
  const lot = Math.max(1, src.instrument.lotSize);
  const at = (p: number, t: number) => Math.max(tick, roundToTick(d.price(p, t), tick));
  return bars.map((b) => {
    const end = b.t + 60_000;
    const o = at(b.o, b.t);
    const c = at(b.c, end);
    // A put falls as its underlying rises: the model's image of high and low may swap.
    const x = at(b.h, b.t);
    const y = at(b.l, b.t);
    return {
      t: b.t,
      o,
      h: Math.max(o, c, x, y),
      l: Math.min(o, c, x, y),
      c,
      v: Math.max(1, Math.round(b.v / 50 / lot)) * lot,
    };
  });
}

/** Merges minute bars into candles of `minutes`, aligned to the segment's session open. */
function merge(bars: readonly MinuteBar[], minutes: number, sessionOpen: number): Candle[] {
  const out: Candle[] = [];
  let cur: Candle | undefined;
  for (const b of bars) {
    const day = istDayStart(b.t);
    const m = Math.floor((b.t - day) / 60_000);
    const start = istAt(day, sessionOpen + Math.floor((m - sessionOpen) / minutes) * minutes);
    const t = Math.floor(start / 1000);
    if (!cur || cur[0] !== t) {
      cur = [t, b.o, b.h, b.l, b.c, b.v];
      out.push(cur);
    } else {
      cur[2] = Math.max(cur[2], b.h);
      cur[3] = Math.min(cur[3], b.l);
      cur[4] = b.c;
      cur[5] += b.v;
    }
  }
  return out;
}

/** One day's bars as a daily candle stamped at IST midnight. */
function daily(dayStart: number, bars: readonly MinuteBar[]): Candle | undefined {
  if (bars.length === 0) return undefined;
  const c: Candle = [Math.floor(dayStart / 1000), bars[0]!.o, -Infinity, Infinity, 0, 0];
  for (const b of bars) {
    c[2] = Math.max(c[2], b.h);
    c[3] = Math.min(c[3], b.l);
    c[5] += b.v;
  }
  c[4] = bars[bars.length - 1]!.c;
  return c;
}

/**
 * Candles with start times in [fromMs, toMs], oldest first. `resolution` is minutes or 'D'.
 */
export function candles(
  src: HistorySource,
  resolution: number | 'D',
  fromMs: number,
  toMs: number,
): Candle[] {
  const first = istDayStart(fromMs);
  const d = src.derive;
  const chain = dayChain(d ? d.underlying : src, first);
  const sessionOpen = SESSION_TIMES[src.instrument.segment].open;
  const out: Candle[] = [];
  for (let day = first; day <= toMs && day <= src.todayStart; day += DAY_MS) {
    let bars: readonly MinuteBar[];
    if (day === src.todayStart)
      bars = src.todayBars.filter((b) => b.t >= day && b.t < day + DAY_MS);
    else {
      const oc = chain.get(day);
      if (!oc) continue;
      bars = d
        ? derivedMinutes(src, d, pastMinutes(d.underlying, day, oc.open, oc.close))
        : pastMinutes(src, day, oc.open, oc.close);
    }
    if (resolution === 'D') {
      const c = daily(day, bars);
      if (c) out.push(c);
    } else out.push(...merge(bars, resolution, sessionOpen));
  }
  const lo = Math.floor(fromMs / 1000);
  const hi = Math.floor(toMs / 1000);
  return out.filter((c) => c[0] >= lo && c[0] <= hi);
}
