/**
 * The core GTT service (issue 21 #1): the one way the app creates, modifies and cancels GTT
 * orders and reads the broker's GTT book, with the promises every order action has. It
 * composes parts with one job each:
 *
 * - the pre-checks: every order check and fat-finger guard on each leg, a trigger that would
 *   fire at once, the active-GTT limit (gtt-checks.ts) and a CNC sell's eDIS warning
 *   (gtt-demat.ts); a rule blocks, the rest ask first;
 * - the book (gtt-book.ts): read, polled while a GTT is active, triggers reported once
 *   (`onTriggered`) for the alert naming the GTT;
 * - sending (gtt-sender.ts): journalled (gtt-action-log.ts), an ambiguous answer settled from
 *   the book (gtt-reconcile.ts), nothing sent twice; a restart settles what the journal left
 *   open (gtt-recovery.ts).
 */
import { randomUUID } from 'node:crypto';
import {
  GTT_NEEDS_V3,
  gttSummary,
  type Gtt,
  type GttAction,
  type GttActionKind,
  type GttCheck,
  type GttDraft,
  type GttView,
} from '../../../shared/broker/gtt';
import type { GttClient } from '../broker/gtt-client';
import type { Logger } from '../diagnostics/logger';
import type { Clock } from '../limiter/clock';
import type { FatFingerLimits } from '../orders/checks/fat-finger-guards';
import type { InstrumentLookup } from '../orders/checks/order-prechecks';
import { refuseWhileStopped, type TradingStopSource } from '../orders/actions/trading-stop';
import type { OrderJournal } from '../orders/journal/order-journal';
import { DEFAULT_RECONCILE_DELAYS_MS } from '../orders/reconcile/ambiguity-resolver';
import { createGttActionLog } from './gtt-action-log';
import { createGttBook } from './gtt-book';
import { precheckGtt } from './gtt-checks';
import type { GttDemat } from './gtt-demat';
import type { IntentData } from './gtt-reconcile';
import { openGttActions } from './gtt-recovery';
import { createGttSender } from './gtt-sender';
import type { Priority } from '../limiter/request-scheduler';

/** How often the GTT book is read while a GTT is active or an action unsettled (ms). */
export const GTT_POLL_MS = 15_000;

/** Constructor dependencies. */
export interface GttServiceDeps {
  clock: Clock;
  /** The current account's GTT calls; null when its dialect has none (v2) or no one is logged in. */
  client: () => GttClient | null;
  /** Why there is no client, in the trader's words (default: the account's API has no GTT). */
  unavailableReason?: () => string;
  /** Gets a fresh last price into the quote cache when it has none (the guards compare with it). */
  freshPrice?: (symbol: string) => Promise<void>;
  instruments: InstrumentLookup;
  limits: () => FatFingerLimits;
  /** The eDIS warning of a CNC-sell GTT (gtt-demat.ts); absent: none. */
  demat?: GttDemat;
  /** The kill switch and daily limits: creating and modifying stop; cancelling still goes. */
  stopped?: TradingStopSource;
  journal: OrderJournal;
  /** Every change of the view (the screens). */
  onChange: (view: GttView) => void;
  /**
   * A GTT the book shows triggered since the last read (once per GTT): placed its order, or
   * `rejected` when the broker refused the order it placed (an unauthorized CNC sell).
   */
  onTriggered: (gtt: Gtt) => void;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Reads of the settling period, ms after the ambiguous answer (default: the order path's). */
  reconcileDelaysMs?: readonly number[];
  pollMs?: number;
}

/** Per-call options of create and modify. */
export interface GttSendOptions {
  /** The trader confirmed the guards and wrong-side triggers the last attempt asked about. */
  confirmed?: boolean;
}

/** The running service. */
export interface GttService {
  view(): GttView;
  /** Whether a GTT in the book as last read may still trigger (active or in transit). */
  armed(): boolean;
  /** Reads the GTT book now (the screen opening, a poll; `priority`: the scheduler lane, default `order`). */
  refresh(priority?: Priority): Promise<GttView>;
  create(d: GttDraft, o?: GttSendOptions): Promise<GttAction>;
  modify(id: string, d: GttDraft, o?: GttSendOptions): Promise<GttAction>;
  cancel(id: string): Promise<GttAction>;
  /** Reconciles the actions the journal left without an outcome (at each login). */
  recover(): Promise<number>;
  /** The account changed or logged out: forget its book (the next read is a new baseline). */
  reset(): void;
  dispose(): Promise<void>;
}

/** Creates the service; see the module comment. */
export function createGttService(deps: GttServiceDeps): GttService {
  const running = new Set<Promise<unknown>>();
  const stop = new AbortController();
  const track = <T>(p: Promise<T>): Promise<T> => {
    running.add(p);
    void p.finally(() => running.delete(p)).catch(() => undefined);
    return p;
  };
  const unavailable = deps.unavailableReason ?? (() => GTT_NEEDS_V3);
  const changed = () => deps.onChange(view());
  const book = createGttBook({
    clock: deps.clock,
    client: deps.client,
    onTriggered: deps.onTriggered,
    changed,
    track,
    signal: stop.signal,
    logger: deps.logger,
    pollMs: deps.pollMs ?? GTT_POLL_MS,
  });
  const log = createGttActionLog({
    clock: deps.clock,
    journal: deps.journal,
    changed,
    logger: deps.logger,
  });
  const sender = createGttSender({
    clock: deps.clock,
    client: deps.client,
    unavailable,
    log,
    book,
    delays: deps.reconcileDelaysMs ?? DEFAULT_RECONCILE_DELAYS_MS,
    track,
    signal: stop.signal,
    logger: deps.logger,
  });

  function view(): GttView {
    const client = deps.client();
    return {
      available: client !== null,
      unavailable: client ? null : unavailable(),
      gtts: book.gtts(),
      actions: log.list(),
      readAt: book.readAt(),
      skipped: book.skipped(),
    };
  }

  function newAction(kind: GttActionKind, gttId: string | null, summary: string): GttAction {
    return {
      actionId: randomUUID(),
      kind,
      gttId,
      status: 'sending',
      summary,
      note: '',
      checks: [],
      at: deps.clock.now(),
    };
  }

  /** Pre-checks a create or modify; the action is returned blocked or asking when they say so. */
  async function checked(
    kind: 'create' | 'modify',
    d: GttDraft,
    gttId: string | null,
    o: GttSendOptions,
  ): Promise<{ action: GttAction; before: string[] } | GttAction> {
    const a = newAction(kind, gttId, gttSummary(d));
    const client = deps.client();
    if (!client) return log.put({ ...a, status: 'blocked', note: unavailable() });
    refuseWhileStopped(deps.stopped);
    const price = deps.instruments.lastPrice?.(d.symbol);
    if (deps.freshPrice && (!price || price.stale)) {
      // The guards and the wrong-side check compare with the last price: get one first.
      await deps.freshPrice(d.symbol).catch(() => undefined);
    }
    // A CNC sell's eDIS warning (asks, never blocks: the GTT outlives today's authorization).
    const demat = deps.demat ? await deps.demat.warn(d) : [];
    const checksOn = (b: Gtt[]) => [
      ...precheckGtt(d, deps.instruments, deps.limits(), b, gttId),
      ...demat,
    ];
    // The checks on the book as last read first: a GTT they block or ask about costs no
    // request (a trader fixing a typo, a proof sending hundreds of bad GTTs).
    const early = verdict(a, checksOn(book.gtts()), o);
    if (early) return early;
    let current: Gtt[];
    try {
      // Read fresh before sending: the active-GTT limit, and what "new" means if the answer is lost.
      current = await book.read(client);
    } catch (err) {
      return log.put({
        ...a,
        status: 'failed',
        note: `The GTT book could not be read, so nothing was sent: ${err instanceof Error ? err.message : String(err)}`,
      });
    }
    const checks = checksOn(current);
    return verdict(a, checks, o) ?? { action: { ...a, checks }, before: current.map((g) => g.id) };
  }

  /** The action blocked (a rule) or asking (a guard not yet confirmed) by `checks`; null: send. */
  function verdict(a: GttAction, checks: GttCheck[], o: GttSendOptions): GttAction | null {
    if (checks.some((c) => !c.confirmable))
      return log.put({
        ...a,
        status: 'blocked',
        checks,
        note: checks
          .filter((c) => !c.confirmable)
          .map((c) => c.message)
          .join(' '),
      });
    if (checks.length > 0 && !o.confirmed)
      return log.put({
        ...a,
        status: 'confirm',
        checks,
        note: checks.map((c) => c.message).join(' '),
      });
    return null;
  }

  return {
    view,
    armed: () => book.armed(),
    async refresh(priority) {
      const client = deps.client();
      if (client) await track(book.read(client, priority));
      return view();
    },
    async create(d, o = {}) {
      const r = await checked('create', d, null, o);
      if (!('before' in r)) return r;
      const data: IntentData = {
        kind: 'create',
        gttId: null,
        draft: d,
        before: r.before,
        summary: r.action.summary,
      };
      return track(sender.send(r.action, data, (c) => c.create(d)));
    },
    async modify(id, d, o = {}) {
      const r = await checked('modify', d, id, o);
      if (!('before' in r)) return r;
      const data: IntentData = {
        kind: 'modify',
        gttId: id,
        draft: d,
        before: [],
        summary: r.action.summary,
      };
      return track(sender.send(r.action, data, (c) => c.modify(id, d)));
    },
    async cancel(id) {
      const a = newAction('cancel', id, `Cancel GTT ${id}`);
      const data: IntentData = {
        kind: 'cancel',
        gttId: id,
        draft: null,
        before: [],
        summary: a.summary,
      };
      return track(sender.send(a, data, (c) => c.cancel(id)));
    },
    async recover() {
      if (!deps.client()) return 0;
      const open = openGttActions(await deps.journal.readAll(), log.has, deps.clock.now());
      for (const { action, intent } of open) {
        log.put(action);
        sender.resume(action, intent);
      }
      return open.length;
    },
    reset() {
      deps.demat?.reset();
      book.reset();
      changed();
    },
    async dispose() {
      stop.abort();
      book.dispose();
      sender.dispose();
      await Promise.allSettled([...running]);
    },
  };
}
