/**
 * The v3 order socket's messages turned into the app's Order (docs/broker-v3.md, "Order
 * socket"). v3 sends `{"orders":{…}}` in wire names (`qty_filled`, `ord_status`, …) with its
 * own status codes; this renames them by the shared table to the REST names and codes and
 * then reads the row with the one order normalizer, so an order reads the same whether it
 * came from the book, a v2 update or a v3 update. `trades` and `positions` messages need no
 * parse: a fill moves `qty_filled` on the order, and the order feed reads positions then.
 */
import {
  ORDER_WIRE_TO_REST,
  SOCKET_STATUS_TO_REST,
  V3_ORDER_PONG,
  V3OrderChannel,
  wireToRest,
} from '../../../../shared/broker/v3/order-socket-wire';
import { normalizeOrder } from '../../broker/normalize/orders';
import { obj } from '../../broker/normalize/coerce';
import { MAX_ORDER_UPDATE_TEXT, type OrderUpdateResult } from '../socket-normalize';

/** One v3 order-socket text message: an order, a reason it was malformed, or nothing to do. */
export function parseV3OrderUpdate(text: string): OrderUpdateResult {
  const m = readV3OrderMessage(text);
  if ('malformed' in m || 'ignored' in m) return m;
  return m.kind === V3OrderChannel.Orders ? v3OrderOf(m.payload) : { ignored: true };
}

/** One order-socket message's kind (its one key, e.g. `orders`) and payload. */
export type V3OrderMessage =
  { kind: string; payload: Record<string, unknown> } | { malformed: string } | { ignored: true };

/**
 * Reads one text message's envelope: `{"<kind>": {…}}` gives its kind and payload; the pong,
 * and JSON of another shape, are nothing to do; text that is too large or not JSON is malformed.
 */
export function readV3OrderMessage(text: string): V3OrderMessage {
  if (text.length > MAX_ORDER_UPDATE_TEXT) return { malformed: 'order-update-too-large' };
  if (text.trim() === V3_ORDER_PONG) return { ignored: true };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { malformed: 'order-update-not-json' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { ignored: true };
  for (const [kind, payload] of Object.entries(parsed))
    if (typeof payload === 'object' && payload !== null && !Array.isArray(payload))
      return { kind, payload: obj(payload) };
  return { ignored: true };
}

/** An `orders` message's payload (wire names, socket status codes) as the app's Order. */
export function v3OrderOf(wire: Record<string, unknown>): OrderUpdateResult {
  const rest = wireToRest(wire, ORDER_WIRE_TO_REST);
  // An unknown socket status has no REST meaning: never guess a state for it (the next book
  // read says where the order stands).
  const code = typeof wire.ord_status === 'number' ? wire.ord_status : Number(wire.ord_status);
  const status = SOCKET_STATUS_TO_REST.get(code);
  if (status === undefined) return { malformed: 'order-update-unknown-status' };
  rest.status = status;
  rest.svctoken = rest.fyToken;
  let order;
  try {
    order = normalizeOrder(rest);
  } catch (err) {
    return { malformed: `order-update-${err instanceof Error ? err.message : 'bad'}` };
  }
  if (!order.id) return { malformed: 'order-update-without-id' };
  return { order };
}
