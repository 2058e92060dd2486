/**
 * Sending one GTT action with the promises every order action has (issue 21 #1): refused while
 * the same action is on its way or unconfirmed; journalled step by step; an ambiguous answer
 * (lost, late, 5xx, 201) leaves it `unconfirmed` while the GTT book is read over the settling
 * period (ambiguity-resolver.ts, gtt-reconcile.ts), never sent again; a clear answer is done
 * or failed, and the same action within a double press of it is the same press.
 */
import type { GttAction } from '../../../shared/broker/gtt';
import { isBrokerError } from '../broker/broker-error';
import type { GttAck, GttClient } from '../broker/gtt-client';
import type { Logger } from '../diagnostics/logger';
import type { Clock } from '../limiter/clock';
import { resolveByReading } from '../orders/reconcile/ambiguity-resolver';
import type { GttActionLog } from './gtt-action-log';
import type { GttBook } from './gtt-book';
import { checkFor, keyOf, type IntentData } from './gtt-reconcile';

/** How long the same action is refused after its answer: one press, not two (ms). */
export const DOUBLE_PRESS_MS = 1500;

/** What the sender needs. */
export interface GttSenderDeps {
  clock: Clock;
  client: () => GttClient | null;
  /** Why there is no client, in the trader's words. */
  unavailable: () => string;
  log: GttActionLog;
  book: GttBook;
  /** Reads of the settling period, ms after the ambiguous answer. */
  delays: readonly number[];
  track: <T>(p: Promise<T>) => Promise<T>;
  signal: AbortSignal;
  logger: Pick<Logger, 'warn'>;
}

/** The sender. */
export interface GttSender {
  /** Sends one action: journal, call, then done, failed or unconfirmed-and-reconciling. */
  send(a: GttAction, data: IntentData, call: (c: GttClient) => Promise<GttAck>): Promise<GttAction>;
  /** Settles an action a previous run left open (its key held meanwhile). */
  resume(a: GttAction, data: IntentData): void;
  /** Stops the double-press timers. */
  dispose(): void;
}

/** Creates the sender; see the module comment. */
export function createGttSender(deps: GttSenderDeps): GttSender {
  const { log } = deps;
  /** Keys (`create:<draft>`, `gtt:<id>`) of actions sending or unconfirmed: refused again. */
  const busy = new Map<string, string>();
  const holds = new Set<unknown>();

  /** Settles an ambiguous action by reading the book over the settling period. */
  async function settle(a: GttAction, data: IntentData): Promise<void> {
    const client = deps.client();
    const key = keyOf(data);
    const check = checkFor(data);
    const res = await resolveByReading(
      async () => {
        const c = deps.client() ?? client;
        if (!c) return { kind: 'unknown', note: 'Not logged in.' };
        return check(await deps.book.read(c));
      },
      deps.clock,
      deps.delays,
      (attempt, r) =>
        log.journal(a.actionId, 'reconcile', data.kind, {
          attempt,
          result: 'kind' in r ? r.kind : 'read-failed',
        }),
      deps.signal,
    );
    if (res.kind === 'unresolved') {
      // Still unknown: stays unconfirmed and refused; the next start reconciles it again.
      log.put({ ...a, status: 'unconfirmed', note: res.note });
      return;
    }
    busy.delete(key);
    const done = res.kind === 'done';
    await log.journal(a.actionId, 'outcome', data.kind, {
      status: done ? 'confirmed-done' : 'confirmed-not-done',
      gttId: done ? (res.orderId ?? a.gttId) : a.gttId,
    });
    log.put({
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

  async function send(
    a: GttAction,
    data: IntentData,
    call: (c: GttClient) => Promise<GttAck>,
  ): Promise<GttAction> {
    const client = deps.client();
    if (!client) return log.put({ ...a, status: 'blocked', note: deps.unavailable() });
    const key = keyOf(data);
    if (busy.has(key))
      return log.put({
        ...a,
        status: 'blocked',
        note: 'The same GTT action is already on its way or being confirmed: it is not sent twice. Wait for its outcome.',
      });
    busy.set(key, a.actionId);
    log.put(a);
    await log.journal(a.actionId, 'intent', data.kind, data);
    await log.journal(a.actionId, 'request', data.kind);
    let ack: GttAck;
    try {
      ack = await call(client);
    } catch (err) {
      if (isBrokerError(err) && !err.ambiguous) {
        busy.delete(key);
        await log.journal(a.actionId, 'outcome', data.kind, {
          status: 'failed',
          error: err.toJSON(),
        });
        return log.put({ ...a, status: 'failed', note: err.message });
      }
      if (!isBrokerError(err))
        deps.logger.warn('gtt: action failed unexpectedly', { err: String(err) });
      await log.journal(a.actionId, 'unconfirmed', data.kind, {
        error: isBrokerError(err) ? err.toJSON() : String(err),
      });
      const u = log.put({
        ...a,
        status: 'unconfirmed',
        note: 'The broker did not answer clearly: reading the GTT book to find out. It is not sent again.',
      });
      void deps.track(settle(u, data));
      return u;
    }
    await log.journal(a.actionId, 'response', data.kind, { ack });
    if (ack.unacknowledged) {
      const u = log.put({
        ...a,
        gttId: ack.id || a.gttId,
        status: 'unconfirmed',
        note: 'Sent; the broker has not confirmed it yet: reading the GTT book.',
      });
      void deps.track(settle(u, data));
      return u;
    }
    // The same action again within a double click of its answer is the same press: refused.
    holdBriefly(key);
    const gttId = ack.id || a.gttId;
    await log.journal(a.actionId, 'outcome', data.kind, { status: 'done', gttId });
    const done = log.put({ ...a, gttId, status: 'done', note: 'Accepted by the broker.' });
    void deps.track(deps.book.read(client)).catch(() => undefined);
    return done;
  }

  return {
    send,
    resume(a, data) {
      busy.set(keyOf(data), a.actionId);
      void deps.track(settle(a, data));
    },
    dispose() {
      for (const h of holds) deps.clock.clearTimeout(h);
      holds.clear();
    },
  };
}
