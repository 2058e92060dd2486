/**
 * One order row as the broker client gives it (a pending intraday limit buy of SBIN), for
 * the alert tests to vary field by field.
 */
import { Exchange, OrderStatus, OrderType, Segment, Side } from '../../../shared/broker/enums';
import type { Order } from '../../../shared/broker/models';

/** The row with `over` applied. */
export function order(over: Partial<Order>): Order {
  return {
    id: '1',
    exchangeOrderId: '',
    symbol: 'NSE:SBIN-EQ',
    qty: 10,
    remainingQty: 10,
    filledQty: 0,
    status: OrderStatus.Pending,
    slNo: 1,
    message: '',
    segment: Segment.CapitalMarket,
    exchange: Exchange.NSE,
    instrument: 0,
    limitPrice: 812.5,
    stopPrice: 0,
    productType: 'INTRADAY',
    type: OrderType.Limit,
    side: Side.Buy,
    disclosedQty: 0,
    disclosedQtyRemaining: null,
    validity: 'DAY',
    placedAt: '2026-11-24T04:00:00.000Z',
    parentId: null,
    tradedPrice: 0,
    source: 'API',
    token: '',
    offline: false,
    ltp: null,
    ...over,
  };
}
