/**
 * Streamed five-level depth for the symbols a view watches (the order ticket's book). A
 * dialect's price feed streams the levels (v2: in every price packet of a symbol subscribed
 * with `DEPTH: 1`, read by `bookOfTick`; v3: depth topics); this keeps who watches which
 * symbol, turns a streamed book into the Depth the ticket shows (with the circuit limits a
 * REST read learnt, which packets do not carry) and hands it on at once. A REST read stays the first picture and the fallback while the socket is
 * down: the book then says how old it is.
 */
import type { Depth, DepthLevel } from '../../../shared/marketdata/depth';
import { DEPTH_LEVELS } from '../../../shared/marketdata/packet-layout';
import { boundedTimeMs } from './broker-time';
import { LEVEL_FIELDS, type DecodedTick } from './packet-decoder';

/** A book as a price socket streamed it: what a dialect's feed hands the depth feed. */
export type StreamedBook = Pick<Depth, 'at' | 'bids' | 'asks' | 'totalBuyQty' | 'totalSellQty'>;

/** The five levels of one side of a v2 packet; an empty level (price 0) ends the side. */
function levelsOf(raw: Float64Array): DepthLevel[] {
  const out: DepthLevel[] = [];
  for (let k = 0; k < DEPTH_LEVELS; k++) {
    const price = raw[k * LEVEL_FIELDS]!;
    if (!(price > 0) || !Number.isFinite(price)) break;
    out.push({ price, volume: raw[k * LEVEL_FIELDS + 1]!, orders: raw[k * LEVEL_FIELDS + 2]! });
  }
  return out;
}

/** The book a decoded v2 packet carries (its time bounded: never after now + skew). */
export function bookOfTick(t: DecodedTick, now: number): StreamedBook {
  const finite = (n: number) => (Number.isFinite(n) ? n : null);
  return {
    at: boundedTimeMs(t.time * 1000, now),
    bids: levelsOf(t.bidLevels),
    asks: levelsOf(t.askLevels),
    totalBuyQty: finite(t.totalBuyQty),
    totalSellQty: finite(t.totalSellQty),
  };
}

/** What the feed needs from its service. */
export interface DepthFeedOptions {
  /** A new book for a watched symbol. */
  onDepth: (depth: Depth) => void;
}

/** The depth stream as the market-data service drives it. */
export interface DepthFeed {
  /**
   * `owner` shows `symbol`'s book (instead of the one it showed): returns the symbol that
   * lost its last watcher by this, if any, so the caller can stop its levels.
   */
  watch(owner: string, symbol: string): string | null;
  /** `owner` no longer shows a book; returns the symbol nobody watches any more, if any. */
  unwatch(owner: string): string | null;
  /** Whether anyone watches `symbol`'s book. */
  watched(symbol: string): boolean;
  /** Every watched symbol (to ask for their levels again on a new connection). */
  symbols(): string[];
  /** A REST read's book: its circuit limits are kept for the streamed books that follow. */
  learn(depth: Depth): void;
  /** A streamed book of `symbol` (any dialect's socket). */
  takeBook(symbol: string, book: StreamedBook): void;
  /** Forgets everything (session over). */
  clear(): void;
}

/** Creates an empty feed. */
export function createDepthFeed(opts: DepthFeedOptions): DepthFeed {
  /** owner → the symbol whose book it shows (one book per view). */
  const owners = new Map<string, string>();
  const circuits = new Map<string, { lower: number | null; upper: number | null }>();

  function watchers(symbol: string): number {
    let n = 0;
    for (const s of owners.values()) if (s === symbol) n++;
    return n;
  }

  function takeBook(symbol: string, book: StreamedBook): void {
    if (watchers(symbol) === 0) return;
    const c = circuits.get(symbol);
    opts.onDepth({
      symbol,
      ...book,
      lowerCircuit: c?.lower ?? null,
      upperCircuit: c?.upper ?? null,
    });
  }

  return {
    watch(owner, symbol) {
      const before = owners.get(owner);
      owners.set(owner, symbol);
      return before !== undefined && before !== symbol && watchers(before) === 0 ? before : null;
    },
    unwatch(owner) {
      const before = owners.get(owner);
      if (before === undefined) return null;
      owners.delete(owner);
      return watchers(before) === 0 ? before : null;
    },
    watched: (symbol) => watchers(symbol) > 0,
    symbols: () => [...new Set(owners.values())],
    learn(depth) {
      circuits.set(depth.symbol, { lower: depth.lowerCircuit, upper: depth.upperCircuit });
    },
    takeBook,
    clear() {
      owners.clear();
      circuits.clear();
    },
  };
}
