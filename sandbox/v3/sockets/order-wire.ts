/**
 * The v3 order socket's presentation of the one engine's orders, fills and positions: the
 * REST rows the v2 presentation builds (clean names), renamed to the socket's wire names and
 * status codes by the shared tables. Deriving from the same rows is what keeps a socket
 * update equal to what the order book, trade book and positions say.
 */
import {
  ORDER_WIRE_TO_REST,
  POSITION_WIRE_TO_REST,
  REST_STATUS_TO_SOCKET,
  TRADE_WIRE_TO_REST,
  restToWire,
} from '../../../shared/broker/v3/order-socket-wire';
import type { BrokerCore } from '../../core';
import type { PositionFigures } from '../../account/position-ledger';
import type { SimOrder, SimTrade } from '../../orders/model';
import { positionShape, tradeShape } from '../../present/trading';

/** One order as the v3 socket sends it (the `orders` object of a message). */
export function wireOrder(core: BrokerCore, o: SimOrder): Record<string, unknown> {
  const rest = core.orderRow(o);
  const wire = restToWire({ ...rest, fyToken: o.instrument.token }, ORDER_WIRE_TO_REST);
  wire.ord_status = REST_STATUS_TO_SOCKET[o.status];
  return wire;
}

/** One fill as the v3 socket sends it (the `trades` object). */
export function wireTrade(core: BrokerCore, t: SimTrade): Record<string, unknown> {
  const rest = tradeShape(t, false, core.user.svc_id);
  return restToWire(
    { ...rest, clientId: core.user.svc_id, orderType: t.orderType, fyToken: t.instrument.token },
    TRADE_WIRE_TO_REST,
  );
}

/** One net position as the v3 socket sends it (the `positions` object). */
export function wirePosition(p: PositionFigures): Record<string, unknown> {
  const rest = positionShape(p, false);
  return restToWire(
    {
      ...rest,
      buyVal: Math.round(p.buyVal * 100) / 100,
      sellVal: Math.round(p.sellVal * 100) / 100,
      fyToken: p.instrument.token,
    },
    POSITION_WIRE_TO_REST,
  );
}
