/**
 * What the reconciliation checks and late-arrival watchers need from the order context, as
 * an interface of their own: the checks depend on this, the context implements it, and the
 * two modules never import each other.
 */
import type { Order, Positions } from '../../../../shared/broker/models';
import type { BrokerClient } from '../../broker/broker-client';
import type { Clock } from '../../limiter/clock';

/**
 * What was true when a request left the budget queue: its time, the ids known, whether a book
 * had been seen. Filled in at that moment (see `OrderContext.markSent`), never before the wait.
 */
export interface SendSnapshot {
  sentAt: number;
  knownAtSend: ReadonlySet<string>;
  bookSeen: boolean;
}

/** The reads, caches and claims a check works with. */
export interface CheckContext {
  readonly broker: Pick<BrokerClient, 'getOrder'>;
  readonly clock: Clock;
  /** Clock tolerance when matching broker order times (ms). */
  readonly skewMs: number;
  /** Broker clock minus local clock (ms), learnt from acknowledged orders; null until known. */
  readonly serverOffsetMs: number | null;
  /** Ids attributed to an intent (never claimed twice). */
  readonly claimedIds: ReadonlySet<string>;
  /** Records one order row read on its own. */
  rememberOrder(o: Order): void;
  /** A fresh, order-priority read of the book. */
  readBook(): Promise<Order[]>;
  /** A fresh, order-priority read of positions. */
  readPositions(): Promise<Positions>;
  /** Marks an order id as belonging to an intent. */
  claim(id: string): void;
}
