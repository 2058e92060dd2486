/**
 * Order and position actions that never duplicate an order.
 *
 * Every action is pre-checked (shared broker rules with symbol-master sizes, plus fat-finger
 * guards), journaled before and after sending, and, when the answer is ambiguous (timeout,
 * reset, 5xx, -201..-205, code 201), never resent: the intent shows as unconfirmed while the
 * order book or positions are read and matched against what was sent. Only an action
 * confirmed not done (or cleanly refused) may be sent again, and only by the trader.
 */
import { randomUUID } from 'node:crypto';
import type {
  Order,
  OrderIntent,
  Positions,
  PrecheckViolation,
} from '../../../../shared/broker/models';
import type { OrderDraft } from '../../../../shared/broker/rules';
import { systemClock } from '../../limiter/clock';
import type { Clock } from '../../limiter/clock';
import { DEFAULT_FAT_FINGER_LIMITS } from '../checks/fat-finger-guards';
import type { FatFingerLimits } from '../checks/fat-finger-guards';
import { IntentTracker } from '../reconcile/intent-tracker';
import type { OrderServiceEvent } from '../reconcile/intent-tracker';
import { OrderContext } from './order-context';
import type { OrderBroker, OrderContextLog } from './order-context';
import type { OrderJournal } from '../journal/order-journal';
import { precheckPlace } from '../checks/order-prechecks';
import type { InstrumentLookup } from '../checks/order-prechecks';
import { createDematSells, type DematSellsDeps } from '../checks/demat-sells';
import { createActionKit } from './action-kit';
import type { ResendPayloads } from './action-kit';
import { createPositionActions } from './position-actions';
import { createOrderActions, describe, placeTargets, type ActionOptions } from './order-actions';
import { resendAction } from './resend-action';
import { recoverFromJournal } from '../reconcile/order-recovery';
import { guardActions, SendOnceGuard } from './send-once';
import type { TradingStopSource } from './trading-stop';
import { createMultiLegAction } from './multi-leg-action';
import type { BrokerClient } from '../../broker/broker-client';
import { AppError } from '../../../../shared/ipc/errors';

/** Constructor dependencies of the order service. */
export interface OrderServiceOptions {
  broker: OrderBroker;
  /** Tick/lot sizes and last prices from the symbol master service. */
  instruments: InstrumentLookup;
  journal: OrderJournal;
  clock?: Clock;
  newId?: () => string;
  /** Receives intent changes and order book updates (forwarded to the renderer). */
  emit?: (e: OrderServiceEvent) => void;
  /** Fat-finger limits, or a function returning the current ones from settings. */
  limits?: FatFingerLimits | (() => FatFingerLimits);
  /** When the state reads after an ambiguous failure happen (ms after it). */
  reconcileDelaysMs?: number[];
  /** Clock tolerance when matching broker order times (ms). */
  skewMs?: number;
  onJournalError?: (err: unknown) => void;
  /** Where warnings go (a late arrival for a forgotten action); the core's logger. */
  logger?: OrderContextLog;
  /** Most settled intents kept in memory (default 500); the journal keeps them all. */
  maxSettled?: number;
  /**
   * What the CNC-sell pre-check reads (holdings, the eDIS history) and the ISIN of a ticker;
   * absent: CNC sells are checked by the broker alone.
   */
  demat?: Pick<DematSellsDeps, 'reads' | 'isinOf'>;
  /** A trading stop in force (kill switch, daily limit): new orders and changes are refused. */
  stopped?: TradingStopSource;
  /** The account's multi-leg call and whether its dialect has it; absent: refused. */
  multiLeg?: { broker: Pick<BrokerClient, 'placeMultiLeg'>; supported(): boolean };
}

export type { ActionOptions } from './order-actions';

/** The order service type, for the IPC handlers and fakes. */
export type OrderService = ReturnType<typeof createOrderService>;

/** Creates the service; see the module comment for the rules it enforces. */
export function createOrderService(opts: OrderServiceOptions) {
  const clock = opts.clock ?? systemClock;
  const limits = opts.limits ?? DEFAULT_FAT_FINGER_LIMITS;
  const payloads: ResendPayloads = new Map();
  const tracker = new IntentTracker({
    journal: opts.journal,
    clock,
    newId: opts.newId ?? randomUUID,
    emit: opts.emit,
    onJournalError: opts.onJournalError,
    // Resend is offered only for what can be sent again: a recovered action whose payload
    // the journal could not give back (or a basket without per-order payloads) never is.
    canResend: (id) => payloads.has(id),
    ...(opts.maxSettled !== undefined ? { maxSettled: opts.maxSettled } : {}),
    onForget: (id) => {
      payloads.delete(id);
      ctx.forget(id);
    },
  });
  const ctx = new OrderContext({
    broker: opts.broker,
    tracker,
    instruments: opts.instruments,
    clock,
    limits: typeof limits === 'function' ? limits : () => limits,
    ...(opts.emit ? { emit: opts.emit } : {}),
    ...(opts.reconcileDelaysMs ? { reconcileDelaysMs: opts.reconcileDelaysMs } : {}),
    ...(opts.skewMs !== undefined ? { skewMs: opts.skewMs } : {}),
    ...(opts.logger ? { log: opts.logger } : {}),
  });
  const dematSells = opts.demat
    ? createDematSells({
        ...opts.demat,
        orders: () => ctx.cachedOrders(),
        readOrders: () => ctx.readBook(),
        positions: () => ctx.positions,
        now: () => clock.now(),
        warn: (m, f) => opts.logger?.warn(m, f),
      })
    : null;
  const kit = createActionKit(ctx, payloads);
  const guard = new SendOnceGuard(
    (id) => tracker.settled(id),
    () => clock.now(),
  );
  const positions = createPositionActions(kit, opts.stopped);
  const orderActions = createOrderActions({
    kit,
    ...(opts.stopped ? { stopped: opts.stopped } : {}),
    dematCheck,
  });
  const multiLeg = opts.multiLeg;
  const placeMultiLeg = multiLeg
    ? createMultiLegAction({
        kit,
        broker: multiLeg.broker,
        supported: () => multiLeg.supported(),
        instruments: opts.instruments,
        limits: () => ctx.limits(),
        ...(opts.stopped ? { stopped: opts.stopped } : {}),
        describe,
        targets: placeTargets,
      })
    : () =>
        Promise.reject(
          new AppError('invalid-input', 'Multi-leg orders cannot be sent from here.', {
            action: 'none',
          }),
        );

  /**
   * CNC sells checked against holdings, eDIS and the order book read just now (positions as
   * last seen); a read that fails leaves the check to the broker, never blocks.
   */
  async function dematCheck(drafts: readonly OrderDraft[]): Promise<PrecheckViolation[][]> {
    if (!dematSells) return drafts.map(() => []);
    try {
      return await dematSells.checkMany(drafts, { fresh: true });
    } catch {
      return drafts.map(() => []);
    }
  }

  const service = {
    /**
     * The checks `place` would run, for the ticket to show problems as the trader types (a
     * CNC sell's holdings and eDIS authorization from a read up to 30 s old).
     */
    async precheck(draft: OrderDraft, o: ActionOptions = {}): Promise<PrecheckViolation[]> {
      const rules = precheckPlace(draft, opts.instruments, ctx.limits(), o.confirmGuards);
      return [...rules, ...((await dematSells?.check(draft)) ?? [])];
    },

    /** The CNC-sell check alone (holdings, today's eDIS), for a GTT's sell leg (gtt-demat.ts). */
    dematPrecheck: async (draft: OrderDraft): Promise<PrecheckViolation[]> =>
      (await dematSells?.check(draft)) ?? [],

    /** Holdings or eDIS authorizations changed (an authorization ended): read them again. */
    dematChanged(): void {
      dematSells?.invalidate();
    },

    ...orderActions,

    /** Places two or three legs as one multi-leg order (multi-leg-action.ts). */
    placeMultiLeg: (legs: OrderDraft[], o: ActionOptions = {}): Promise<OrderIntent> =>
      placeMultiLeg(legs, { confirmGuards: o.confirmGuards }),

    ...positions,

    /**
     * Call once at start: actions the journal shows as unsettled (the app stopped mid-flight)
     * come back as unconfirmed and are reconciled against the broker, never resent.
     */
    async recover(): Promise<OrderIntent[]> {
      return recoverFromJournal(ctx, opts.journal, service, payloads);
    },

    /**
     * Sends an action again as a new intent: allowed once, and only once it is known not to
     * have happened. The account is read once more first: a late arrival is never doubled.
     */
    resend: (intentId: string): Promise<OrderIntent> => resendAction(kit, intentId),

    /** Checks an unconfirmed action again now (the UI's "check again" button); false if not due. */
    reconcileAgain: (intentId: string) => ctx.reconcileAgain(intentId),

    /**
     * Feeds an order book read from elsewhere (the background refresher) into the cache;
     * `merged` when the pushed order feed put it together (alerts take no baseline from it).
     */
    observeOrders(book: Order[], merged = false): void {
      ctx.observeOrders(book, merged);
    },
    /**
     * True while an action watched for a late arrival shows only in positions (a conversion
     * announces itself with no order update): the refresher keeps reading them slowly.
     */
    watchesPositions: () => ctx.watchesPositions(),
    /** Feeds a positions read from elsewhere into the cache. */
    observePositions(p: Positions): void {
      ctx.observePositions(p);
    },
    /** One intent. */
    get: (intentId: string) => tracker.get(intentId),
    /** All intents, newest first. */
    list: () => tracker.list(),
    /** True while an outcome is being established (the refresher goes fast). */
    hasUnsettled: () => tracker.hasUnsettled(),
    /** Resolves when the intent's outcome is known. */
    settled: (intentId: string) => tracker.settled(intentId),
    /** Resolves when no reconciliation runs (tests, shutdown). */
    idle: () => ctx.idle(),
    /** How many intents still have reconciliation, late-watch or pre-resend state (bounds tests). */
    heldIntentState: () => ctx.heldIntentState(),
    /**
     * Quitting: stops the settling checks' waits (the next start reconciles what they leave
     * open), waits for actions on the wire, then closes the journal (the core's disposal convention).
     */
    dispose: async () => {
      ctx.stopChecks();
      await ctx.idle();
      await opts.journal.close();
    },
    /** Targets the send-once guard holds now (tests: it lets go once outcomes are known). */
    sendGuardHeld: () => guard.heldCount(),
  };
  // Every public action goes through the send-once guard; Resend and recovery use `service`.
  return guardActions(service, guard);
}
