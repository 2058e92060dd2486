/**
 * What the order and position actions share: the broker, the intent tracker, the cache of
 * the last order book seen, the ids already attributed, and the one way to turn a failure
 * into "failed" or "unconfirmed, reconciling".
 */
import type {
  BrokerFailure,
  Order,
  OrderIntent,
  Positions,
} from '../../../../shared/broker/models';
import type { BrokerClient } from '../../broker/broker-client';
import type { Clock } from '../../limiter/clock';
import { withOrderIntents } from '../../diagnostics/request-context';
import { DEFAULT_RECONCILE_DELAYS_MS, resolveByReading } from '../reconcile/ambiguity-resolver';
import type { StateCheck } from '../reconcile/ambiguity-resolver';
import type { CheckContext, SendSnapshot } from '../reconcile/check-context';
import { isWatchedCheck } from '../reconcile/late-watch';
import { LateArrivals } from '../reconcile/late-arrivals';
import type { AccountRead } from '../reconcile/late-watch';
import type { FatFingerLimits } from '../checks/fat-finger-guards';
import type { IntentTracker, OrderServiceEvent } from '../reconcile/intent-tracker';
import type { InstrumentLookup } from '../checks/order-prechecks';
import { BoundedMap, BoundedSet } from './bounded-collections';
import { toFailure } from './to-failure';

/**
 * How much the caches keep: far more orders than one account shows in a day (the broker's
 * own cap on orders per day is lower), so nothing of today falls out, yet a session left
 * running for weeks stays bounded.
 */
export const ORDER_CACHE_LIMITS = { orders: 5_000, ids: 20_000, sentLocal: 200 } as const;

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

/** Shared state and helpers of the order and position services. */
export class OrderContext implements CheckContext {
  readonly broker: OrderBroker;
  readonly tracker: IntentTracker;
  readonly instruments: InstrumentLookup;
  readonly clock: Clock;
  readonly emit: ((e: OrderServiceEvent) => void) | undefined;
  readonly reconcileDelaysMs: readonly number[];
  readonly skewMs: number;
  private readonly limitsOf: () => FatFingerLimits;
  private readonly log: OrderContextLog;
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
  private readonly sentLocal: Map<string, number> = new BoundedMap<string, number>(
    ORDER_CACHE_LIMITS.sentLocal,
  );
  /** The state check of every intent still unconfirmed, to re-run when reads work again. */
  private readonly checks = new Map<string, StateCheck>();
  /**
   * Actions settled "not done", shown every book and positions read: a broker that processes
   * a request after its client gave up (a late arrival) must not go unnoticed, whatever the
   * action's kind.
   */
  private readonly late: LateArrivals;
  /** The check of every action settled "not done", to read once more just before a resend. */
  private readonly notDoneChecks = new Map<string, StateCheck>();
  /** The reconciliation under way of each intent, until it ends (settled or still unknown). */
  private readonly reconciling = new Map<string, Promise<void>>();
  private readonly running = new Set<Promise<void>>();
  /** Fires when the app quits: settling checks stop waiting (the next start takes them up). */
  private readonly quitting = new AbortController();

  constructor(o: OrderContextOptions) {
    this.broker = o.broker;
    this.tracker = o.tracker;
    this.instruments = o.instruments;
    this.clock = o.clock;
    this.limitsOf = o.limits;
    this.emit = o.emit;
    this.reconcileDelaysMs = o.reconcileDelaysMs ?? DEFAULT_RECONCILE_DELAYS_MS;
    this.skewMs = o.skewMs ?? 5000;
    this.log = o.log ?? { warn: () => {} };
    this.late = new LateArrivals({
      tracker: this.tracker,
      clock: this.clock,
      emit: this.emit,
      log: this.log,
      track: (p) => this.track(p),
      onFound: (id) => this.notDoneChecks.delete(id),
      onGone: (id) => this.forget(id),
    });
  }

  /** Broker clock minus local clock (ms), learnt from our own acknowledged orders; null until known. */
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

  /** The last row seen of every cached order (the CNC-sell pre-check counts open sells). */
  cachedOrders(): Iterable<Order> {
    return this.orders.values();
  }

  /** Whether any order row is cached (a book was read, or a row on its own). */
  hasOrders(): boolean {
    return this.orders.size > 0;
  }

  /** Records one order row read on its own (not a whole book: nothing is pushed for it). */
  rememberOrder(o: Order): void {
    this.orders.set(o.id, o);
  }

  /**
   * Drops every piece of per-intent state once the tracker forgets a settled intent: a
   * forgotten intent is no longer watched for a late arrival nor re-checked before a resend.
   */
  forget(intentId: string): void {
    this.checks.delete(intentId);
    this.late.delete(intentId);
    this.notDoneChecks.delete(intentId);
  }

  /** How many intents the context still holds state for (tests of the bounds). */
  heldIntentState(): { checks: number; lateWatch: number; notDone: number } {
    return {
      checks: this.checks.size,
      lateWatch: this.late.size,
      notDone: this.notDoneChecks.size,
    };
  }

  /** Current fat-finger limits (settings may change them at any time). */
  limits(): FatFingerLimits {
    return this.limitsOf();
  }

  /** Records an order book read (from the refresher or a reconciliation). */
  observeOrders(book: readonly Order[]): void {
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
    this.emit?.({ type: 'orders', orders: [...book] });
    this.watchLateArrivals({ kind: 'orders', book });
    // A book read worked: reconciliations that gave up because reads failed can finish now.
    for (const id of this.checks.keys()) this.reconcileAgain(id);
  }

  /** Re-runs reconciliation of an unconfirmed intent (after reads failed); false if none is due. */
  reconcileAgain(intentId: string): boolean {
    const check = this.checks.get(intentId);
    if (!check || this.reconciling.has(intentId)) return false;
    if (this.tracker.get(intentId).status !== 'unconfirmed') return false;
    this.startReconcile(intentId, check);
    return true;
  }

  /** Records a positions read (from the refresher, the order feed or a reconciliation). */
  observePositions(positions: Positions): void {
    this.lastPositions = positions;
    this.watchLateArrivals({ kind: 'positions', positions });
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

  private watchLateArrivals(read: AccountRead): void {
    this.late.see(read);
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
  async recheckBeforeResend(intentId: string): Promise<{ done: boolean; orderId: string | null }> {
    const check = this.notDoneChecks.get(intentId);
    this.notDoneChecks.delete(intentId);
    if (!check) return { done: false, orderId: null };
    const res = await withOrderIntents([intentId], () => check({ final: true }));
    return res.kind === 'done'
      ? { done: true, orderId: res.orderId ?? null }
      : { done: false, orderId: null };
  }

  private startReconcile(intentId: string, check: StateCheck): void {
    // Every read of this reconciliation (after a restart too) carries the intent id into the
    // request log, so support staff follow the order's story there by one id.
    const run = withOrderIntents([intentId], () =>
      this.reconcile(this.tracker.get(intentId), check),
    ).finally(() => this.reconciling.delete(intentId));
    this.reconciling.set(
      intentId,
      run.then(
        () => undefined,
        () => undefined,
      ),
    );
    this.track(run);
  }

  /**
   * Resolves when the intent's reconciliation under way has ended, settled or still unknown
   * (a split basket sends its next request only then); at once when none runs.
   */
  async reconciled(intentId: string): Promise<void> {
    await this.reconciling.get(intentId);
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
   * altogether (`actingOn`).
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
    this.claimed.add(id);
    this.known.add(id);
  }

  /** Remembers when an acknowledged order was sent, to learn the broker's clock from its time. */
  noteSent(id: string, sentAt: number): void {
    this.sentLocal.set(id, sentAt);
  }

  /**
   * What a reconciliation needs to know about the moment of sending. Taken now as a fallback
   * and overwritten by `markSent` when the request really leaves the budget queue.
   */
  sendSnapshot(): SendSnapshot {
    return { sentAt: this.clock.now(), knownAtSend: this.knownSnapshot(), bookSeen: this.bookSeen };
  }

  /** Records the real send time (the scheduler's onStart) and what was known at that moment. */
  markSent(snap: SendSnapshot, at: number): void {
    snap.sentAt = at;
    snap.knownAtSend = this.knownSnapshot();
    snap.bookSeen = this.bookSeen;
  }

  /** A snapshot of the ids known now, taken just before sending. */
  knownSnapshot(): Set<string> {
    return new Set(this.known);
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
  async unconfirmed(
    intent: OrderIntent,
    failure: BrokerFailure | null,
    check: StateCheck,
  ): Promise<OrderIntent> {
    const updated = await this.tracker.update(intent.intentId, {
      status: 'unconfirmed',
      error: failure,
      note: 'Outcome unknown: checking the order book before anything is sent again.',
    });
    this.checks.set(intent.intentId, check);
    this.startReconcile(intent.intentId, check);
    return updated;
  }

  /** Runs the resolver for an intent and records its answer. */
  async reconcile(intent: OrderIntent, check: StateCheck): Promise<void> {
    const res = await resolveByReading(
      check,
      this.clock,
      this.reconcileDelaysMs,
      (attempt, result) =>
        this.tracker.journal(intent, 'reconcile', {
          attempt,
          result:
            'error' in result ? { kind: result.kind, error: toFailure(result.error) } : result,
        }),
      this.quitting.signal,
    );
    if (res.kind !== 'unresolved') this.checks.delete(intent.intentId);
    if (res.kind === 'done') {
      await this.tracker.update(intent.intentId, {
        status: 'confirmed-done',
        orderId: res.orderId ?? intent.orderId,
        note: res.note,
      });
    } else if (res.kind === 'not-done') {
      this.notDoneChecks.set(intent.intentId, check);
      // The watcher's baseline is what the final read, just made, showed.
      if (isWatchedCheck(check)) this.late.add(intent.intentId, check.lateWatcher());
      await this.tracker.update(intent.intentId, { status: 'confirmed-not-done', note: res.note });
    } else {
      await this.tracker.update(intent.intentId, { note: res.note }, 'reconcile');
    }
  }

  /** Keeps background work visible so `idle()` can wait for it (tests, shutdown). */
  track(p: Promise<void>): void {
    const guarded = p.catch(() => undefined);
    this.running.add(guarded);
    void guarded.finally(() => this.running.delete(guarded));
  }

  /**
   * The app is quitting: checks still settling stop waiting and leave their actions
   * unconfirmed, with no outcome in the journal, for the next start to reconcile. A check
   * whose read is on the wire still finishes (the scheduler refuses only what is queued).
   */
  stopChecks(): void {
    this.quitting.abort();
  }

  /** Resolves when no reconciliation is running. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
