import type { IpcError } from '../../../shared/ipc/errors';
import type { Depth } from '../../../shared/marketdata/depth';
import { budget } from './budget.svelte';
import { quotes } from './quotes.svelte';

/**
 * The order ticket's market depth: read when the ticket shows a symbol, then again every
 * few seconds while it stays open. Each read is one REST request at background priority
 * (the socket sends only the best level here), so the pace is gentle (12 a minute at most,
 * 6% of the 200 a minute) and a read is skipped while the page is hidden or the minute's
 * budget is nearly spent: order actions and the trader's own reads come first. While the
 * trader points at or arrows through the book it holds still, so the price under the mouse
 * is the price that gets used.
 */
/** Time between depth reads while the ticket is open. */
export const DEPTH_REFRESH_MS = 5_000;
/** Requests to leave free in the current minute before a depth refresh is skipped. */
const KEEP_FREE_PER_MINUTE = 40;

class DepthStore {
  /** The book of `symbol`, or null before the first answer (or when the broker has none). */
  depth = $state<Depth | null>(null);
  symbol = $state<string | null>(null);
  error = $state<IpcError | null>(null);
  loading = $state(false);
  /** True while the trader points at or is focused in the book: refreshes wait. */
  held = $state(false);
  #timer: ReturnType<typeof setInterval> | null = null;
  #seq = 0;

  /** Shows `symbol`'s depth and keeps it fresh until the returned function is called. */
  follow(symbol: string): () => void {
    this.#stop();
    if (this.symbol !== symbol) {
      this.depth = null;
      this.error = null;
    }
    this.symbol = symbol;
    void this.#read(symbol);
    this.#timer = setInterval(() => {
      if (this.#affordable()) void this.#read(symbol);
    }, DEPTH_REFRESH_MS);
    return () => this.#stop();
  }

  /** Reads now (the trader asked, e.g. after an error). */
  refresh(): void {
    if (this.symbol) void this.#read(this.symbol);
  }

  #affordable(): boolean {
    if (this.held) return false;
    if (typeof document !== 'undefined' && document.hidden) return false;
    const minute = budget.state?.minute;
    return !minute || minute.ceiling - minute.used >= KEEP_FREE_PER_MINUTE;
  }

  async #read(symbol: string): Promise<void> {
    const seq = ++this.#seq;
    this.loading = true;
    const r = await quotes.loadDepth(symbol);
    if (seq !== this.#seq || this.symbol !== symbol) return;
    this.loading = false;
    // A read that lands while the trader is choosing a price waits for the next round.
    if (this.held && this.depth) return;
    // A failed refresh keeps the last book on screen (with its time) and says why.
    this.error = r.error;
    if (!r.error) this.depth = r.depth;
  }

  #stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#seq++;
    this.loading = false;
  }
}

/** The ticket's one depth view. */
export const depth = new DepthStore();
