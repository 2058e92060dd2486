/**
 * The part of the day's MTM before the app first saw the positions, rebuilt from the trade
 * book and 1-minute history candles. Pure: the caller (mtm-series.ts) reads the broker.
 *
 * The position book holds only the day's net and averages, but the trade book holds every
 * fill with its time, side, quantity and price, so each symbol's net quantity and cash at any
 * minute are known. What the fills do not explain is what was carried in: the API reports no
 * carried-forward fields (the spec's Position has none), so the carried quantity is the
 * position's net minus the day's fills, and its price basis is whatever makes the broker's
 * own P&L at its own LTP come out. For each symbol, with m its contract multiplier:
 *
 *   MTM(t) = m × (cash of the fills up to t + net(t) × price(t)) + C
 *   net(t) = carried + Σ signed fill quantities up to t
 *   C      = Σ over its positions of (pl − m × netQty × ltp) − m × cash of all its fills
 *
 * At the anchor (the positions read the samples start from) this is Σ positionPlAt(p, price)
 * exactly, so the rebuilt line meets the sampled one. Symbols, not positions, are the unit:
 * a product conversion moves quantity between two positions of one symbol with no fill.
 *
 * A minute is shown only when every symbol open in it has a price: the close of its latest
 * usable candle at or before the minute (a minute without a trade has no candle; a dropped
 * bad candle leaves its minute to the one before). Closed symbols need no price: their MTM
 * is their cash. So a failed history read or a missing symbol leaves out only the minutes it
 * was open, and one bad candle never blanks the series.
 */
import { Side } from '../../../shared/broker/enums';
import type { Position, Trade } from '../../../shared/broker/models';
import type { Candle } from '../../../shared/marketdata/candle';
import { formatIstTime, istDayKey, istParts, istToEpoch } from '../../../shared/format/ist';
import type { MtmNote, MtmPoint } from '../../../shared/marketdata/mtm';
import { rupeesPerPoint } from '../../../shared/marketdata/live-pnl';

const MINUTE_MS = 60_000;

/**
 * The IST time the rebuild starts for a position carried in overnight: the NSE open. A fill
 * before it (MCX opens at 09:00) starts the rebuild earlier.
 */
export const CARRIED_START_IST = { hour: 9, minute: 15 } as const;

/** The positions read the sampled series starts from, and when it was sampled. */
export interface MtmAnchor {
  at: number;
  positions: readonly Position[];
}

/** A symbol's 1-minute candles as the history read gave them, or why there are none. */
export type SymbolCandles = { candles: readonly Candle[]; dropped: number } | { error: string };

/** One symbol's part in the rebuild. */
export interface SymbolPlan {
  symbol: string;
  /** Net quantity held when the day began (position net minus the day's fills). */
  carried: number;
  /** The day's fills up to the anchor, oldest first: time, signed quantity, cash. */
  fills: { at: number; qty: number; cash: number }[];
  multiplier: number;
  /** The constant that makes the symbol's MTM at the anchor the broker's own P&L. */
  offset: number;
  /** Whether it is ever open before the anchor, so it needs candles. */
  needsPrice: boolean;
  /** A fill had no readable time: its net before the anchor is unknown. */
  untimed: boolean;
}

/** What the day looked like before the anchor. */
export interface MtmPlan {
  /** The first minute to rebuild (first fill, or the open when something was carried), or null. */
  from: number | null;
  symbols: SymbolPlan[];
}

/** The rebuilt points (before the anchor) and what the screen must say about them. */
export interface MtmRebuild {
  points: MtmPoint[];
  notes: MtmNote[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const hhmm = (at: number) => formatIstTime(at).slice(0, 5);

/**
 * The open (09:15 IST) of the IST day of `at`: a carried position's MTM moves from the first
 * trade of the day, whenever the app was started, so its rebuild starts there.
 */
export function carriedStartOf(at: number): number {
  const p = istParts(at);
  return istToEpoch({ ...p, ...CARRIED_START_IST, second: 0, millisecond: 0 });
}

/** The instant a fill happened, or null when the broker's time could not be read. */
function fillTime(t: Trade): number | null {
  if (t.tradedAt === null) return null;
  const ms = Date.parse(t.tradedAt);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * Splits the anchor's positions and the day's fills by symbol: carried quantity, fills up to
 * the anchor, the offset that meets the broker's P&L, and where the rebuild starts. Fills after
 * the anchor are not in its positions (the samples show them) and fills of another IST day are
 * not the day's.
 */
export function planRebuild(anchor: MtmAnchor, trades: readonly Trade[]): MtmPlan {
  const day = istDayKey(anchor.at);
  const bySymbol = new Map<string, SymbolPlan>();
  const planOf = (symbol: string): SymbolPlan => {
    let s = bySymbol.get(symbol);
    if (!s) {
      s = {
        symbol,
        carried: 0,
        fills: [],
        multiplier: 1,
        offset: 0,
        needsPrice: false,
        untimed: false,
      };
      bySymbol.set(symbol, s);
    }
    return s;
  };
  for (const p of anchor.positions) planOf(p.symbol);
  for (const t of trades) {
    if (!t.symbol || !Number.isFinite(t.qty) || !Number.isFinite(t.price)) continue;
    const at = fillTime(t);
    if (at === null) {
      planOf(t.symbol).untimed = true;
      continue;
    }
    if (at > anchor.at || istDayKey(at) !== day) continue;
    const signed = t.side === Side.Buy ? t.qty : -t.qty;
    planOf(t.symbol).fills.push({ at, qty: signed, cash: -signed * t.price });
  }
  let first: number | null = null;
  let carriedAny = false;
  for (const s of bySymbol.values()) {
    s.fills.sort((a, b) => a.at - b.at);
    const own = anchor.positions.filter((p) => p.symbol === s.symbol);
    const m = own[0] ? rupeesPerPoint(own[0]) : 1;
    const net = own.reduce((sum, p) => sum + p.netQty, 0);
    const filled = s.fills.reduce((sum, f) => sum + f.qty, 0);
    const cash = s.fills.reduce((sum, f) => sum + f.cash, 0);
    s.multiplier = m;
    // Without a position row the fills are all there is: nothing carried, no broker figure.
    s.carried = own.length > 0 ? net - filled : 0;
    s.offset =
      own.length > 0 ? own.reduce((sum, p) => sum + p.pl - m * p.netQty * p.ltp, 0) - m * cash : 0;
    s.needsPrice = s.carried !== 0 || s.fills.length > 0;
    if (s.carried !== 0) carriedAny = true;
    const f = s.fills[0];
    if (f && (first === null || f.at < first)) first = f.at;
  }
  const open = carriedAny ? carriedStartOf(anchor.at) : null;
  const start = first === null ? open : open === null ? first : Math.min(first, open);
  return {
    from: start === null ? null : start - (start % MINUTE_MS),
    symbols: [...bySymbol.values()],
  };
}

/** A symbol's usable closes, oldest first, and how many of its candles were not usable. */
function closesOf(
  c: SymbolCandles | undefined,
): { at: number[]; close: number[]; bad: number } | null {
  if (!c || 'error' in c) return null;
  const usable = c.candles
    .filter(
      (k) => Number.isSafeInteger(k.time) && k.time > 0 && Number.isFinite(k.close) && k.close > 0,
    )
    .sort((a, b) => a.time - b.time);
  return {
    at: usable.map((k) => k.time * 1000),
    close: usable.map((k) => k.close),
    bad: c.dropped + (c.candles.length - usable.length),
  };
}

/** Per-symbol notes about candles: failed reads, none at all, unusable ones left out. */
function candleNotes(plan: MtmPlan, candles: ReadonlyMap<string, SymbolCandles>): MtmNote[] {
  const notes: MtmNote[] = [];
  for (const s of plan.symbols) {
    if (!s.needsPrice) continue;
    const c = candles.get(s.symbol);
    if (!c || 'error' in c) {
      const why = c ? c.error : 'not read';
      notes.push({
        kind: 'history-failed',
        symbol: s.symbol,
        text: `${s.symbol}: its 1-minute candles could not be read (${why}); the minutes it was open are left out.`,
      });
      continue;
    }
    const k = closesOf(c)!;
    if (k.at.length === 0)
      notes.push({
        kind: 'no-candles',
        symbol: s.symbol,
        text: `${s.symbol}: the broker has no 1-minute candles for today; the minutes it was open are left out.`,
      });
    else if (k.bad > 0)
      notes.push({
        kind: 'bad-candles',
        symbol: s.symbol,
        text: `${s.symbol}: ${k.bad} unusable candle${k.bad === 1 ? '' : 's'} left out; the minute before stands in.`,
      });
  }
  return notes;
}

/**
 * The rebuilt points: one per minute from the plan's start up to the last full minute before
 * the anchor, ending at the last minute anything happened (a fill or a candle; after it the
 * line is flat until the samples begin). Each point is the state at the end of its minute,
 * stamped with the minute's start, as candles are.
 */
export function rebuildMtm(
  anchor: MtmAnchor,
  plan: MtmPlan,
  candles: ReadonlyMap<string, SymbolCandles>,
): MtmRebuild {
  const notes = candleNotes(plan, candles);
  if (plan.from === null) return { points: [], notes };
  const lastFull = anchor.at - (anchor.at % MINUTE_MS) - MINUTE_MS;
  const rows = plan.symbols.map((s) => ({
    s,
    k: closesOf(candles.get(s.symbol)),
    fi: 0,
    ci: -1,
    net: s.carried,
    cash: 0,
  }));
  let lastEvent = -Infinity;
  for (const r of rows) {
    const lastFill = r.s.fills.at(-1);
    if (lastFill) lastEvent = Math.max(lastEvent, lastFill.at - (lastFill.at % MINUTE_MS));
    const lastCandle = r.k?.at.filter((t) => t <= lastFull).at(-1);
    if (lastCandle !== undefined) lastEvent = Math.max(lastEvent, lastCandle);
  }
  const end = Math.min(lastFull, lastEvent);
  const points: MtmPoint[] = [];
  const blocked = new Map<string, { count: number; last: number }>();
  for (let m = plan.from; m <= end; m += MINUTE_MS) {
    let total = 0;
    let known = true;
    let active = 0;
    for (const r of rows) {
      while (r.s.fills[r.fi] && r.s.fills[r.fi]!.at < m + MINUTE_MS) {
        r.net += r.s.fills[r.fi]!.qty;
        r.cash += r.s.fills[r.fi]!.cash;
        r.fi++;
      }
      if (r.k) while (r.ci + 1 < r.k.at.length && r.k.at[r.ci + 1]! <= m) r.ci++;
      if (r.s.carried !== 0 || r.fi > 0) active++;
      const price = r.k && r.ci >= 0 ? r.k.close[r.ci]! : null;
      if (r.s.untimed || (r.net !== 0 && price === null)) {
        known = false;
        const b = blocked.get(r.s.symbol) ?? { count: 0, last: m };
        blocked.set(r.s.symbol, { count: b.count + 1, last: m });
        continue;
      }
      total += r.s.multiplier * (r.cash + (r.net === 0 ? 0 : r.net * price!)) + r.s.offset;
    }
    if (known && Number.isFinite(total))
      points.push({ at: m, pl: round2(total), positions: active, source: 'rebuilt' });
  }
  for (const r of rows)
    if (r.s.untimed)
      notes.push({
        kind: 'untimed-fills',
        symbol: r.s.symbol,
        text: `${r.s.symbol}: a fill has no time Tickdesk can read, so the day before ${hhmm(anchor.at)} cannot be rebuilt.`,
      });
  for (const [symbol, b] of blocked) {
    const row = rows.find((r) => r.s.symbol === symbol)!;
    if (row.s.untimed || !row.k || row.k.at.length === 0) continue; // said above
    notes.push({
      kind: 'unpriced',
      symbol,
      text: `${symbol}: ${b.count} minute${b.count === 1 ? '' : 's'} up to ${hhmm(b.last)} left out: it was open before its first candle.`,
    });
  }
  return { points, notes };
}
