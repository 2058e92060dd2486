/**
 * Stop-loss triggers as they happen, not only at the first fill. The broker's order states
 * (spec: 1 Cancelled, 2 Traded, 4 Transit, 5 Rejected, 6 Pending, 7 Expired; 3 unused) have
 * no "trigger pending": a stop order is Pending (6) before its trigger and after it, so the
 * book shows a trigger only once the order starts to fill, which for a stop-limit order
 * whose limit the market has jumped past may be never. The exchange triggers a stop when
 * the last traded price reaches it (a buy at or above, a sell at or below), the rule the
 * sandbox's matching engine follows too; so this watches the one quote cache. The symbols
 * of pending, unfilled stop orders are kept priced live (`hold`), and the first price past
 * a trigger that is newer than the order's watch began reports the order once.
 */
import { OrderStatus, OrderType, Side } from '../../../shared/broker/enums';
import type { Order } from '../../../shared/broker/models';
import type { Quote } from '../../../shared/marketdata/quote';

/** What the watch needs: the quote cache, a way to keep symbols live, and where to report. */
export interface StopTriggerDeps {
  now: () => number;
  quotes: {
    get(symbol: string): Quote | undefined;
    onChange(listener: (symbols: readonly string[]) => void): () => void;
  };
  /** Keeps exactly these symbols subscribed for the watch (an empty list lets go). */
  hold(symbols: readonly string[]): void;
  /** A watched order's trigger was reached at `ltp`. */
  triggered(order: Order, ltp: number): void;
}

/** The running watch. */
export interface StopTriggerWatch {
  /** Every order book the app reads: which stop orders are still waiting for their trigger. */
  observe(book: readonly Order[]): void;
  /** Forgets every order and lets go of the symbols (logout, another account). */
  reset(): void;
  dispose(): void;
}

interface Watched {
  order: Order;
  /** Prices older than this predate the watch and prove nothing. */
  since: number;
}

/** True for a stop or stop-limit order still waiting at the broker with nothing filled. */
export function awaitsTrigger(o: Order): boolean {
  return (
    (o.type === OrderType.Stop || o.type === OrderType.StopLimit) &&
    o.status === OrderStatus.Pending &&
    o.filledQty === 0 &&
    o.stopPrice > 0
  );
}

/** True when `ltp` reaches the order's trigger: a buy stop at or above it, a sell stop at or below. */
export function triggerReached(o: Pick<Order, 'side' | 'stopPrice'>, ltp: number): boolean {
  return o.side === Side.Buy ? ltp >= o.stopPrice : ltp <= o.stopPrice;
}

/** Starts the watch; nothing is held until a book with a waiting stop order is observed. */
export function createStopTriggerWatch(deps: StopTriggerDeps): StopTriggerWatch {
  const watched = new Map<string, Watched>();
  const done = new Set<string>();
  let held = '';

  function holdWatched(): void {
    const symbols = [...new Set([...watched.values()].map((w) => w.order.symbol))].sort();
    const key = symbols.join(',');
    if (key === held) return;
    held = key;
    deps.hold(symbols);
  }

  function check(symbols: readonly string[]): void {
    const changed = new Set(symbols);
    for (const [id, w] of watched) {
      if (!changed.has(w.order.symbol)) continue;
      const q = deps.quotes.get(w.order.symbol);
      if (!q || q.at < w.since || !triggerReached(w.order, q.ltp)) continue;
      watched.delete(id);
      done.add(id);
      deps.triggered(w.order, q.ltp);
    }
    holdWatched();
  }

  const off = deps.quotes.onChange(check);

  return {
    observe(book) {
      for (const o of book) {
        if (done.has(o.id)) continue;
        if (awaitsTrigger(o)) {
          const before = watched.get(o.id);
          // A modified trigger starts over: only prices after the change count.
          const since =
            before && before.order.stopPrice === o.stopPrice ? before.since : deps.now();
          watched.set(o.id, { order: o, since });
        } else watched.delete(o.id);
      }
      holdWatched();
    },
    reset() {
      watched.clear();
      done.clear();
      holdWatched();
    },
    dispose() {
      off();
      watched.clear();
      holdWatched();
    },
  };
}
