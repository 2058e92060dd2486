/**
 * The core GTT service (issue 21 #1): the one way the app creates, modifies and cancels GTT
 * orders and reads the broker's GTT book, with the promises every order action has:
 *
 * - every pre-check and fat-finger guard runs on each leg (gtt-checks.ts); a trigger that
 *   would fire at once asks first;
 * - each action is journalled (intent, request, response or unconfirmed, each reconcile read,
 *   outcome) in its own daily journal beside the order journal;
 * - an ambiguous answer (lost, late, 5xx, 201) leaves the action `unconfirmed` while the GTT
 *   book is read over the settling period (gtt-reconcile.ts); the same action is refused
 *   until it is known, so nothing is sent twice; a restart reconciles what the journal left
 *   open (`recover`);
 * - a GTT the book shows turning from active to triggered is reported once (`onTriggered`),
 *   for the alert naming it. The book is read again while any GTT is active.
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
import { isBrokerError } from '../broker/broker-error';
import type { GttAck, GttClient } from '../broker/gtt-client';
import type { Logger } from '../diagnostics/logger';
import type { Clock } from '../limiter/clock';
import type { FatFingerLimits } from '../orders/checks/fat-finger-guards';
import type { InstrumentLookup } from '../orders/checks/order-prechecks';
import { refuseWhileStopped, type TradingStopSource } from '../orders/actions/trading-stop';
import type { JournalStep, OrderJournal } from '../orders/journal/order-journal';
import {
  DEFAULT_RECONCILE_DELAYS_MS,
  resolveByReading,
  type CheckResult,
} from '../orders/reconcile/ambiguity-resolver';
import { precheckGtt } from './gtt-checks';
import type { GttDemat } from './gtt-demat';
import { cancelCheck, createCheck, modifyCheck } from './gtt-reconcile';

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
  /** Reads the GTT book now (the screen opening, a poll). */
  refresh(): Promise<GttView>;
  create(d: GttDraft, o?: GttSendOptions): Promise<GttAction>;
  modify(id: string, d: GttDraft, o?: GttSendOptions): Promise<GttAction>;
  cancel(id: string): Promise<GttAction>;
  /** Reconciles the actions the journal left without an outcome (at each login). */
  recover(): Promise<number>;
  /** The account changed or logged out: forget its book (the next read is a new baseline). */
  reset(): void;
  dispose(): Promise<void>;
}

/** How long the same action is refused after its answer: one press, not two (ms). */
export const DOUBLE_PRESS_MS = 1500;

/** Most settled actions kept for the screen. */
const KEEP_ACTIONS = 50;

/** Journal data of an action's intent: enough to reconcile it after a restart. */
interface IntentData {
  kind: GttActionKind;
  gttId: string | null;
  draft: GttDraft | null;
  before: string[];
  summary: string;
}

/** Creates the service; see the module comment. */
export function createGttService(deps: GttServiceDeps): GttService {
  const delays = deps.reconcileDelaysMs ?? DEFAULT_RECONCILE_DELAYS_MS;
  const pollMs = deps.pollMs ?? GTT_POLL_MS;
  let book: Gtt[] = [];
  let readAt: number | null = null;
  let skipped = 0;
  /** Status of each GTT at the last read (null: no baseline yet for this account). */
  let known: Map<string, Gtt['status']> | null = null;
  const actions = new Map<string, GttAction>();
  /** Keys (`create:<draft>`, `gtt:<id>`) of actions sending or unconfirmed: refused again. */
  const busy = new Map<string, string>();
  const running = new Set<Promise<unknown>>();
  const stop = new AbortController();
  let pollTimer: unknown = null;
  const holds = new Set<unknown>();

  const unavailable = deps.unavailableReason ?? (() => GTT_NEEDS_V3);
  const view = (): GttView => {
    const client = deps.client();
    return {
      available: client !== null,
      unavailable: client ? null : unavailable(),
      gtts: book,
      actions: [...actions.values()].sort((a, b) => b.at - a.at),
      readAt,
      skipped,
    };
  };
  const changed = () => deps.onChange(view());

  const journal = async (actionId: string, step: JournalStep, action: string, data?: unknown) => {
    try {
      await deps.journal.append({
        at: new Date(deps.clock.now()).toISOString(),
        intentId: actionId,
        step,
        action: `gtt-${action}`,
        ...(data === undefined ? {} : { data }),
      });
    } catch (err) {
      deps.logger.error('gtt: journal write failed', { err: String(err) });
    }
  };

  const put = (a: GttAction): GttAction => {
    actions.set(a.actionId, a);
    const settled = [...actions.values()].filter(
      (x) => x.status !== 'unconfirmed' && x.status !== 'sending',
    );
    for (const old of settled.slice(0, Math.max(0, actions.size - KEEP_ACTIONS)))
      actions.delete(old.actionId);
    changed();
    return a;
  };

  const track = <T>(p: Promise<T>): Promise<T> => {
    running.add(p);
    void p.finally(() => running.delete(p)).catch(() => undefined);
    return p;
  };

  /** Reads the book; reports GTTs that turned triggered since the last read. */
  async function read(client: GttClient): Promise<Gtt[]> {
    const got = await client.list();
    book = got.gtts;
    skipped = got.skipped;
    readAt = deps.clock.now();
    if (got.skipped)
      deps.logger.warn('gtt: rows of the GTT book could not be read', { count: got.skipped });
    const prev = known;
    known = new Map(book.map((g) => [g.id, g.status]));
    if (prev) {
      for (const g of book) {
        const was = prev.get(g.id);
        const fired = g.status === 'triggered' || g.status === 'rejected';
        if (fired && (was === 'active' || was === 'transit')) deps.onTriggered(g);
      }
    }
    changed();
    schedulePoll();
    return book;
  }

  function schedulePoll(): void {
    if (pollTimer !== null || stop.signal.aborted) return;
    const wanted = book.some((g) => g.status === 'active' || g.status === 'transit');
    if (!wanted) return;
    pollTimer = deps.clock.setTimeout(() => {
      pollTimer = null;
      const client = deps.client();
      if (!client || stop.signal.aborted) return;
      void track(read(client)).catch((err: unknown) => {
        deps.logger.warn('gtt: reading the GTT book failed', {
          err: isBrokerError(err) ? err.kind : String(err),
        });
        schedulePoll();
      });
    }, pollMs);
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

  /** Settles an ambiguous action by reading the book over the settling period. */
  async function settle(
    a: GttAction,
    data: IntentData,
    check: (book: Gtt[]) => CheckResult,
  ): Promise<void> {
    const client = deps.client();
    const key = keyOf(data);
    const res = await resolveByReading(
      async () => {
        const c = deps.client() ?? client;
        if (!c) return { kind: 'unknown', note: 'Not logged in.' };
        return check(await read(c));
      },
      deps.clock,
      delays,
      (attempt, r) =>
        journal(a.actionId, 'reconcile', data.kind, {
          attempt,
          result: 'kind' in r ? r.kind : 'read-failed',
        }),
      stop.signal,
    );
    if (res.kind === 'unresolved') {
      // Still unknown: stays unconfirmed and refused; the next start reconciles it again.
      put({ ...a, status: 'unconfirmed', note: res.note });
      return;
    }
    busy.delete(key);
    const done = res.kind === 'done';
    await journal(a.actionId, 'outcome', data.kind, {
      status: done ? 'confirmed-done' : 'confirmed-not-done',
      gttId: done ? (res.orderId ?? a.gttId) : a.gttId,
    });
    put({
      ...a,
      status: done ? 'confirmed-done' : 'confirmed-not-done',
      gttId: done ? (res.orderId ?? a.gttId) : a.gttId,
      note: res.note,
    });
  }

  /** Releases an action's key after a double click's span (the order path's 1.5 s). */
  function holdBriefly(key: string): void {
    const h = deps.clock.setTimeout(() => {
      holds.delete(h);
      busy.delete(key);
    }, DOUBLE_PRESS_MS);
    holds.add(h);
  }

  const keyOf = (d: IntentData) =>
    d.kind === 'create' ? `create:${JSON.stringify(d.draft)}` : `gtt:${d.gttId}`;

  const checkFor =
    (d: IntentData) =>
    (b: Gtt[]): CheckResult =>
      d.kind === 'create'
        ? createCheck(d.draft!, new Set(d.before), b)
        : d.kind === 'modify'
          ? modifyCheck(d.gttId!, d.draft!, b)
          : cancelCheck(d.gttId!, b);

  /** Sends one action: journal, call, then done, failed or unconfirmed-and-reconciling. */
  async function send(
    a: GttAction,
    data: IntentData,
    call: (c: GttClient) => Promise<GttAck>,
  ): Promise<GttAction> {
    const client = deps.client();
    if (!client) return put({ ...a, status: 'blocked', note: unavailable() });
    const key = keyOf(data);
    if (busy.has(key))
      return put({
        ...a,
        status: 'blocked',
        note: 'The same GTT action is already on its way or being confirmed: it is not sent twice. Wait for its outcome.',
      });
    busy.set(key, a.actionId);
    put(a);
    await journal(a.actionId, 'intent', data.kind, data);
    await journal(a.actionId, 'request', data.kind);
    let ack: GttAck;
    try {
      ack = await call(client);
    } catch (err) {
      if (isBrokerError(err) && !err.ambiguous) {
        busy.delete(key);
        await journal(a.actionId, 'outcome', data.kind, { status: 'failed', error: err.toJSON() });
        return put({ ...a, status: 'failed', note: err.message });
      }
      if (!isBrokerError(err))
        deps.logger.warn('gtt: action failed unexpectedly', { err: String(err) });
      await journal(a.actionId, 'unconfirmed', data.kind, {
        error: isBrokerError(err) ? err.toJSON() : String(err),
      });
      const u = put({
        ...a,
        status: 'unconfirmed',
        note: 'The broker did not answer clearly: reading the GTT book to find out. It is not sent again.',
      });
      void track(settle(u, data, checkFor(data)));
      return u;
    }
    await journal(a.actionId, 'response', data.kind, { ack });
    if (ack.unacknowledged) {
      const u = put({
        ...a,
        gttId: ack.id || a.gttId,
        status: 'unconfirmed',
        note: 'Sent; the broker has not confirmed it yet: reading the GTT book.',
      });
      void track(settle(u, data, checkFor(data)));
      return u;
    }
    // The same action again within a double click of its answer is the same press: refused.
    holdBriefly(key);
    const gttId = ack.id || a.gttId;
    await journal(a.actionId, 'outcome', data.kind, { status: 'done', gttId });
    const done = put({ ...a, gttId, status: 'done', note: 'Accepted by the broker.' });
    void track(read(client)).catch(() => undefined);
    return done;
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
    if (!client) return put({ ...a, status: 'blocked', note: unavailable() });
    refuseWhileStopped(deps.stopped);
    const price = deps.instruments.lastPrice?.(d.symbol);
    if (deps.freshPrice && (!price || price.stale)) {
      // The guards and the wrong-side check compare with the last price: get one first.
      await deps.freshPrice(d.symbol).catch(() => undefined);
    }
    // A CNC sell's eDIS warning (asks, never blocks: the GTT outlives today's authorization).
    const demat = deps.demat ? await deps.demat.warn(d) : [];
    // The checks on the book as last read first: a GTT they block or ask about costs no
    // request (a trader fixing a typo, a proof sending hundreds of bad GTTs).
    const early = verdict(
      a,
      [...precheckGtt(d, deps.instruments, deps.limits(), book, gttId), ...demat],
      o,
    );
    if (early) return early;
    let current: Gtt[];
    try {
      // Read fresh before sending: the active-GTT limit, and what "new" means if the answer is lost.
      current = await read(client);
    } catch (err) {
      return put({
        ...a,
        status: 'failed',
        note: `The GTT book could not be read, so nothing was sent: ${err instanceof Error ? err.message : String(err)}`,
      });
    }
    const checks = [...precheckGtt(d, deps.instruments, deps.limits(), current, gttId), ...demat];
    return verdict(a, checks, o) ?? { action: { ...a, checks }, before: current.map((g) => g.id) };
  }

  /** The action blocked (a rule) or asking (a guard not yet confirmed) by `checks`; null: send. */
  function verdict(a: GttAction, checks: GttCheck[], o: GttSendOptions): GttAction | null {
    if (checks.some((c) => !c.confirmable))
      return put({
        ...a,
        status: 'blocked',
        checks,
        note: checks
          .filter((c) => !c.confirmable)
          .map((c) => c.message)
          .join(' '),
      });
    if (checks.length > 0 && !o.confirmed)
      return put({ ...a, status: 'confirm', checks, note: checks.map((c) => c.message).join(' ') });
    return null;
  }

  return {
    view,
    armed: () => book.some((g) => g.status === 'active' || g.status === 'transit'),
    async refresh() {
      const client = deps.client();
      if (client) await track(read(client));
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
      return track(send(r.action, data, (c) => c.create(d)));
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
      return track(send(r.action, data, (c) => c.modify(id, d)));
    },
    async cancel(id) {
      const g = book.find((x) => x.id === id);
      const a = newAction('cancel', id, g ? `Cancel GTT ${id}` : `Cancel GTT ${id}`);
      const data: IntentData = {
        kind: 'cancel',
        gttId: id,
        draft: null,
        before: [],
        summary: a.summary,
      };
      return track(send(a, data, (c) => c.cancel(id)));
    },
    async recover() {
      if (!deps.client()) return 0;
      const entries = await deps.journal.readAll();
      const byId = new Map<
        string,
        { intent?: IntentData; at: string; requested: boolean; settled: boolean }
      >();
      for (const e of entries) {
        const cur = byId.get(e.intentId) ?? { at: e.at, requested: false, settled: false };
        if (e.step === 'intent') cur.intent = e.data as IntentData;
        if (e.step === 'request') cur.requested = true;
        if (e.step === 'outcome') cur.settled = true;
        byId.set(e.intentId, cur);
      }
      let n = 0;
      for (const [actionId, x] of byId) {
        if (!x.intent || !x.requested || x.settled || actions.has(actionId)) continue;
        n++;
        const a = put({
          actionId,
          kind: x.intent.kind,
          gttId: x.intent.gttId,
          status: 'unconfirmed',
          summary: x.intent.summary,
          note: 'Tickdesk closed before this was known: reading the GTT book to find out.',
          checks: [],
          at: Date.parse(x.at) || deps.clock.now(),
        });
        busy.set(keyOf(x.intent), actionId);
        void track(settle(a, x.intent, checkFor(x.intent)));
      }
      return n;
    },
    reset() {
      deps.demat?.reset();
      book = [];
      known = null;
      readAt = null;
      skipped = 0;
      changed();
    },
    async dispose() {
      stop.abort();
      if (pollTimer !== null) deps.clock.clearTimeout(pollTimer);
      for (const h of holds) deps.clock.clearTimeout(h);
      holds.clear();
      pollTimer = null;
      await Promise.allSettled([...running]);
    },
  };
}
