/**
 * The v3 GTT calls (docs/broker-v3.md "GTT"): POST, PATCH and DELETE on `/gtt/orders/sync`
 * and the GTT book on GET `/gtt/orders`, with the bodies and answers of the broker's API
 * reference and its official SDK (place_gtt_order, gtt_modify_order, gtt_cancel_order,
 * get_gtt_orders). Untrusted bodies are parsed here into the shared draft type, each missing
 * or mistyped field answered by name.
 */
import { Side } from '../../shared/broker/enums';
import { ErrorCode } from '../../shared/broker/errors';
import { GttProduct, type GttDraft, type GttLeg } from '../../shared/broker/gtt';
import { GttOcoInd, V3_GTT_BOOK_PATH, V3_GTT_SYNC_PATH } from '../../shared/broker/v3/gtt-wire';
import type { BrokerCore } from '../core';
import { fail } from '../failure';
import { okReply } from '../http/envelope';
import type { Reply, Route } from '../http/types';
import { asObject, parseIdBody } from '../orders/parse';
import { fmtDdMmmYyyy } from '../time/ist';
import { V3_API_PREFIX } from '../v3/addresses';
import type { GttAck, SimGtt } from './gtt-desk';

type Body = Record<string, unknown>;

/** A leg's numbers; with `partial`, a missing one stays undefined (modify keeps its value). */
function parseLeg(v: unknown, name: string, partial: boolean): Partial<GttLeg> {
  const b = asObject(v, `orderInfo.${name}`);
  const out: Partial<GttLeg> = {};
  for (const [key, field] of [
    ['price', 'limitPrice'],
    ['triggerPrice', 'triggerPrice'],
    ['qty', 'qty'],
  ] as const) {
    const x = b[key];
    if (x === undefined || x === null) {
      if (!partial) fail(ErrorCode.InvalidParameters, `orderInfo.${name}.${key} is required`);
      continue;
    }
    if (typeof x !== 'number' || !Number.isFinite(x) || x <= 0)
      fail(
        key === 'qty' ? ErrorCode.InvalidQty : ErrorCode.InvalidLimitPrice,
        `orderInfo.${name}.${key} must be a positive number, got ${JSON.stringify(x)}`,
      );
    if (key === 'qty' && !Number.isInteger(x))
      fail(ErrorCode.InvalidQty, `orderInfo.${name}.qty must be a whole number`);
    out[field] = x;
  }
  return out;
}

/** The body of a GTT create into a draft (OCO when it has a leg2). */
function parseCreate(body: unknown): GttDraft {
  const b = asObject(body, 'GTT order');
  if (typeof b.symbol !== 'string' || b.symbol === '')
    fail(ErrorCode.InvalidParameters, 'symbol is required');
  const side = b.side;
  if (side !== Side.Buy && side !== Side.Sell)
    fail(ErrorCode.InvalidSide, 'side must be 1 (buy) or -1 (sell)');
  const product = GttProduct.safeParse(b.productType);
  if (!product.success)
    fail(ErrorCode.InvalidProductType, 'productType must be CNC or MARGIN for a GTT order');
  const info = asObject(b.orderInfo, 'orderInfo');
  const leg1 = parseLeg(info.leg1, 'leg1', false) as GttLeg;
  const base = { symbol: b.symbol, side, productType: product.data };
  if (info.leg2 === undefined || info.leg2 === null) return { kind: 'single', ...base, leg: leg1 };
  return { kind: 'oco', ...base, target: leg1, stop: parseLeg(info.leg2, 'leg2', false) as GttLeg };
}

/** One row of the GTT book, with the reference's field names. */
export function gttShape(g: SimGtt, ltp: number, svcId: string): Record<string, unknown> {
  const i = g.instrument;
  const d = g.draft;
  const leg1 = d.kind === 'single' ? d.leg : d.target;
  const leg2 = d.kind === 'oco' ? d.stop : null;
  return {
    clientId: svcId,
    exchange: i.exchange,
    fy_token: i.token,
    id_fyers: `gtt-${g.id}`,
    id: g.id,
    instrument: i.instrumentType,
    lot_size: i.lotSize,
    multiplier: 0,
    ord_status: g.status,
    precision: 2,
    price_limit: leg1.limitPrice,
    price2_limit: leg2?.limitPrice ?? 0,
    price_trigger: leg1.triggerPrice,
    price2_trigger: leg2?.triggerPrice ?? 0,
    product_type: d.productType,
    qty: leg1.qty,
    qty2: leg2?.qty ?? 0,
    report_type: g.reportType,
    segment: i.segment,
    symbol: i.ticker,
    symbol_desc: i.name,
    symbol_exch: i.ticker.split(':')[1]?.replace(/-[A-Z]+$/, '') ?? '',
    tick_size: i.tickSize,
    tran_side: d.side,
    gtt_oco_ind: d.kind === 'oco' ? GttOcoInd.Oco : GttOcoInd.Single,
    create_time: fmtDdMmmYyyy(g.createdAt),
    create_time_epoch: Math.floor(g.createdAt / 1000),
    oms_msg: g.message,
    ltp_ch: 0,
    ltp_chp: 0,
    ltp,
  };
}

/** Builds the v3 GTT routes over a core. */
export function gttRoutes(core: BrokerCore): Route[] {
  const ack = (a: GttAck): Reply => okReply({ id: a.id }, a.code, a.message);
  const sync = `${V3_API_PREFIX}${V3_GTT_SYNC_PATH}`;
  return [
    {
      method: 'GET',
      path: `${V3_API_PREFIX}${V3_GTT_BOOK_PATH}`,
      access: 'user',
      level: 1,
      operation: 'Orders',
      handle: () =>
        okReply({
          orderBook: core.gtt
            .list()
            .map((g) => gttShape(g, core.state.ltp(g.instrument), core.user.svc_id)),
        }),
    },
    {
      method: 'POST',
      path: sync,
      access: 'user',
      level: 2,
      operation: 'Order Placement',
      handle: (ctx) => ack(core.gtt.place(parseCreate(ctx.body))),
    },
    {
      method: 'PATCH',
      path: sync,
      access: 'user',
      level: 2,
      operation: 'Order Modification',
      handle: (ctx) => {
        const b: Body = asObject(ctx.body, 'GTT modify request');
        const id = parseIdBody(b, 'GTT modify request');
        const info = asObject(b.orderInfo, 'orderInfo');
        const leg1 = parseLeg(info.leg1, 'leg1', true);
        const leg2 =
          info.leg2 === undefined || info.leg2 === null ? null : parseLeg(info.leg2, 'leg2', true);
        return ack(core.gtt.modify(id, leg1, leg2));
      },
    },
    {
      method: 'DELETE',
      path: sync,
      access: 'user',
      level: 2,
      operation: 'Order Cancellation',
      handle: (ctx) => ack(core.gtt.cancel(parseIdBody(ctx.body, 'GTT cancel request'))),
    },
  ];
}
