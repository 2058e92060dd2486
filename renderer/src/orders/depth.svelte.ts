import type { IpcError } from '../../../shared/ipc/errors';
import type { Depth } from '../../../shared/marketdata/depth';
import { backend } from '../lib/backend';
import { budget } from '../session/budget.svelte';
import { quotes } from '../marketdata/quotes.svelte';

/**
 * The order ticket's market depth. The book streams from the price socket's five-level
 * packets (`marketdata.depthChanged`), so it moves with the quote beside it; a REST read
 * gives the first picture (with the circuit limits) and stands in, every few seconds, only
 * while the socket is down or has sent no levels for 10 s (12 reads a minute at most, skipped when the page is hidden or
 * the minute's budget is nearly spent). While the trader points at or arrows through the
 * book it holds still, so the price under the mouse is the price that gets used, and it
 * says so, and says when the market moved underneath; the view shows how old a book is.
 */
/** Time between REST depth reads while the socket is down. */
export const DEPTH_REFRESH_MS = 5_000;
/** A book older than this says its age beside it. */
export const DEPTH_OLD_AFTER_MS = 5_000;
/** Requests to leave free in the current minute before a depth refresh is skipped. */
const KEEP_FREE_PER_MINUTE = 40;
/** The depth watcher's name towards the core (one ticket per window). */
const OWNER = 'ticket';

class DepthStore {
  /** The book shown, or null before the first answer (or when the broker has none). */
  depth = $state<Depth | null>(null);
  symbol = $state<string | null>(null);
  error = $state<IpcError | null>(null);
  loading = $state(false);
  /** True while the trader points at or is focused in the book: the book shown holds. */
  #held = $state(false);
  /** A newer book arrived while held (shown as soon as the trader lets go). */
  moved = $state(false);
  /** True while the price socket is open: the book streams; else REST reads stand in. */
  socketOpen = $state(true);
  #waiting: Depth | null = null;
  /** When the last streamed book of the symbol arrived (0: none yet). */
  #streamedAt = 0;
  #timer: ReturnType<typeof setInterval> | null = null;
  #seq = 0;
  #offs: (() => void)[] = [];

  /** Listens for streamed books and the socket's state; a reloaded page starts over. */
  init(): void {
    for (const off of this.#offs) off();
    const api = backend();
    this.#offs = [
      api.on.marketdata.depthChanged((d) => {
        if (d.symbol === this.symbol) this.#streamedAt = Date.now();
        this.#take(d);
      }),
      api.on.marketdata.statusChanged((s) => (this.socketOpen = s.socket === 'open')),
    ];
    void api.marketdata.status().then((r) => {
      if (r.ok) this.socketOpen = r.data.socket === 'open';
    });
    // What an earlier page watched is let go (the ticket watches again when it shows).
    void api.marketdata.unwatchDepth({ owner: OWNER });
  }

  get held(): boolean {
    return this.#held;
  }

  /** The trader points at the book (true) or left it (false): a waiting book shows then. */
  set held(on: boolean) {
    this.#held = on;
    if (!on && this.#waiting) {
      this.depth = this.#waiting;
      this.#waiting = null;
      this.moved = false;
    }
  }

  /** Shows `symbol`'s book and keeps it live until the returned function is called. */
  follow(symbol: string): () => void {
    this.#stop();
    if (this.symbol !== symbol) {
      this.depth = null;
      this.error = null;
      this.#waiting = null;
      this.moved = false;
    }
    this.symbol = symbol;
    this.#streamedAt = 0;
    void this.#read(symbol, true);
    this.#timer = setInterval(() => {
      // REST stands in while the socket is down, or while it sends no levels for this symbol
      // (a quiet book, or a broker that ignores the depth request: the key is inferred).
      const quiet = Date.now() - this.#streamedAt > 2 * DEPTH_REFRESH_MS;
      if ((!this.socketOpen || quiet) && this.#affordable()) void this.#read(symbol, false);
    }, DEPTH_REFRESH_MS);
    return () => {
      this.#stop();
      void backend().marketdata.unwatchDepth({ owner: OWNER });
    };
  }

  /** Reads now (the trader asked, e.g. after an error). */
  refresh(): void {
    if (this.symbol) void this.#read(this.symbol, false);
  }

  #affordable(): boolean {
    if (this.#held) return false;
    if (typeof document !== 'undefined' && document.hidden) return false;
    const minute = budget.state?.minute;
    return !minute || minute.ceiling - minute.used >= KEEP_FREE_PER_MINUTE;
  }

  /** A book for `d.symbol`: shown now, or kept until the trader lets go of the book. */
  #take(d: Depth): void {
    if (d.symbol !== this.symbol) return;
    const shown = this.#waiting ?? this.depth;
    if (shown && shown.at > d.at) return;
    if (this.#held && this.depth) {
      this.#waiting = d;
      this.moved = this.moved || differs(this.depth, d);
      return;
    }
    this.depth = d;
    this.error = null;
  }

  /** A REST read: the first picture (`watch` also starts the stream) or the fallback. */
  async #read(symbol: string, watch: boolean): Promise<void> {
    const seq = ++this.#seq;
    this.loading = true;
    const r = watch ? await quotes.watchDepth(OWNER, symbol) : await quotes.loadDepth(symbol);
    if (seq !== this.#seq || this.symbol !== symbol) return;
    this.loading = false;
    // A failed refresh keeps the last book on screen (with its age) and says why.
    this.error = r.error;
    if (!r.error && r.depth) this.#take(r.depth);
    else if (!r.error && !this.depth) this.depth = null;
  }

  #stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#seq++;
    this.loading = false;
  }
}

/** True when the levels a trader would click differ between two books. */
function differs(a: Depth, b: Depth): boolean {
  const same = (x: Depth['bids'], y: Depth['bids']) =>
    x.length === y.length && x.every((l, i) => l.price === y[i]!.price);
  return !same(a.bids, b.bids) || !same(a.asks, b.asks);
}

/** The ticket's one depth view. */
export const depth = new DepthStore();
