/**
 * What the order services remember of the account between reads: the last row of every order
 * seen, the ids already seen or attributed (a reconciliation never claims those), the last
 * positions read, and the broker's clock offset learnt from our own acknowledged orders. One
 * job: keep that memory bounded and consistent; reading and deciding happen elsewhere.
 */
import type { Order, Positions } from '../../../../shared/broker/models';
import type { SendSnapshot } from '../reconcile/check-context';
import { BoundedMap, BoundedSet } from './bounded-collections';

/**
 * How much the caches keep: far more orders than one account shows in a day (the broker's
 * own cap on orders per day is lower), so nothing of today falls out, yet a session left
 * running for weeks stays bounded.
 */
export const ORDER_CACHE_LIMITS = { orders: 5_000, ids: 20_000, sentLocal: 200 } as const;

/** The order services' memory of the account (one per order service). */
export class AccountCache {
  /** Last known row of every order id seen in a book read (the most recent ones, bounded). */
  private readonly orders: Map<string, Order> = new BoundedMap<string, Order>(
    ORDER_CACHE_LIMITS.orders,
  );
  /** Every order id the app has seen or attributed; a reconciliation never claims these. */
  private readonly known: Set<string> = new BoundedSet<string>(ORDER_CACHE_LIMITS.ids);
  /** Ids attributed to an intent by reconciliation (guards two intents claiming one order). */
  private readonly claimed: Set<string> = new BoundedSet<string>(ORDER_CACHE_LIMITS.ids);
  private lastPositions: Positions | undefined;
  /** Broker clock minus local clock (ms), learnt from our own acknowledged orders. */
  private offsetMs: number | null = null;
  /** Whether any order book has been read yet. */
  private bookSeen = false;
  /** When each acknowledged order was sent (local clock), until its broker time is seen. */
  private readonly sentLocal: Map<string, number> = new BoundedMap<string, number>(
    ORDER_CACHE_LIMITS.sentLocal,
  );

  /** Broker clock minus local clock (ms); null until learnt. */
  get serverOffsetMs(): number | null {
    return this.offsetMs;
  }

  /** The last positions read (by the refresher, the order feed or a reconciliation). */
  get positions(): Positions | undefined {
    return this.lastPositions;
  }

  /** Every order id the app has seen or attributed. */
  get knownIds(): ReadonlySet<string> {
    return this.known;
  }

  /** Ids attributed to an intent (never claimed twice). */
  get claimedIds(): ReadonlySet<string> {
    return this.claimed;
  }

  /** The last row seen of an order, if any. */
  order(id: string): Order | undefined {
    return this.orders.get(id);
  }

  /** The last row seen of every cached order. */
  cachedOrders(): Iterable<Order> {
    return this.orders.values();
  }

  /** Whether any order row is cached (a book was read, or a row on its own). */
  hasOrders(): boolean {
    return this.orders.size > 0;
  }

  /** Records one order row read on its own (not a whole book). */
  rememberOrder(o: Order): void {
    this.orders.set(o.id, o);
  }

  /** Records a book read; learns the broker's clock from our own acknowledged orders in it. */
  observeBook(book: readonly Order[]): void {
    this.bookSeen = true;
    for (const o of book) {
      this.orders.set(o.id, o);
      this.known.add(o.id);
      const sent = this.sentLocal.get(o.id);
      if (sent !== undefined && o.placedAt !== null) {
        this.offsetMs = Date.parse(o.placedAt) - sent;
        this.sentLocal.delete(o.id);
      }
    }
  }

  /** Records a positions read. */
  observePositions(positions: Positions): void {
    this.lastPositions = positions;
  }

  /** Marks an order id as belonging to an intent. */
  claim(id: string): void {
    this.claimed.add(id);
    this.known.add(id);
  }

  /** Remembers when an acknowledged order was sent, to learn the broker's clock from its time. */
  noteSent(id: string, sentAt: number): void {
    this.sentLocal.set(id, sentAt);
  }

  /** A snapshot of the ids known now, taken just before sending. */
  knownSnapshot(): Set<string> {
    return new Set(this.known);
  }

  /** What a reconciliation needs to know about the moment of sending, as of `at`. */
  sendSnapshot(at: number): SendSnapshot {
    return { sentAt: at, knownAtSend: this.knownSnapshot(), bookSeen: this.bookSeen };
  }

  /** Records the real send time (the scheduler's onStart) and what was known at that moment. */
  markSent(snap: SendSnapshot, at: number): void {
    snap.sentAt = at;
    snap.knownAtSend = this.knownSnapshot();
    snap.bookSeen = this.bookSeen;
  }
}
