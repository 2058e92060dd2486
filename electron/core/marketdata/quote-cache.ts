/**
 * The one place every price comes from (design.md, "Every price from one place"). Live
 * ticks, REST quotes and the prices seen in the account's own reads all land here; the
 * ticket, the order checks, positions and holdings read from here. Each price keeps the
 * time it was true, so a reader always knows its age and an old price is never passed off
 * as a current one.
 */
import type { LastPrice, Quote } from '../../../shared/marketdata/quote';
import type { Clock } from '../limiter/clock';

import { DEFAULT_STALE_AFTER_MS } from '../../../shared/marketdata/quote';

/** Default age after which a price is called stale (one home in shared, for the renderer too). */
export { DEFAULT_STALE_AFTER_MS };

/** The price store shared by market data, the order checks and the views. */
export interface QuoteCache {
  /**
   * Records a price. A price older than the one held never replaces it (a late REST answer
   * cannot undo a newer tick); fields the newer price does not know keep their last value.
   * A price's time is never later than its arrival here, so one stamped in the future
   * cannot outrank the prices after it; socket ticks, one ordered stream stamped in whole
   * seconds, replace what is held unless it is more than a second newer (see `merge`).
   */
  put(quote: Quote): void;
  /** Records many prices and tells listeners once. */
  putMany(quotes: readonly Quote[]): void;
  /** The whole picture held for a symbol, or undefined. */
  get(symbol: string): Quote | undefined;
  /** The price to check an order against, with its age and whether it is stale. */
  lastPrice(symbol: string): LastPrice | undefined;
  /** Called with the symbols whose price changed, once per put or putMany. */
  onChange(listener: (symbols: readonly string[]) => void): () => void;
  /** How many symbols are held (for diagnostics and memory bounds). */
  size(): number;
}

/** Broker stamps on socket packets are whole epoch seconds. */
export const STAMP_RESOLUTION_MS = 1_000;

/** Options of the quote cache. */
export interface QuoteCacheOptions {
  clock: Pick<Clock, 'now'>;
  /** Age after which `lastPrice` says stale; read on every call so Settings can change it. */
  staleAfterMs?: () => number;
  /** Most symbols held (default MAX_CACHED_SYMBOLS). */
  maxSymbols?: number;
}

/**
 * Most symbols the cache holds: three times the largest subscription flood tried (15,000),
 * about 25 MB of quotes. Past it the least recently priced symbol is forgotten, so no
 * answer, however large, can grow the main process without bound (issue 18 #5).
 */
export const MAX_CACHED_SYMBOLS = 50_000;

/** Creates the quote cache. */
export function createQuoteCache(options: QuoteCacheOptions): QuoteCache {
  const { clock } = options;
  const staleAfter = options.staleAfterMs ?? (() => DEFAULT_STALE_AFTER_MS);
  const maxSymbols = options.maxSymbols ?? MAX_CACHED_SYMBOLS;
  const quotes = new Map<string, Quote>();
  const listeners = new Set<(symbols: readonly string[]) => void>();

  /**
   * Stores one quote; true when something changed. Its time is bounded by its arrival: a
   * stamp after that is the broker's clock running ahead (or a hostile packet), and left
   * as it is it would outrank every real price until our clock caught up (issue 18 #4:
   * SBIN held a wrong price for a minute at age 0). A socket tick is refused only when the
   * held price is more than one stamp resolution newer: the stream is ordered, and its
   * whole-second stamps cannot order ticks within one second.
   */
  function merge(given: Quote): boolean {
    if (!Number.isFinite(given.ltp) || !Number.isFinite(given.at) || given.ltp <= 0) return false;
    const arrived = clock.now();
    const q = given.at > arrived ? { ...given, at: arrived } : given;
    const held = quotes.get(q.symbol);
    const slack = q.source === 'socket' ? STAMP_RESOLUTION_MS : 0;
    if (held && held.at > q.at + slack) return false;
    if (!held) {
      if (quotes.size >= maxSymbols) {
        // The least recently priced symbol goes: every update moves its symbol to the end.
        const oldest = quotes.keys().next().value;
        if (oldest !== undefined) quotes.delete(oldest);
      }
      quotes.set(q.symbol, q);
      return true;
    }
    const next: Quote = { ...held };
    for (const [k, v] of Object.entries(q) as [keyof Quote, Quote[keyof Quote]][]) {
      if (v !== null && v !== undefined) (next as Record<string, unknown>)[k] = v;
    }
    quotes.delete(q.symbol);
    quotes.set(q.symbol, next);
    return true;
  }

  function tell(symbols: string[]): void {
    if (symbols.length === 0) return;
    for (const l of listeners) l(symbols);
  }

  return {
    put(quote) {
      if (merge(quote)) tell([quote.symbol]);
    },
    putMany(list) {
      const changed = new Set<string>();
      for (const q of list) if (merge(q)) changed.add(q.symbol);
      tell([...changed]);
    },
    get: (symbol) => quotes.get(symbol),
    lastPrice(symbol) {
      const q = quotes.get(symbol);
      if (!q) return undefined;
      const ageMs = Math.max(0, clock.now() - q.at);
      return { ltp: q.ltp, source: q.source, ageMs, stale: ageMs > staleAfter() };
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    size: () => quotes.size,
  };
}
