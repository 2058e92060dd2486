/**
 * First prices for newly subscribed symbols, fetched by REST in the background. Subscribing
 * never waits on them (issue 18 #9: a 15,000-symbol flood left 30 subscribe calls
 * unanswered after 120 s, each waiting its turn for quotes at background priority): the
 * socket sends a first packet of its own, and this queue fills in what it cannot (a symbol
 * whose token the master does not know, a socket that is down). One round at a time, one
 * quotes request's worth of symbols per round, and each symbol is asked for only while
 * someone still wants it and nothing live has priced it meanwhile.
 */
import { MAX_QUOTE_SYMBOLS } from './data-client';

/** The background queue of first-price fetches. */
export interface SnapshotQueue {
  /** Queues these symbols (a symbol already queued is queued once). */
  add(symbols: readonly string[]): void;
  /** How many symbols wait. */
  pending(): number;
  /** Stops: queued symbols are dropped, the round in flight ends on its own. */
  close(): void;
}

/** Creates the queue over `fetch` (which must not throw: it logs its own failures). */
export function createSnapshotQueue(opts: {
  fetch: (symbols: string[]) => Promise<void>;
  /** True while the symbol still needs a first price (held by someone, not priced live). */
  needed: (symbol: string) => boolean;
  /** Symbols per round (default one quotes request). */
  perRound?: number;
}): SnapshotQueue {
  const perRound = opts.perRound ?? MAX_QUOTE_SYMBOLS;
  const queue = new Set<string>();
  let running = false;
  let closed = false;

  async function drain(): Promise<void> {
    running = true;
    try {
      while (!closed && queue.size > 0) {
        const round: string[] = [];
        for (const s of queue) {
          queue.delete(s);
          if (opts.needed(s)) round.push(s);
          if (round.length >= perRound) break;
        }
        if (round.length > 0) await opts.fetch(round);
      }
    } finally {
      running = false;
    }
  }

  return {
    add(symbols) {
      if (closed) return;
      for (const s of symbols) queue.add(s);
      if (!running && queue.size > 0) void drain();
    },
    pending: () => queue.size,
    close() {
      closed = true;
      queue.clear();
    },
  };
}
