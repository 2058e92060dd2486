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
import { BrokerError, isBrokerError } from '../../broker/broker-error';
import type { BrokerClient } from '../../broker/broker-client';
import type { Clock } from '../../limiter/clock';
import { SchedulerClosedError } from '../../limiter/request-scheduler';
import { withOrderIntents } from '../../diagnostics/request-context';
import { DEFAULT_RECONCILE_DELAYS_MS, resolveByReading } from '../reconcile/ambiguity-resolver';
import type { StateCheck } from '../reconcile/ambiguity-resolver';
import type { PlaceCheck, SendSnapshot } from '../reconcile/reconcile-checks';
import type { FatFingerLimits } from '../checks/fat-finger-guards';
import type { IntentTracker, OrderServiceEvent } from '../reconcile/intent-tracker';
import type { InstrumentLookup } from '../checks/order-prechecks';
import { BoundedMap, BoundedSet } from './bounded-collections';

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

/** Shared state and helpers of the order and position services. */
export class OrderContext {
  /** Last known row of every order id seen in a book read (the most recent ones, bounded). */
  readonly orders: Map<string, Order> = new BoundedMap<string, Order>(ORDER_CACHE_LIMITS.orders);
  /** Every order id the app has seen or attributed; a reconciliation never claims these. */
  readonly knownIds: Set<string> = new BoundedSet<string>(ORDER_CACHE_LIMITS.ids);
  /** Ids attributed to an intent by reconciliation (guards two intents claiming one order). */
  readonly claimedIds: Set<string> = new BoundedSet<string>(ORDER_CACHE_LIMITS.ids);
  positions: Positions | undefined;
  /** Broker clock minus local clock (ms), learnt from our own acknowledged orders; null until known. */
  serverOffsetMs: number | null = null;
  /** Whether any order book has been read yet. */
  bookSeen = false;
  private readonly sentLocal: Map<string, number> = new BoundedMap<string, number>(
    ORDER_CACHE_LIMITS.sentLocal,
  );
  /** The state check of every intent still unconfirmed, to re-run when reads work again. */
  private readonly checks = new Map<string, StateCheck>();
  /**
   * Placements settled "not done", still matched against every book read: a broker that
   * processes a request after its client gave up (a late arrival) must not go unnoticed.
   */
  private readonly lateWatch = new Map<string, PlaceCheck>();
  /** The check of every action settled "not done", to read once more just before a resend. */
  private readonly notDoneChecks = new Map<string, StateCheck>();
  /** The reconciliation under way of each intent, until it ends (settled or still unknown). */
  private readonly reconciling = new Map<string, Promise<void>>();
  /**
   * Late arrivals being settled (status, journal, warning). The status is visible before the
   * warning goes out, so a Resend arriving meanwhile waits for the whole correction.
   */
  private readonly settlingLate = new Map<string, Promise<OrderIntent | null>>();
  private readonly running = new Set<Promise<void>>();
  /** Fires when the app quits: settling checks stop waiting (the next start takes them up). */
  private readonly quitting = new AbortController();

  constructor(
    readonly broker: OrderBroker,
    readonly tracker: IntentTracker,
    readonly instruments: InstrumentLookup,
    readonly clock: Clock,
    private readonly limitsOf: () => FatFingerLimits,
    readonly emit: ((e: OrderServiceEvent) => void) | undefined,
    readonly reconcileDelaysMs: readonly number[] = DEFAULT_RECONCILE_DELAYS_MS,
    readonly skewMs = 5000,
    private readonly log: OrderContextLog = { warn: () => {} },
  ) {}

  /**
   * Drops every piece of per-intent state once the tracker forgets a settled intent: a
   * forgotten intent is no longer watched for a late arrival nor re-checked before a resend.
   */
  forget(intentId: string): void {
    this.checks.delete(intentId);
    this.lateWatch.delete(intentId);
    this.notDoneChecks.delete(intentId);
  }

  /** How many intents the context still holds state for (tests of the bounds). */
  heldIntentState(): { checks: number; lateWatch: number; notDone: number } {
    return {
      checks: this.checks.size,
      lateWatch: this.lateWatch.size,
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
      this.knownIds.add(o.id);
      const sent = this.sentLocal.get(o.id);
      if (sent !== undefined && o.placedAt !== null) {
        this.serverOffsetMs = Date.parse(o.placedAt) - sent;
        this.sentLocal.delete(o.id);
      }
    }
    this.emit?.({ type: 'orders', orders: [...book] });
    this.watchLateArrivals(book);
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

  private watchLateArrivals(book: readonly Order[]): void {
    for (const [intentId, check] of this.lateWatch) {
      const res = check.match(book, true);
      if (res.kind !== 'done') continue;
      this.lateWatch.delete(intentId);
      this.notDoneChecks.delete(intentId);
      const settling = this.settleLate(intentId, res.orderId ?? null);
      this.settlingLate.set(intentId, settling);
      this.track(
        settling.then(
          () => void this.settlingLate.delete(intentId),
          () => void this.settlingLate.delete(intentId),
        ),
      );
    }
  }

  /**
   * Resolves once a late-arrival correction of the intent under way (found by a book read or
   * a pushed order update) has finished, warning included; at once when none is.
   */
  async lateSettled(intentId: string): Promise<void> {
    await this.settlingLate.get(intentId)?.catch(() => undefined);
  }

  /**
   * An action settled "not done" turned out done after all: correct it and warn the trader.
   * An intent already forgotten (too old to keep in memory) cannot be corrected any more:
   * that is logged as a warning, never thrown into the book read that found it. Null then.
   */
  async settleLate(intentId: string, orderId: string | null): Promise<OrderIntent | null> {
    if (!this.tracker.has(intentId)) {
      this.forget(intentId);
      this.log.warn('orders: late arrival for an action no longer held in memory', {
        intentId,
        orderId,
      });
      return null;
    }
    const intent = await this.tracker.update(intentId, {
      status: 'confirmed-done',
      orderId,
      note: `Arrived late: the broker carried this out after the app had found nothing${orderId ? ` (order ${orderId})` : ''}. Do not send it again.`,
    });
    this.emit?.({ type: 'late-arrival', intent });
    return intent;
  }

  /**
   * The last look before a resend: takes the action out of the late-arrival watch (a resend's
   * own order must never be attributed to it) and reads the account once more. Returns the
   * order id when the action turns out done after all.
   */
  async recheckBeforeResend(intentId: string): Promise<{ done: boolean; orderId: string | null }> {
    const check = this.notDoneChecks.get(intentId);
    this.lateWatch.delete(intentId);
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
    this.positions = await this.broker.getPositions({ priority: 'order', fresh: true });
    return this.positions;
  }

  /** Marks an order id as belonging to an intent. */
  claim(id: string): void {
    this.claimedIds.add(id);
    this.knownIds.add(id);
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
    return new Set(this.knownIds);
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
      if ('match' in check) this.lateWatch.set(intent.intentId, check as PlaceCheck);
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

/** The JSON failure of any thrown value (non-broker errors are bugs: 'report'). */
export function toFailure(err: unknown): BrokerFailure {
  if (isBrokerError(err)) return err.toJSON();
  if (err instanceof SchedulerClosedError) {
    return BrokerError.invalidInput(null, 'The app was shutting down; nothing was sent.').toJSON();
  }
  const e = new BrokerError({
    kind: 'malformed',
    code: 0,
    httpStatus: null,
    brokerMessage: err instanceof Error ? err.message : String(err),
    explanation:
      'An internal error stopped this action. It may have been sent; check the order book.',
    action: 'report',
    ambiguous: true,
  });
  return e.toJSON();
}
