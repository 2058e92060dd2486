import { SvelteMap } from 'svelte/reactivity';
import type { IpcError } from '../../../shared/ipc/errors';
import type { Depth } from '../../../shared/marketdata/depth';
import type { Quote } from '../../../shared/marketdata/quote';
import type { SubscriptionReason } from '../../../shared/marketdata/subscription';
import { backend } from '../lib/backend';

/**
 * Live prices as the views show them: what the main process's quote cache pushed, one
 * entry per symbol, updated at most once a frame. A view holds the symbols it shows (the
 * ticket its instrument, holdings their rows) and lets go when it closes; each symbol is
 * reactive on its own, so a tick re-renders only the cells of that symbol.
 */
/** The holds the views take (owner = reason), released when the page starts. */
const VIEW_HOLDS = [
  'ticket',
  'holdings',
  'option-chain',
  'chart',
  'basket',
  'watch',
  'orders',
  'indices',
] as const;

/** The next paint, or (no window: tests) the next 60 Hz frame. */
const nextFrame: (fn: () => void) => void =
  typeof requestAnimationFrame === 'function'
    ? (fn) => requestAnimationFrame(fn)
    : (fn) => setTimeout(fn, 16);

class QuoteStore {
  #quotes = new SvelteMap<string, Quote>();
  #unsubscribe: (() => void) | null = null;
  /** Pushed quotes not yet shown, one per symbol (the newest, merged), until the next paint. */
  #pending = new Map<string, Quote>();
  #frameAsked = false;

  init(): void {
    this.#unsubscribe?.();
    this.#pending.clear();
    this.#unsubscribe = backend().on.marketdata.ticks(({ quotes }) => this.#queue(quotes));
    // A reloaded page starts over: what an earlier page held is released (views hold again).
    for (const reason of VIEW_HOLDS) this.release(reason, reason);
  }

  /** The latest quote of a symbol, if any is known. */
  get(symbol: string): Quote | undefined {
    return this.#quotes.get(symbol);
  }

  /** The view `owner` shows these symbols: prices flow until `release`. */
  async hold(owner: string, reason: SubscriptionReason, symbols: string[]): Promise<void> {
    if (symbols.length === 0) return this.release(owner, reason);
    const r = await backend().marketdata.subscribe({ owner, reason, symbols });
    if (r.ok) this.#take(r.data);
  }

  /**
   * The view `owner` now shows `next` instead of `prev`: only the difference is released and
   * subscribed, so symbols it keeps showing never blink (the option chain's strike window).
   */
  async change(
    owner: string,
    reason: SubscriptionReason,
    prev: readonly string[],
    next: readonly string[],
  ): Promise<void> {
    const keep = new Set(next);
    const gone = prev.filter((s) => !keep.has(s));
    const had = new Set(prev);
    const added = next.filter((s) => !had.has(s));
    for (let i = 0; i < gone.length; i += 500)
      void backend().marketdata.unsubscribe({ owner, reason, symbols: gone.slice(i, i + 500) });
    for (let i = 0; i < added.length; i += 500) {
      const r = await backend().marketdata.subscribe({
        owner,
        reason,
        symbols: added.slice(i, i + 500),
      });
      if (r.ok) this.#take(r.data);
    }
  }

  /** The view no longer shows its symbols. */
  release(owner: string, reason: SubscriptionReason): void {
    void backend().marketdata.unsubscribe({ owner, reason });
  }

  /** The view `owner` now shows these symbols too (added to what it holds). */
  async add(owner: string, reason: SubscriptionReason, symbols: string[]): Promise<void> {
    if (symbols.length === 0) return;
    const r = await backend().marketdata.subscribe({ owner, reason, symbols });
    if (r.ok) this.#take(r.data);
  }

  /** The view `owner` no longer shows these symbols (the rest stay held). */
  drop(owner: string, reason: SubscriptionReason, symbols: string[]): void {
    if (symbols.length > 0) void backend().marketdata.unsubscribe({ owner, reason, symbols });
  }

  /**
   * Reads the five-level depth with circuit limits for the ticket; its quote joins the live
   * prices. Null when the symbol has no depth; the error when the read failed.
   */
  async loadDepth(symbol: string): Promise<{ depth: Depth | null; error: IpcError | null }> {
    const r = await backend().marketdata.depth({ symbol });
    if (!r.ok) return { depth: null, error: r.error };
    if (r.data) this.#take([r.data.quote]);
    return { depth: r.data?.depth ?? null, error: null };
  }

  /**
   * Starts streaming `symbol`'s book to the view `owner` (marketdata.depthChanged) and reads
   * a first picture as `loadDepth` does.
   */
  async watchDepth(
    owner: string,
    symbol: string,
  ): Promise<{ depth: Depth | null; error: IpcError | null }> {
    const r = await backend().marketdata.watchDepth({ owner, symbol });
    if (!r.ok) return { depth: null, error: r.error };
    if (r.data) this.#take([r.data.quote]);
    return { depth: r.data?.depth ?? null, error: null };
  }

  /**
   * Pushed ticks wait for the next paint: when several messages arrive within one frame (a
   * busy market, a page catching up after a stall) each symbol's cells change once, not
   * once per message. While the window is hidden nothing is drawn and the queue holds at
   * most one quote per symbol.
   */
  #queue(list: Quote[]): void {
    for (const q of list) {
      const waiting = this.#pending.get(q.symbol);
      if (waiting && waiting.at > q.at) continue;
      this.#pending.set(q.symbol, waiting ? merge(waiting, q) : q);
    }
    if (this.#frameAsked || this.#pending.size === 0) return;
    this.#frameAsked = true;
    nextFrame(() => {
      this.#frameAsked = false;
      const due = [...this.#pending.values()];
      this.#pending.clear();
      this.#take(due);
    });
  }

  #take(list: Quote[]): void {
    for (const q of list) {
      const held = this.#quotes.get(q.symbol);
      if (held && held.at > q.at) continue;
      // Keep fields the newer quote does not know (circuits from depth, say).
      this.#quotes.set(q.symbol, held ? merge(held, q) : q);
    }
  }
}

/** `q` over `held`, field by field, where `q` knows the field (runs per quote per tick). */
function merge(held: Quote, q: Quote): Quote {
  const out = { ...held } as Record<string, unknown>;
  for (const k in q) {
    const v = (q as unknown as Record<string, unknown>)[k];
    if (v !== null) out[k] = v;
  }
  return out as unknown as Quote;
}

/** The app's one view of live prices. */
export const quotes = new QuoteStore();
