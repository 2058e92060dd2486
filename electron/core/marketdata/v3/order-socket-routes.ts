/**
 * The one place a v3 order-socket message kind is routed (docs/broker-v3.md, "Order socket").
 * Each row names a channel the app subscribes to and what it does with that channel's
 * messages; the subscribe message lists exactly these rows' channels, so reading a new kind
 * (price alerts, GTT, eDIS) is one row here and, when it needs a new destination, one more
 * method on `V3OrderSocketSink`.
 */
import type { Order } from '../../../../shared/broker/models';
import { V3OrderChannel } from '../../../../shared/broker/v3/order-socket-wire';
import { readV3OrderMessage, v3OrderOf } from './order-update';
import type { BrokerAlertFired } from '../../broker/broker-alerts';
import { v3AlertPushOf } from '../../broker/dialects/fyers-v3/price-alerts';

/** Where the order socket's messages go (the market-data service's order path). */
export interface V3OrderSocketSink {
  /** An order changed state: the same path as a v2 update (journal, reconcile, alerts). */
  order(order: Order): void;
  /** A broker-held price alert fired (the Alerts holder raises the app's alert once). */
  alertFired(fired: BrokerAlertFired): void;
  /** A message of a routed kind that could not be read, by reason. */
  malformed(reason: string): void;
}

/** What the app does with one kind's payload. */
type V3OrderRoute = (payload: Record<string, unknown>, sink: V3OrderSocketSink) => void;

/**
 * The kinds the app reads, keyed by the message's key (= its channel). `trades` and
 * `positions` are not read: a fill moves `qty_filled` on its order, and the order feed then
 * reads positions once.
 */
export const V3_ORDER_SOCKET_ROUTES: Readonly<Partial<Record<V3OrderChannel, V3OrderRoute>>> = {
  [V3OrderChannel.Orders]: (payload, sink) => {
    const r = v3OrderOf(payload);
    if ('order' in r) sink.order(r.order);
    else if ('malformed' in r) sink.malformed(r.malformed);
  },
  [V3OrderChannel.PriceAlerts]: (payload, sink) => {
    const fired = v3AlertPushOf(payload);
    if (fired) sink.alertFired(fired);
    else sink.malformed('price-alert-push-unreadable');
  },
};

/** The channels the app subscribes to: every routed kind. */
export function v3OrderSocketChannels(): V3OrderChannel[] {
  return Object.keys(V3_ORDER_SOCKET_ROUTES) as V3OrderChannel[];
}

/** Routes one text message to its kind's row; a kind without a row is nothing to do. */
export function dispatchV3OrderMessage(text: string, sink: V3OrderSocketSink): void {
  const m = readV3OrderMessage(text);
  if ('malformed' in m) return sink.malformed(m.malformed);
  if ('ignored' in m) return;
  const route = (V3_ORDER_SOCKET_ROUTES as Record<string, V3OrderRoute | undefined>)[m.kind];
  route?.(m.payload, sink);
}
