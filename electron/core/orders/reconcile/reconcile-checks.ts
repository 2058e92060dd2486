/**
 * The state checks run while reconciling each kind of action: "does the account now show
 * what this request would have done?" Each returns done / not-done / unknown for the
 * ambiguity resolver.
 */
import type { OrderDraft } from '../../../../shared/broker/rules';
import type { ModifyOrderInput } from '../../broker/order-requests';
import type { CheckResult } from './ambiguity-resolver';
import type { OrderContext } from '../actions/order-context';
import { findPlacedCandidates, modifyApplied, rootOrderId } from './reconcile-matcher';

const TERMINAL = new Set([1, 2, 5, 7]);

/** What was true when a placement was sent: its time, the ids known, whether a book had been seen. */
export interface SendSnapshot {
  sentAt: number;
  knownAtSend: ReadonlySet<string>;
  bookSeen: boolean;
}

/** Looks for the placed order: by the id a 201 answer gave, else by matching fields. */
export function placeCheck(
  ctx: OrderContext,
  draft: OrderDraft,
  sent: SendSnapshot,
  hintId?: string,
) {
  const { sentAt, knownAtSend } = sent;
  return async (): Promise<CheckResult> => {
    const book = await ctx.readBook();
    // Everything below is synchronous, so two reconciliations cannot claim the same row.
    if (hintId) {
      const row = book.find((o) => o.id === hintId || rootOrderId(o.id) === hintId);
      if (row) {
        ctx.claim(row.id);
        return {
          kind: 'done',
          orderId: row.id,
          note: `Order ${row.id} is in the order book (status ${row.status}).`,
        };
      }
    }
    const exclude = new Set([...knownAtSend, ...ctx.claimedIds]);
    // The time window needs the broker's clock. Without a calibrated offset, a book seen
    // before sending already excludes every older order, so the window is dropped rather
    // than risk missing the order because the broker's clock differs from ours.
    const offset = ctx.serverOffsetMs;
    const useTime = offset !== null || !sent.bookSeen;
    const [match] = findPlacedCandidates(book, draft, {
      sentAt: useTime ? sentAt : null,
      checkedAt: ctx.clock.now(),
      skewMs: ctx.skewMs,
      offsetMs: offset ?? 0,
      excludeIds: exclude,
    });
    if (match) {
      ctx.claim(match.id);
      return {
        kind: 'done',
        orderId: match.id,
        note: `Found the order in the order book as ${match.id} (status ${match.status}).`,
      };
    }
    return { kind: 'unknown', note: 'no matching order in the order book' };
  };
}

/** Whether a modify took effect on the order. */
export function modifyCheck(ctx: OrderContext, m: ModifyOrderInput) {
  return async (): Promise<CheckResult> => {
    const o = await ctx.broker.getOrder(m.id, { priority: 'order', fresh: true });
    if (!o) return { kind: 'not-done', note: `Order ${m.id} is not in the order book.` };
    ctx.orders.set(o.id, o);
    if (modifyApplied(o, m))
      return { kind: 'done', orderId: o.id, note: `Order ${o.id} shows the new values.` };
    if (TERMINAL.has(o.status))
      return {
        kind: 'not-done',
        note: `Order ${o.id} ended (status ${o.status}) without the change.`,
      };
    return { kind: 'unknown', note: `order ${o.id} still shows the old values` };
  };
}

/** Whether a cancel took effect. */
export function cancelCheck(ctx: OrderContext, id: string) {
  return async (): Promise<CheckResult> => {
    const o = await ctx.broker.getOrder(id, { priority: 'order', fresh: true });
    if (!o) return { kind: 'not-done', note: `Order ${id} is not in the order book.` };
    ctx.orders.set(o.id, o);
    if (o.status === 1) return { kind: 'done', orderId: o.id, note: `Order ${o.id} is cancelled.` };
    if (TERMINAL.has(o.status))
      return {
        kind: 'not-done',
        note: `Order ${o.id} ended with status ${o.status}, not cancelled.`,
      };
    return { kind: 'unknown', note: `order ${o.id} is still pending` };
  };
}

/**
 * Whether positions were exited: the position is flat, or a new opposite order for its full
 * quantity appeared (an exit placed while the market is closed waits as a pending order).
 */
export function exitCheck(
  ctx: OrderContext,
  positionId: string | null,
  before: Map<string, number>,
  knownAtSend: ReadonlySet<string>,
) {
  return async (): Promise<CheckResult> => {
    const [positions, book] = await Promise.all([ctx.readPositions(), ctx.readBook()]);
    // Recovery after a restart has no snapshot: then every position open now is a target.
    const targets =
      positionId !== null
        ? [positionId]
        : before.size > 0
          ? [...before.keys()]
          : positions.positions.filter((p) => p.netQty !== 0).map((p) => p.id);
    const fresh = book.filter((o) => !knownAtSend.has(o.id));
    const open = targets.filter((id) => {
      const p = positions.positions.find((x) => x.id === id);
      if (!p || p.netQty === 0) return false;
      const exitSide = p.netQty > 0 ? -1 : 1;
      return !fresh.some(
        (o) => o.symbol === p.symbol && o.side === exitSide && o.qty === Math.abs(p.netQty),
      );
    });
    if (open.length === 0)
      return {
        kind: 'done',
        note: targets.length ? `Exited: ${targets.join(', ')}.` : 'No open positions.',
      };
    return { kind: 'unknown', note: `still open: ${open.join(', ')}` };
  };
}

/** Whether a convert moved the quantity into the target product. */
export function convertCheck(
  ctx: OrderContext,
  symbol: string,
  to: string,
  qty: number,
  beforeToQty: number,
) {
  return async (): Promise<CheckResult> => {
    const positions = await ctx.readPositions();
    const target = positions.positions.find((p) => p.symbol === symbol && p.productType === to);
    const now = Math.abs(target?.netQty ?? 0);
    if (now >= beforeToQty + qty)
      return { kind: 'done', note: `${symbol} now shows ${now} in ${to}.` };
    return { kind: 'unknown', note: `${symbol} shows ${now} in ${to}` };
  };
}
