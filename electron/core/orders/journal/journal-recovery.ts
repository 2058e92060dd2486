/**
 * Finds, in the journal, order actions whose outcome was never recorded: the app crashed or
 * was closed while an order was in flight or being reconciled. On the next start these must
 * show as unconfirmed and be reconciled, never silently forgotten (and never resent).
 */
import type { BrokerFailure, OrderAction } from '../../../../shared/broker/models';
import type { JournalEntry } from './order-journal';

/** What the journal knows about one unsettled action. */
export interface UnsettledAction {
  intentId: string;
  action: OrderAction;
  summary: string;
  batchId: string | null;
  createdAt: string;
  /** The payload recorded with the intent ({ draft }, { modify }, { id }, { positionId }, { convert }). */
  payload: Record<string, unknown>;
  /** Epoch ms when the request was journaled as about to be sent; null if it never was. */
  sentAt: number | null;
  /** The broker's answer, when one was journaled before the crash. */
  ack: { id?: string; code?: number; unacknowledged?: boolean } | null;
  error: BrokerFailure | null;
}

function rec(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
}

/** Every action with an intent line but no outcome line, oldest first. */
export function unsettledActions(entries: readonly JournalEntry[]): UnsettledAction[] {
  const byId = new Map<string, JournalEntry[]>();
  for (const e of entries) {
    const list = byId.get(e.intentId) ?? [];
    list.push(e);
    byId.set(e.intentId, list);
  }
  const out: UnsettledAction[] = [];
  for (const [intentId, list] of byId) {
    if (list.some((e) => e.step === 'outcome' || e.step === 'blocked')) continue;
    const intent = list.find((e) => e.step === 'intent');
    if (!intent) continue;
    const data = rec(intent.data);
    const request = list.find((e) => e.step === 'request');
    const response = [...list].reverse().find((e) => e.step === 'response');
    const r = rec(response?.data);
    const ack = r.ack ? rec(r.ack) : r.item && rec(r.item).ack ? rec(rec(r.item).ack) : null;
    const error = (r.error ?? (r.item ? rec(r.item).error : null) ?? null) as BrokerFailure | null;
    out.push({
      intentId,
      action: intent.action as OrderAction,
      summary: typeof data.summary === 'string' ? data.summary : intent.action,
      batchId: typeof data.batchId === 'string' ? data.batchId : null,
      createdAt: intent.at,
      payload: rec(data.payload),
      sentAt: request ? Date.parse(request.at) : null,
      ack: ack as UnsettledAction['ack'],
      error,
    });
  }
  return out;
}

/** Every broker order id the journal attributes to some action (a restart must not re-claim them). */
export function knownOrderIds(entries: readonly JournalEntry[]): Set<string> {
  const ids = new Set<string>();
  for (const e of entries) {
    const d = rec(e.data);
    if (typeof d.orderId === 'string' && d.orderId) ids.add(d.orderId);
    const ack = d.ack ? rec(d.ack) : d.item ? rec(rec(d.item).ack) : {};
    if (typeof ack.id === 'string' && ack.id) ids.add(ack.id);
  }
  return ids;
}
