/**
 * Order book normalizer: discloseQty/disclosedQty, dqQtyRem, svcToken/svctoken, ids as
 * numbers or strings, numeric strings, 'True'/'False' flags and DD-MMM-YYYY IST times.
 */
import { plainBrokerReason } from '../../../../shared/broker/plain-reason';
import type { Order } from '../../../../shared/broker/models';
import { parseIstDateTime } from '../../../../shared/format/ist';
import { BrokerError } from '../broker-error';
import { bool, num, numOrNull, oneOf, pick, shown, side, str, strOrNull } from './coerce';
import type { Raw } from './coerce';
import { readRows, type SkippedRowSink } from './rows';
import { OrderStatus, OrderType } from '../../../../shared/broker/enums';

const STATUSES = Object.values(OrderStatus);
const TYPES = Object.values(OrderType);
const PRODUCTS = ['CNC', 'INTRADAY', 'MARGIN', 'CO', 'BO'] as const;
const VALIDITIES = ['DAY', 'IOC'] as const;

function statusOf(raw: Raw): Order['status'] {
  const direct = numOrNull(raw.status);
  if (direct !== null && (STATUSES as readonly number[]).includes(direct))
    return direct as Order['status'];
  // orderNumStatus is '<order_id>:<status>'; use it when status itself is missing or odd.
  const tail = /:(\d+)\s*$/.exec(str(raw.orderNumStatus))?.[1];
  return oneOf(tail ?? raw.status, STATUSES, 'order status');
}

/** Turns one raw order row into the clean Order. */
export function normalizeOrder(raw: Raw): Order {
  const s = side(raw.side);
  if (s === undefined) throw BrokerError.malformedPayload(`order side ${shown(raw.side)}`);
  const validity = pick(raw, 'orderValidity', 'validity');
  return {
    id: str(raw.id),
    exchangeOrderId: str(pick(raw, 'exchOrdId', 'exchOrderId')),
    symbol: str(raw.symbol),
    qty: num(raw.qty),
    remainingQty: num(pick(raw, 'remainingQuantity', 'remainingQty')),
    filledQty: num(raw.filledQty),
    status: statusOf(raw),
    slNo: num(raw.slNo),
    // The reason a trader reads (order book, alerts): no broker paths in it.
    message: plainBrokerReason(str(raw.message)),
    segment: num(raw.segment),
    exchange: num(raw.exchange),
    instrument: numOrNull(raw.instrument),
    limitPrice: num(raw.limitPrice),
    stopPrice: num(raw.stopPrice),
    productType: oneOf(raw.productType, PRODUCTS, 'productType'),
    type: oneOf(raw.type, TYPES, 'order type'),
    side: s,
    disclosedQty: num(pick(raw, 'disclosedQty', 'discloseQty')),
    disclosedQtyRemaining: numOrNull(raw.dqQtyRem),
    validity: validity === undefined ? 'DAY' : oneOf(validity, VALIDITIES, 'validity'),
    placedAt: parseIstDateTime(str(raw.orderDateTime)) ?? null,
    parentId: strOrNull(raw.parentId),
    tradedPrice: num(raw.tradedPrice),
    source: str(raw.source),
    token: str(pick(raw, 'svctoken', 'svcToken', 'fytoken')),
    offline: bool(raw.offlineOrder),
    ltp: numOrNull(pick(raw, 'ltp', 'lp')),
    ...tagOf(raw),
  };
}

/** The order's tag (REST `orderTag`; the v3 socket's `ordertag` arrives renamed), when it has one. */
function tagOf(raw: Raw): { tag?: string } {
  const t = strOrNull(pick(raw, 'orderTag', 'ordertag'));
  return t ? { tag: t } : {};
}

/** Turns the `orderBook` list into clean orders; a row it cannot read goes to `skip`. */
export function normalizeOrderBook(rows: unknown, skip?: SkippedRowSink): Order[] {
  return readRows(rows, 'orders', normalizeOrder, skip);
}
