/**
 * The order actions of the order service: place, modify and cancel, one at a time or in
 * baskets. Each is pre-checked, sent once through the action kit, and reconciled when its
 * answer is lost (see order-service.ts for the rules); exit and convert are position-actions.ts.
 */
import { OrderStatus, OrderType, Side, orderTypeLabel } from '../../../../shared/broker/enums';
import { ErrorCode } from '../../../../shared/broker/errors';
import type { Order, OrderIntent, PrecheckViolation } from '../../../../shared/broker/models';
import type { OrderDraft } from '../../../../shared/broker/rules';
import { placeBody, modifyBody } from '../../broker/order-requests';
import type { ModifyOrderInput } from '../../broker/order-requests';
import { cancelCheck, modifyCheck, placeCheck } from '../reconcile/reconcile-checks';
import { precheckCancel, precheckModify, precheckPlace } from '../checks/order-prechecks';
import type { ActionKit } from './action-kit';
import { runBatch } from './order-batch';
import { refuseWhileStopped, type TradingStopSource } from './trading-stop';

/** Per-call options of order actions. */
export interface ActionOptions {
  /** The trader confirmed a fat-finger warning; broker rules still apply. */
  confirmGuards?: boolean;
  /** The client's id of this send act (place, basket): carried out once per session (send-once). */
  sendId?: string;
}

/** What the order actions need besides the kit. */
export interface OrderActionDeps {
  kit: ActionKit;
  /** A trading stop in force (kill switch, daily limit): new orders and changes are refused. */
  stopped?: TradingStopSource;
  /** CNC sells checked against holdings and eDIS (see order-service's `dematCheck`). */
  dematCheck(drafts: readonly OrderDraft[]): Promise<PrecheckViolation[][]>;
}

/** The summary of a placement the trader reads ("BUY 1 NSE:SBIN-EQ LIMIT @ 700 INTRADAY"). */
export function describe(d: OrderDraft): string {
  const type = orderTypeLabel(d.type).toUpperCase();
  const limit = d.type === OrderType.Limit || d.type === OrderType.StopLimit;
  const stop = d.type === OrderType.Stop || d.type === OrderType.StopLimit;
  const price = limit ? ` @ ${d.limitPrice}` : '';
  const trigger = stop ? ` trigger ${d.stopPrice}` : '';
  return `${d.side === Side.Buy ? 'BUY' : 'SELL'} ${d.qty} ${d.symbol} ${type}${price}${trigger} ${d.productType}`;
}

/**

 * there is recognised by a new opposite order, which this one could be (a pushed update may
 * show it before its answer claims it), so such a watch pauses until this order has settled
 * and its id is claimed. It never ends: the exit may still land, and both then exist.
 */
export function placeTargets(d: OrderDraft): string[] {
  return [`position:${d.symbol}-${d.productType}`];
}

/** Builds place, modify and cancel (single and basket) over the service's kit. */
export function createOrderActions(d: OrderActionDeps) {
  const { kit, dematCheck } = d;
  const { ctx, payloads, send, blocked } = kit;
  const { tracker } = ctx;
  const opts = { broker: ctx.broker, instruments: ctx.instruments, stopped: d.stopped };

  /**
   * A cached row in Transit may be seconds old (Transit lasts a moment): read the order again
   * before refusing an action on it, so a stale cache never blocks a now-pending order.
   */
  async function freshIfTransit(o: Order | undefined): Promise<Order | undefined> {
    if (o?.status !== OrderStatus.Transit) return o;
    const again = await opts.broker.getOrder(o.id, { priority: 'order' }).catch(() => null);
    if (again) ctx.rememberOrder(again);
    return again ?? o;
  }

  async function currentOrder(id: string): Promise<Order | null> {
    const cached = await freshIfTransit(ctx.order(id));
    return cached ?? (await opts.broker.getOrder(id, { priority: 'order' }));
  }

  const actions = {
    /** Places one order. */
    async place(draft: OrderDraft, o: ActionOptions = {}): Promise<OrderIntent> {
      refuseWhileStopped(opts.stopped);
      const intent = await tracker.create('place', describe(draft), { draft });
      payloads.set(intent.intentId, () => actions.place(draft, { confirmGuards: o.confirmGuards }));
      const v = precheckPlace(draft, opts.instruments, ctx.limits(), o.confirmGuards);
      // A CNC sell is checked against holdings and eDIS read now, before it can go.
      if (!v.length) v.push(...(await dematCheck([draft]))[0]!);
      if (v.length) return blocked(intent, v);
      ctx.holdLateWatchesFor(intent.intentId, placeTargets(draft));
      const snap = ctx.sendSnapshot();
      const result = await send(
        intent,
        placeBody(draft),
        () => opts.broker.placeOrder(draft, { onSent: (at) => ctx.markSent(snap, at) }),
        (hint) => placeCheck(ctx, draft, snap, hint),
      );
      if (result.status === 'done' && result.orderId) ctx.noteSent(result.orderId, snap.sentAt);
      return result;
    },

    /**
     * Places a basket: up to 10 orders per request, more split into several (see
     * order-batch); a failed pre-check of any order blocks the whole basket.
     */
    async placeMany(drafts: OrderDraft[], o: ActionOptions = {}): Promise<OrderIntent[]> {
      refuseWhileStopped(opts.stopped);
      const demat = await dematCheck(drafts);
      return runBatch(
        ctx,
        {
          action: 'place',
          items: drafts,
          describe,
          payload: (d) => ({ draft: d }),
          holds: placeTargets,
          resend: (d) => () => actions.place(d, { confirmGuards: o.confirmGuards }),
          precheck: (d, i) => [
            ...precheckPlace(d, opts.instruments, ctx.limits(), o.confirmGuards),
            ...(demat[i] ?? []),
          ],
          body: placeBody,
          request: (part) => {
            const snap = ctx.sendSnapshot();
            return {
              send: async (onSent) => {
                const results = await opts.broker.placeOrders(part, {
                  onSent: (at) => {
                    ctx.markSent(snap, at);
                    onSent(at);
                  },
                });
                for (const r of results)
                  if (r.ok && r.ack?.id && !r.ack.unacknowledged)
                    ctx.noteSent(r.ack.id, snap.sentAt);
                return results;
              },
              check: (d, hint) => placeCheck(ctx, d, snap, hint),
            };
          },
        },
        payloads,
      );
    },

    /** Modifies one pending order. */
    async modify(m: ModifyOrderInput, o: ActionOptions = {}): Promise<OrderIntent> {
      refuseWhileStopped(opts.stopped);
      const intent = await tracker.create('modify', `MODIFY ${m.id}`, { modify: m });
      payloads.set(intent.intentId, () => actions.modify(m, o));
      let current: Order | null;
      try {
        current = await currentOrder(m.id);
      } catch (err) {
        return ctx.failBeforeSend(intent, err);
      }
      if (!current)
        return blocked(intent, [
          {
            field: 'id',
            message: `Order ${m.id} is not in the order book.`,
            code: ErrorCode.InvalidOrderId,
            guard: null,
          },
        ]);
      const v = precheckModify(current, m, opts.instruments, ctx.limits(), o.confirmGuards);
      if (v.length) return blocked(intent, v);
      return send(
        intent,
        modifyBody(m),
        () => opts.broker.modifyOrder(m, { onSent: () => ctx.actingOn([`order:${m.id}`]) }),
        () => modifyCheck(ctx, m),
      );
    },

    /** Modifies pending orders, up to 10 per request. */
    async modifyMany(ms: ModifyOrderInput[], o: ActionOptions = {}): Promise<OrderIntent[]> {
      refuseWhileStopped(opts.stopped);
      const current = new Map<string, Order | null>();
      // An order the book still shows in transit is read again first, as a single modify does.
      for (const m of ms) current.set(m.id, (await freshIfTransit(ctx.order(m.id))) ?? null);
      return runBatch(
        ctx,
        {
          action: 'modify',
          items: ms,
          describe: (m) => `MODIFY ${m.id}`,
          payload: (m) => ({ modify: m }),
          targets: (m) => [`order:${m.id}`],
          resend: (m) => () => actions.modify(m, o),
          precheck: (m) => {
            const cur = current.get(m.id);
            return cur
              ? precheckModify(cur, m, opts.instruments, ctx.limits(), o.confirmGuards)
              : [];
          },
          body: modifyBody,
          request: (part) => ({
            send: (onSent) => opts.broker.modifyOrders(part, { onSent }),
            check: (m) => modifyCheck(ctx, m),
          }),
        },
        payloads,
      );
    },

    /** Cancels one pending order. */
    async cancel(id: string): Promise<OrderIntent> {
      const intent = await tracker.create('cancel', `CANCEL ${id}`, { id });
      payloads.set(intent.intentId, () => actions.cancel(id));
      const v = precheckCancel(await freshIfTransit(ctx.order(id)));
      if (v.length) return blocked(intent, v);
      return send(
        intent,
        { id },
        () => opts.broker.cancelOrder(id, { onSent: () => ctx.actingOn([`order:${id}`]) }),
        () => cancelCheck(ctx, id),
      );
    },

    /** Cancels pending orders, up to 10 per request. */
    async cancelMany(ids: string[]): Promise<OrderIntent[]> {
      // As a single cancel: an order the book still shows in transit is read again first (a
      // push or a read that trails the exchange's acknowledgement must not refuse the cancel).
      await Promise.all(ids.map((id) => freshIfTransit(ctx.order(id))));
      return runBatch(
        ctx,
        {
          action: 'cancel',
          items: ids,
          describe: (id) => `CANCEL ${id}`,
          payload: (id) => ({ id }),
          targets: (id) => [`order:${id}`],
          resend: (id) => () => actions.cancel(id),
          precheck: (id) => precheckCancel(ctx.order(id)),
          body: (id) => ({ id }),
          request: (part) => ({
            send: (onSent) => opts.broker.cancelOrders(part, { onSent }),
            check: (id) => cancelCheck(ctx, id),
          }),
        },
        payloads,
      );
    },
  };
  return actions;
}
