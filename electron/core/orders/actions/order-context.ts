/**
 * What the order and position actions share: the broker, the intent tracker, the account's
 * memory (account-cache.ts), the reconciliations (reconcile/reconcile-runner.ts), the late-
 * arrival watch (reconcile/late-arrivals.ts), and the one way to turn a failure into
 * "failed" or "unconfirmed, reconciling". It only puts those together: each read it is given
 * feeds the memory, the watch and the waiting reconciliations at once.
 */
import type {
  BrokerFailure,
  Order,
  OrderIntent,
  Positions,
} from '../../../../shared/broker/models';
import type { BrokerClient } from '../../broker/broker-client';
import type { Clock } from '../../limiter/clock';
import type { StateCheck } from '../reconcile/ambiguity-resolver';
import type { CheckContext, SendSnapshot } from '../reconcile/check-context';
import { isWatchedCheck, type AccountRead } from '../reconcile/late-watch';
import { LateArrivals } from '../reconcile/late-arrivals';
import { ReconcileRunner } from '../reconcile/reconcile-runner';
import type { FatFingerLimits } from '../checks/fat-finger-guards';
import type { IntentTracker, OrderServiceEvent } from '../reconcile/intent-tracker';
import type { InstrumentLookup } from '../checks/order-prechecks';
import { AccountCache } from './account-cache';
import { toFailure } from './to-failure';

/** Where the order context reports what it cannot act on (the core's logger). */
export interface OrderContextLog {
  warn(message: string, fields?: Record<string, unknown>): void;
}

/** The broker operations the order services use. */
export type OrderBroker = Pick<
  BrokerClient,
  | 'placeOrder'
  | 'placeOrders'
  | 'modifyOrder'
  | 'modifyOrders'
  | 'cancelOrder'
  | 'cancelOrders'
  | 'exitPosition'
  | 'exitAllPositions'
  | 'convertPosition'
  | 'getOrders'
  | 'getOrder'
  | 'getPositions'
>;

/** What an order context is built from (one per order service). */
export interface OrderContextOptions {
  broker: OrderBroker;
  tracker: IntentTracker;
  instruments: InstrumentLookup;
  clock: Clock;
  /** The current fat-finger limits (settings may change them at any time). */
  limits: () => FatFingerLimits;
  emit?: (e: OrderServiceEvent) => void;
  /** When the state reads after an ambiguous failure happen (ms after it). */
  reconcileDelaysMs?: readonly number[];
  /** Clock tolerance when matching broker order times (ms, default 5000). */
  skewMs?: number;
  log?: OrderContextLog;
}

/**
 * Shared state and helpers of the order and position services: the broker and tracker, the
 * account's memory (`AccountCache`), the reconciliations (`ReconcileRunner`) and the late-
 * arrival watch (`LateArrivals`), put together so that every read feeds all three.
 */
export class OrderContext implements CheckContext {
  readonly broker: OrderBroker;
  readonly tracker: IntentTracker;
  readonly instruments: InstrumentLookup;
  readonly clock: Clock;
  readonly emit: ((e: OrderServiceEvent) => void) | undefined;
  readonly skewMs: number;
  private readonly limitsOf: () => FatFingerLimits;
  private readonly cache = new AccountCache();
  private readonly runner: ReconcileRunner;
  /**
   * Actions settled "not done", shown every book and positions read: a broker that processes
   * a request after its client gave up (a late arrival) must not go unnoticed, whatever the
   * action's kind.
   */
  private readonly late: LateArrivals;

  constructor(o: OrderContextOptions) {
    this.broker = o.broker;
    this.tracker = o.tracker;
    this.instruments = o.instruments;
    this.clock = o.clock;
    this.limitsOf = o.limits;
    this.emit = o.emit;
    this.skewMs = o.skewMs ?? 5000;
    this.runner = new ReconcileRunner({
      tracker: this.tracker,
      clock: this.clock,
      ...(o.reconcileDelaysMs ? { reconcileDelaysMs: o.reconcileDelaysMs } : {}),
      // The watcher's baseline is what the check's final read, just made, showed.
      onNotDone: (id, check) => {
        if (isWatchedCheck(check)) this.late.add(id, check.lateWatcher());
      },
      // Then it looks at what the app took in while "not done" was written.
      onNotDoneWritten: (id) => this.late.lookAtHeld(id, this.heldReads()),
    });
    this.late = new LateArrivals({
      tracker: this.tracker,
      clock: this.clock,
      emit: this.emit,
      log: o.log ?? { warn: () => {} },
      track: (p) => this.runner.track(p),
      onFound: (id) => this.runner.foundDone(id),
      onGone: (id) => this.forget(id),
    });
  }

  /** Broker clock minus local clock (ms), learnt from our own acknowledged orders; null until known. */
  get serverOffsetMs(): number | null {
    return this.cache.serverOffsetMs;
  }

  /** The last positions read (by the refresher, the order feed or a reconciliation). */
  get positions(): Positions | undefined {
    return this.cache.positions;
  }

  /** Every order id the app has seen or attributed. */
  get knownIds(): ReadonlySet<string> {
    return this.cache.knownIds;
  }

  /** Ids attributed to an intent (never claimed twice). */
  get claimedIds(): ReadonlySet<string> {
    return this.cache.claimedIds;
  }

  /** The last row seen of an order, if any. */
  order(id: string): Order | undefined {
    return this.cache.order(id);
  }

  /** The last row seen of every cached order (the CNC-sell pre-check counts open sells). */
  cachedOrders(): Iterable<Order> {
    return this.cache.cachedOrders();
  }

  /** Whether any order row is cached (a book was read, or a row on its own). */
  hasOrders(): boolean {
    return this.cache.hasOrders();
  }

  /** Records one order row read on its own (not a whole book: nothing is pushed for it). */
  rememberOrder(o: Order): void {
    this.cache.rememberOrder(o);
  }

  /** Current fat-finger limits (settings may change them at any time). */
  limits(): FatFingerLimits {
    return this.limitsOf();
  }

  /**
   * Drops every piece of per-intent state once the tracker forgets a settled intent: a
   * forgotten intent is no longer watched for a late arrival nor re-checked before a resend.
   */
  forget(intentId: string): void {
    this.runner.forget(intentId);
    this.late.delete(intentId);
  }

  /** What the app holds of the account now: the last row of every order, the last positions. */
  private heldReads(): AccountRead[] {
    const positions = this.cache.positions;
    return [
      { kind: 'orders', book: [...this.cache.cachedOrders()] },
      ...(positions ? [{ kind: 'positions' as const, positions }] : []),
    ];
  }

  /** How many intents the context still holds state for (tests of the bounds). */
  heldIntentState(): { checks: number; lateWatch: number; notDone: number } {
    return { ...this.runner.held(), lateWatch: this.late.size };
  }

  /**
   * Records an order book read (from the refresher, the order feed or a reconciliation);
   * `merged` when the pushed order feed put it together rather than a full read.
   */
  observeOrders(book: readonly Order[], merged = false): void {
    this.cache.observeBook(book);
    this.emit?.({ type: 'orders', orders: [...book], merged });
    this.late.see({ kind: 'orders', book });
    // A book read worked: reconciliations that gave up because reads failed can finish now.
    this.runner.allAgain();
  }

  /** Re-runs reconciliation of an unconfirmed intent (after reads failed); false if none is due. */
  reconcileAgain(intentId: string): boolean {
    return this.runner.again(intentId);
  }

  /** Records a positions read (from the refresher, the order feed or a reconciliation). */
  observePositions(positions: Positions): void {
    this.cache.observePositions(positions);
    this.late.see({ kind: 'positions', positions });
  }

  /**
   * A new action of the app on these orders or positions ('order:<id>', 'position:<id>',
   * 'position:*') has left the budget queue (its `onSent`): earlier actions on them are no
   * longer watched for a late arrival, since the new one's effect would look the same. Not
   * called before: while the new request waits (or is refused unsent), only the earlier ones
   * can have changed them.
   */
  actingOn(targets: readonly string[]): void {
    this.late.supersede(targets);
  }

  /** True while a watched action shows only in positions (a conversion): keep reading them. */
  watchesPositions(): boolean {
    return this.late.wantsPositions();
  }

  /**
   * Resolves once a late-arrival correction of the intent under way (found by a book read or
   * a pushed order update) has finished, warning included; at once when none is.
   */
  lateSettled(intentId: string): Promise<void> {
    return this.late.settled(intentId);
  }

  /** Corrects an action found done after "not done" (see `LateArrivals.settle`). */
  settleLate(intentId: string, orderId: string | null): Promise<OrderIntent | null> {
    return this.late.settle(intentId, orderId);
  }

  /**
   * The last look before a resend: reads the account once more. Returns the order id when the
   * action turns out done after all. The late-arrival watch goes on (see `pauseLateWatch`).
   */
  recheckBeforeResend(intentId: string): Promise<{ done: boolean; orderId: string | null }> {
    return this.runner.recheckBeforeResend(intentId);
  }

  /**
   * Resolves when the intent's reconciliation under way has ended, settled or still unknown
   * (a split basket sends its next request only then); at once when none runs.
   */
  reconciled(intentId: string): Promise<void> {
    return this.runner.reconciled(intentId);
  }

  /** A fresh, order-priority read of the book (reconciliation must not share an older read). */
  async readBook(): Promise<Order[]> {
    const book = await this.broker.getOrders({ priority: 'order', fresh: true });
    this.observeOrders(book);
    return book;
  }

  /** A fresh, order-priority read of positions. */
  async readPositions(): Promise<Positions> {
    const positions = await this.broker.getPositions({ priority: 'order', fresh: true });
    this.observePositions(positions);
    return positions;
  }

  /**
   * Holds the late-arrival watch of an action while it is sent again: the resend's own order
   * may show in a pushed update before its answer claims it, and must never be taken for the
   * original. The returned function resumes the watch (once the resend has settled, or,
   * when the resend is itself watched, once its watch has ended). A resend of anything but
   * a placement acts on the same order or position, so it ends the original's watch
   * altogether once it has left (`actingOn`).
   */
  pauseLateWatch(intentId: string): () => void {
    return this.late.pause(intentId);
  }

  /**
   * A new order of intent `intentId` on these positions is about to be sent: late-arrival
   * watches there pause until it has settled, then resume (see `LateWatch.pauseOn`); its
   * own order is claimed by then, so it is never taken for theirs.
   */
  holdLateWatchesFor(intentId: string, targets: readonly string[]): void {
    const resume = this.late.pauseOn(targets);
    void this.tracker.settled(intentId).then(resume, resume);
  }

  /** Resolves once the action is no longer watched for a late arrival. */
  lateWatchEnded(intentId: string): Promise<void> {
    return this.late.ended(intentId);
  }

  /** Marks an order id as belonging to an intent. */
  claim(id: string): void {
    this.cache.claim(id);
  }

  /** Remembers when an acknowledged order was sent, to learn the broker's clock from its time. */
  noteSent(id: string, sentAt: number): void {
    this.cache.noteSent(id, sentAt);
  }

  /**
   * What a reconciliation needs to know about the moment of sending. Taken now as a fallback
   * and overwritten by `markSent` when the request really leaves the budget queue.
   */
  sendSnapshot(): SendSnapshot {
    return this.cache.sendSnapshot(this.clock.now());
  }

  /** Records the real send time (the scheduler's onStart) and what was known at that moment. */
  markSent(snap: SendSnapshot, at: number): void {
    this.cache.markSent(snap, at);
  }

  /** A snapshot of the ids known now, taken just before sending. */
  knownSnapshot(): Set<string> {
    return this.cache.knownSnapshot();
  }

  /**
   * Handles a failed send: an ambiguous failure makes the intent unconfirmed and starts
   * reconciliation with `check`; anything else marks it failed (safe to correct and resend).
   */
  async onFailure(intent: OrderIntent, err: unknown, check: StateCheck): Promise<OrderIntent> {
    const failure = toFailure(err);
    await this.tracker.journal(intent, 'response', { error: failure });
    if (!failure.ambiguous)
      return this.tracker.update(intent.intentId, { status: 'failed', error: failure });
    return this.unconfirmed(intent, failure, check);
  }

  /** A read needed before sending failed: nothing was sent, so the action simply failed. */
  async failBeforeSend(intent: OrderIntent, err: unknown): Promise<OrderIntent> {
    const failure = { ...toFailure(err), ambiguous: false };
    return this.tracker.update(intent.intentId, {
      status: 'failed',
      error: failure,
      note: 'Nothing was sent.',
    });
  }

  /** Marks the intent unconfirmed and reconciles in the background. */
  unconfirmed(
    intent: OrderIntent,
    failure: BrokerFailure | null,
    check: StateCheck,
  ): Promise<OrderIntent> {
    return this.runner.unconfirmed(intent, failure, check);
  }

  /** Keeps background work visible so `idle()` can wait for it (tests, shutdown). */
  track(p: Promise<void>): void {
    this.runner.track(p);
  }

  /** The app is quitting: checks still settling stop waiting (see `ReconcileRunner.stop`). */
  stopChecks(): void {
    this.runner.stop();
  }

  /** Resolves when no reconciliation is running. */
  async idle(): Promise<void> {
    await this.runner.idle();
  }
}
