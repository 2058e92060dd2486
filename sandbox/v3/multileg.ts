/**
 * The sandbox's v3 multi-leg orders (issue 21 #3/#4, docs/broker-v3.md "Multi-leg orders"):
 * two or three derivative legs of one underlying sent as one `POST /multileg/orders/sync`,
 * as the official SDK's `place_multileg_order` sends them. Every leg is checked before any
 * is placed, and a leg the order desk still refuses (funds, band) rejects the legs placed
 * before it, so the order is all or nothing. Each leg then lives in the book as an ordinary order; the answer
 * is a single place's, with the first leg's id (*inferred*: the SDK passes the answer through).
 */
import { ErrorCode } from '../../shared/broker/errors';
import { OrderStatus, OrderSuccessCode, Segment } from '../../shared/broker/enums';
import type { OrderDraft } from '../../shared/broker/rules';
import {
  V3_LEG_KEYS,
  V3_MULTILEG_LEGS,
  V3_MULTILEG_PATH,
  type V3MultiLegType,
} from '../../shared/broker/v3/multileg-wire';
import type { BrokerCore } from '../core';
import { BrokerFailure, fail } from '../failure';
import { okReply } from '../http/envelope';
import type { Route } from '../http/types';
import { asObject, parseOrderBody } from '../orders/parse';
import { V3_API_PREFIX } from './addresses';

/** The multi-leg route over a core. */
export function multiLegRoutes(core: BrokerCore): Route[] {
  return [
    {
      method: 'POST',
      path: `${V3_API_PREFIX}${V3_MULTILEG_PATH}`,
      access: 'user',
      level: 2,
      operation: 'Order Placement',
      handle: (ctx) => {
        const drafts = multiLegDrafts(core, ctx.body);
        const ids: string[] = [];
        try {
          for (const d of drafts) ids.push(core.desk.place(d).id);
        } catch (e) {
          // All or nothing: the legs already placed (still in transit: no step has run since)
          // are rejected with the reason, as the exchange refuses the whole order.
          const reason = e instanceof BrokerFailure ? e.message : 'a leg was refused';
          for (const id of ids) {
            const o = core.state.book.get(id);
            if (!o || o.status !== OrderStatus.Transit) continue;
            o.status = OrderStatus.Rejected;
            o.message = `Rejected: another leg of the multi-leg order was refused (${reason})`;
            core.state.book.changed(o);
          }
          throw e;
        }
        return okReply(
          { id: ids[0] },
          OrderSuccessCode.Placed,
          'Successfully placed multi-leg order',
        );
      },
    },
  ];
}

/** The request's legs as order drafts, each checked; throws the failure of the first bad one. */
function multiLegDrafts(core: BrokerCore, body: unknown): OrderDraft[] {
  const b = asObject(body, 'multi-leg order');
  const count = V3_MULTILEG_LEGS[b.orderType as V3MultiLegType];
  if (!count) fail(ErrorCode.InvalidOrderType, 'orderType must be "2L" or "3L"');
  if (b.validity !== 'IOC')
    fail(ErrorCode.InvalidValidity, 'validity must be IOC for a multi-leg order');
  const legs = asObject(b.legs, 'legs');
  const keys = V3_LEG_KEYS.slice(0, count);
  const extra = Object.keys(legs).filter((k) => !(keys as readonly string[]).includes(k));
  if (extra.length > 0 || keys.some((k) => legs[k] === undefined))
    fail(
      ErrorCode.InvalidParameters,
      `orderType ${String(b.orderType)} takes legs ${keys.join(', ')}`,
    );
  let underlying: string | null = null;
  return keys.map((k) => {
    const leg = asObject(legs[k], k);
    const draft = parseOrderBody({
      stopPrice: 0,
      disclosedQty: 0,
      stopLoss: 0,
      takeProfit: 0,
      ...leg,
      productType: b.productType,
      validity: b.validity,
      offlineOrder: b.offlineOrder ?? false,
    });
    const i = core.state.index.byTicker(draft.symbol);
    if (!i) fail(ErrorCode.InvalidSymbol, `${k}: invalid symbol ${draft.symbol}`);
    if (i.segment !== Segment.EquityDerivatives)
      fail(ErrorCode.InvalidSymbol, `${k}: a multi-leg order takes futures and options only`);
    underlying ??= i.underlying;
    if (i.underlying !== underlying)
      fail(ErrorCode.InvalidSymbol, `${k}: every leg must be on one underlying`);
    return draft;
  });
}
