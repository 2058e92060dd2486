/**
 * Turns the broker's pushed order updates into what the polling refresher used to deliver:
 * the whole order book (merged from the last read plus every update since), and positions
 * read again only when something filled. So the order book, the order checks and the
 * positions move within moments of a fill while the app spends no requests on polling.
 */
import type { Order, Positions } from '../../../shared/broker/models';
import type { Clock } from '../limiter/clock';

/** Constructor dependencies. */
export interface OrderFeedOptions {
  clock: Clock;
  /** Reads positions (background priority) after a fill. */
  readPositions: () => Promise<Positions>;
  onOrders: (book: Order[]) => void;
  onPositions: (positions: Positions) => void;
  onError: (err: unknown) => void;
  /** Fills close together share one positions read (default 300 ms). */
  positionsDelayMs?: number;
  /** Updates within this window reach onOrders as one book (default 16 ms, one frame). */
  batchMs?: number;
}

/** The merged book, fed by full reads and single pushed updates. */
export interface OrderFeed {
  /** A full order book read (refresher or catch-up): the base updates merge into. */
  observeBook(book: readonly Order[]): void;
  /** One pushed order update. */
  update(order: Order): void;
  close(): void;
}

/** Creates the feed. */
export function createOrderFeed(opts: OrderFeedOptions): OrderFeed {
  const book = new Map<string, Order>();
  let positionsTimer: unknown = undefined;
  let flushTimer: unknown = undefined;
  let closed = false;

  // A burst of updates (a basket, a busy day's modifications) becomes one merged book: the
  // book is sorted and diffed once per frame, not once per update of a 10,000-order day.
  function flushSoon(): void {
    if (flushTimer !== undefined || closed) return;
    flushTimer = opts.clock.setTimeout(() => {
      flushTimer = undefined;
      if (closed) return;
      // Newest first, as the broker's book is ordered.
      const rows = [...book.values()].sort(
        (a, b) => (b.placedAt ?? '').localeCompare(a.placedAt ?? '') || b.id.localeCompare(a.id),
      );
      opts.onOrders(rows);
    }, opts.batchMs ?? 16);
  }

  function positionsSoon(): void {
    if (positionsTimer !== undefined || closed) return;
    positionsTimer = opts.clock.setTimeout(() => {
      positionsTimer = undefined;
      opts.readPositions().then(
        (p) => {
          if (!closed) opts.onPositions(p);
        },
        (err: unknown) => opts.onError(err),
      );
    }, opts.positionsDelayMs ?? 300);
  }

  return {
    observeBook(rows) {
      book.clear();
      for (const o of rows) book.set(o.id, o);
    },
    update(order) {
      if (closed) return;
      const before = book.get(order.id);
      book.set(order.id, order);
      flushSoon();
      if (order.filledQty !== (before?.filledQty ?? 0)) positionsSoon();
    },
    close() {
      closed = true;
      if (positionsTimer !== undefined) opts.clock.clearTimeout(positionsTimer);
      if (flushTimer !== undefined) opts.clock.clearTimeout(flushTimer);
    },
  };
}
