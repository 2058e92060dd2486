/**
 * The state checks run while reconciling each kind of action: "does the account now show
 * what this request would have done?" Each returns done / not-done / unknown for the
 * ambiguity resolver, and each can go on watching for a late arrival once "not done" is
 * said (`lateWatcher`, see late-evidence.ts).
 */
import type { OrderDraft } from '../../../../shared/broker/rules';
import type { ConvertPositionInput, ModifyOrderInput } from '../../broker/order-requests';
import type { Order, Positions } from '../../../../shared/broker/models';
import {
  isTerminalStatus,
  OrderStatus,
  orderStatusName,
  Side,
} from '../../../../shared/broker/enums';
import type { CheckResult, StateCheck } from './ambiguity-resolver';
import type { CheckContext, SendSnapshot } from './check-context';
import type { WatchedCheck } from './late-watch';
import {
  cancelWatcher,
  convertWatcher,
  exitWatcher,
  modifyWatcher,
  placeWatcher,
} from './late-evidence';
import { findPlacedCandidates, modifyApplied, rootOrderId } from './reconcile-matcher';

/** A placement check that can also match a book it is handed. */
export type PlaceCheck = WatchedCheck & {
  /** Matches without reading; `final` drops the time window. Claims what it finds. */
  match(book: readonly Order[], final: boolean): CheckResult;
};

/** Looks for the placed order: by the id a 201 answer gave, else by matching fields. */
export function placeCheck(
  ctx: CheckContext,
  draft: OrderDraft,
  sent: SendSnapshot,
  hintId?: string,
): PlaceCheck {
  // Everything in match is synchronous, so two reconciliations cannot claim the same row.
  const match = (book: readonly Order[], final: boolean): CheckResult => {
    if (hintId) {
      const row = book.find((o) => o.id === hintId || rootOrderId(o.id) === hintId);
      if (row) {
        ctx.claim(row.id);
        return {
          kind: 'done',
          orderId: row.id,
          note: `Order ${row.id} is in the order book (${orderStatusName(row.status)}).`,
        };
      }
    }
    const exclude = new Set([...sent.knownAtSend, ...ctx.claimedIds]);
    // The time window needs the broker's clock. Without a calibrated offset, a book seen
    // before sending already excludes every older order, so the window is dropped rather
    // than risk missing the order because the broker's clock differs from ours. The final
    // look before "not placed" always drops it.
    const offset = ctx.serverOffsetMs;
    const useTime = !final && (offset !== null || !sent.bookSeen);
    const [found] = findPlacedCandidates(book, draft, {
      sentAt: useTime ? sent.sentAt : null,
      checkedAt: ctx.clock.now(),
      skewMs: ctx.skewMs,
      offsetMs: offset ?? 0,
      excludeIds: exclude,
    });
    if (found) {
      ctx.claim(found.id);
      return {
        kind: 'done',
        orderId: found.id,
        note: `Found the order in the order book as ${found.id} (${orderStatusName(found.status)}).`,
      };
    }
    return { kind: 'unknown', note: 'no matching order in the order book' };
  };
  const check = async (o?: { final?: boolean }): Promise<CheckResult> =>
    match(await ctx.readBook(), o?.final ?? false);
  return Object.assign(check, { match, lateWatcher: placeWatcher(match) });
}

function watched(check: StateCheck, lateWatcher: WatchedCheck['lateWatcher']): WatchedCheck {
  return Object.assign(check, { lateWatcher });
}

/** Whether a modify took effect on the order. */
export function modifyCheck(ctx: CheckContext, m: ModifyOrderInput): WatchedCheck {
  return watched(
    async (): Promise<CheckResult> => {
      const o = await ctx.broker.getOrder(m.id, { priority: 'order', fresh: true });
      if (!o) return { kind: 'not-done', note: `Order ${m.id} is not in the order book.` };
      ctx.rememberOrder(o);
      if (modifyApplied(o, m))
        return { kind: 'done', orderId: o.id, note: `Order ${o.id} shows the new values.` };
      if (isTerminalStatus(o.status))
        return {
          kind: 'not-done',
          note: `Order ${o.id} ended (${orderStatusName(o.status)}) without the change.`,
        };
      return { kind: 'unknown', note: `order ${o.id} still shows the old values` };
    },
    () => modifyWatcher(ctx, m),
  );
}

/** Whether a cancel took effect. */
export function cancelCheck(ctx: CheckContext, id: string): WatchedCheck {
  return watched(
    async (): Promise<CheckResult> => {
      const o = await ctx.broker.getOrder(id, { priority: 'order', fresh: true });
      if (!o) return { kind: 'not-done', note: `Order ${id} is not in the order book.` };
      ctx.rememberOrder(o);
      if (o.status === OrderStatus.Canceled)
        return { kind: 'done', orderId: o.id, note: `Order ${o.id} is cancelled.` };
      if (isTerminalStatus(o.status))
        return {
          kind: 'not-done',
          note: `Order ${o.id} ended ${orderStatusName(o.status)}, not cancelled.`,
        };
      return { kind: 'unknown', note: `order ${o.id} is still pending` };
    },
    () => cancelWatcher(ctx, id),
  );
}

/**
 * Whether positions were exited: the position is flat, or a new opposite order for its full
 * quantity appeared (an exit placed while the market is closed waits as a pending order).
 */
export function exitCheck(
  ctx: CheckContext,
  positionId: string | null,
  before: Map<string, number>,
  sent: { readonly knownAtSend: ReadonlySet<string>; readonly sentAt?: number },
): WatchedCheck {
  // Recovery after a restart has no snapshot: then every position open now is a target.
  const targetsIn = (positions: { positions: { id: string; netQty: number }[] }) =>
    positionId !== null
      ? [positionId]
      : before.size > 0
        ? [...before.keys()]
        : positions.positions.filter((p) => p.netQty !== 0).map((p) => p.id);
  // What the last read showed: the late-arrival watch starts from it (see exitWatcher).
  let seen: Positions | undefined;
  return watched(
    async (): Promise<CheckResult> => {
      const [positions, book] = await Promise.all([ctx.readPositions(), ctx.readBook()]);
      seen = positions;
      const targets = targetsIn(positions);
      const fresh = book.filter((o) => !sent.knownAtSend.has(o.id));
      const open = targets.filter((id) => {
        const p = positions.positions.find((x) => x.id === id);
        if (!p || p.netQty === 0) return false;
        const exitSide = p.netQty > 0 ? Side.Sell : Side.Buy;
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
    },
    () =>
      exitWatcher(ctx, {
        positionId,
        targets: targetsIn(seen ?? { positions: [] }),
        sent,
        baseline: seen,
      }),
  );
}

/** Whether a convert moved the quantity into the target product. */
export function convertCheck(
  ctx: CheckContext,
  c: ConvertPositionInput,
  beforeToQty: number,
): WatchedCheck {
  const { symbol, convertTo: to, convertQty: qty } = c;
  // What the last read showed: the late-arrival watch starts from it (see convertWatcher).
  let seen: Positions | undefined;
  return watched(
    async (): Promise<CheckResult> => {
      const positions = await ctx.readPositions();
      seen = positions;
      const target = positions.positions.find((p) => p.symbol === symbol && p.productType === to);
      const now = Math.abs(target?.netQty ?? 0);
      if (now >= beforeToQty + qty)
        return { kind: 'done', note: `${symbol} now shows ${now} in ${to}.` };
      return { kind: 'unknown', note: `${symbol} shows ${now} in ${to}` };
    },
    () => convertWatcher(ctx, c, seen),
  );
}
