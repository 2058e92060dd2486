import type { Order, Trade } from '../../../shared/broker/models';
import { formatIstTime, istDayKey, toCsv } from '../../../shared/format';
import { exchangeLabel, orderStatusLabel, segmentLabel, sideLabel } from '../lib/labels';
import { orderTypeLabel } from './order-form';

/** Times in the exports are IST wall-clock, as on screen, with the zone said once in the header. */
const ist = (at: string | null) => {
  const ms = at ? Date.parse(at) : NaN;
  return Number.isFinite(ms) ? `${istDayKey(ms)} ${formatIstTime(ms)}` : '';
};

/** The order book as CSV, every field a trader or their accountant reconciles with. */
export function ordersCsv(orders: readonly Order[]): string {
  return toCsv<Order>(
    [
      { header: 'Time (IST)', value: (o) => ist(o.placedAt) },
      { header: 'Order id', value: (o) => o.id },
      { header: 'Exchange order id', value: (o) => o.exchangeOrderId },
      { header: 'Parent order id', value: (o) => o.parentId ?? '' },
      { header: 'Exchange', value: (o) => exchangeLabel(o.exchange) },
      { header: 'Segment', value: (o) => segmentLabel(o.segment) },
      { header: 'Symbol', value: (o) => o.symbol },
      { header: 'Side', value: (o) => sideLabel(o.side) },
      { header: 'Type', value: (o) => orderTypeLabel(o.type) },
      { header: 'Product', value: (o) => o.productType },
      { header: 'Validity', value: (o) => o.validity },
      { header: 'Qty', value: (o) => o.qty },
      { header: 'Filled', value: (o) => o.filledQty },
      { header: 'Remaining', value: (o) => o.remainingQty },
      { header: 'Limit price', value: (o) => o.limitPrice },
      { header: 'Trigger price', value: (o) => o.stopPrice },
      { header: 'Average price', value: (o) => o.tradedPrice },
      { header: 'Status', value: (o) => orderStatusLabel(o.status) },
      { header: 'Message', value: (o) => o.message },
    ],
    orders,
  );
}

/** Today's fills as CSV. */
export function tradesCsv(trades: readonly Trade[]): string {
  return toCsv<Trade>(
    [
      { header: 'Time (IST)', value: (t) => ist(t.tradedAt) },
      { header: 'Trade no.', value: (t) => t.tradeNumber },
      { header: 'Order id', value: (t) => t.orderId },
      { header: 'Exchange order id', value: (t) => t.exchangeOrderNo },
      { header: 'Exchange', value: (t) => exchangeLabel(t.exchange) },
      { header: 'Segment', value: (t) => segmentLabel(t.segment) },
      { header: 'Symbol', value: (t) => t.symbol },
      { header: 'Side', value: (t) => sideLabel(t.side) },
      { header: 'Product', value: (t) => t.productType },
      { header: 'Qty', value: (t) => t.qty },
      { header: 'Price', value: (t) => t.price },
      { header: 'Value', value: (t) => t.value },
    ],
    trades,
  );
}

/** `orders-2026-11-23.csv`: the IST trading day in the name, so exports sort and never clash by day. */
export function exportName(kind: 'orders' | 'trades', now = Date.now()): string {
  return `${kind}-${istDayKey(now)}.csv`;
}
