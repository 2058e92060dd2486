/**
 * The v3 order socket's wire vocabulary (docs/broker-v3.md, "Order socket"): its field names
 * differ from the REST order book's, and so do its order status codes. The broker's SDK
 * (`fyers-api-v3` 1.9.0, `ordersocket/mapper.js` and `fyersSocket.js`) renames them; these
 * tables are those facts, written once, so the sandbox (REST row → wire) and the app
 * (wire → REST row) cannot disagree about a single name or code.
 */
import { OrderStatus, type OrderStatusCode } from '../enums';

/** Where the v3 order socket lives under the socket host (the SDK's `Order_SOCKET` path). */
export const V3_ORDER_SOCKET_PATH = '/trade/v3';

/** The channels a client may subscribe to (`SLIST`), as the SDK names them. */
export const V3OrderChannel = {
  Orders: 'orders',
  Trades: 'trades',
  Positions: 'positions',
  Edis: 'edis',
  PriceAlerts: 'pricealerts',
} as const;
/** One order-socket channel name. */
export type V3OrderChannel = (typeof V3OrderChannel)[keyof typeof V3OrderChannel];

/** `SUB_T` values: subscribe and unsubscribe (v3 uses -1, v2 used 0). */
export const V3SubscribeFlag = { On: 1, Off: -1 } as const;

/** The subscribe (or unsubscribe) message for these channels. */
export function v3SubscribeOrders(channels: readonly V3OrderChannel[], on: boolean): string {
  return JSON.stringify({
    T: 'SUB_ORD',
    SLIST: [...channels],
    SUB_T: on ? V3SubscribeFlag.On : V3SubscribeFlag.Off,
  });
}

/** The client's heartbeat text and the server's answer (bare words, not JSON strings). */
export const V3_ORDER_PING = 'ping';
/** The server's answer to a ping. */
export const V3_ORDER_PONG = 'pong';

/** Order fields: wire name → REST order-book name (SDK `ordersMapper`). */
export const ORDER_WIRE_TO_REST: Readonly<Record<string, string>> = {
  client_id: 'clientId',
  id: 'id',
  id_parent: 'parentId',
  id_exchange: 'exchOrdId',
  qty: 'qty',
  qty_remaining: 'remainingQuantity',
  qty_filled: 'filledQty',
  price_limit: 'limitPrice',
  price_stop: 'stopPrice',
  price_traded: 'tradedPrice',
  ord_type: 'type',
  fy_token: 'fyToken',
  exchange: 'exchange',
  segment: 'segment',
  symbol: 'symbol',
  instrument: 'instrument',
  oms_msg: 'message',
  offline_flag: 'offlineOrder',
  time_oms: 'orderDateTime',
  validity: 'orderValidity',
  product_type: 'productType',
  tran_side: 'side',
  ord_status: 'status',
  ord_source: 'source',
  symbol_exch: 'ex_sym',
  symbol_desc: 'description',
  ordertag: 'orderTag',
};

/** Trade fields: wire name → REST trade-book name (SDK `tradebookMapper`). */
export const TRADE_WIRE_TO_REST: Readonly<Record<string, string>> = {
  id_fill: 'tradeNumber',
  id: 'orderNumber',
  qty_traded: 'tradedQty',
  price_traded: 'tradePrice',
  traded_val: 'tradeValue',
  product_type: 'productType',
  client_id: 'clientId',
  id_exchange: 'exchangeOrderNo',
  ord_type: 'orderType',
  tran_side: 'side',
  symbol: 'symbol',
  fill_time: 'orderDateTime',
  fy_token: 'fyToken',
  exchange: 'exchange',
  segment: 'segment',
  ordertag: 'orderTag',
};

/** Position fields: wire name → REST positions name (SDK `positionbookMapper`). */
export const POSITION_WIRE_TO_REST: Readonly<Record<string, string>> = {
  symbol: 'symbol',
  id: 'id',
  buy_avg: 'buyAvg',
  buy_qty: 'buyQty',
  buy_val: 'buyVal',
  sell_avg: 'sellAvg',
  sell_qty: 'sellQty',
  sell_val: 'sellVal',
  net_avg: 'netAvg',
  net_qty: 'netQty',
  tran_side: 'side',
  qty: 'qty',
  product_type: 'productType',
  pl_realized: 'realized_profit',
  rbirefrate: 'rbiRefRate',
  fy_token: 'fyToken',
  exchange: 'exchange',
  segment: 'segment',
  day_buy_qty: 'dayBuyQty',
  day_sell_qty: 'daySellQty',
  cf_buy_qty: 'cfBuyQty',
  cf_sell_qty: 'cfSellQty',
  qty_multiplier: 'qtyMulti_com',
  pl_total: 'pl',
  cross_curr_flag: 'crossCurrency',
  pl_unrealized: 'unrealized_profit',
};

/**
 * The socket's order status codes → REST's (SDK `ordstatobj`, fact). A code outside this
 * table has no REST meaning: a client reads the order book rather than guess a state.
 */
export const SOCKET_STATUS_TO_REST: ReadonlyMap<number, OrderStatusCode> = new Map([
  ...[11, 12, 20, 21].map((c) => [c, OrderStatus.Transit] as const),
  ...[22, 23, 24, 25, 26, 51, 52, 53, 54, 55, 61, 62, 63, 64, 71, 72].map(
    (c) => [c, OrderStatus.Pending] as const,
  ),
  [90, OrderStatus.Traded],
  [91, OrderStatus.Canceled],
  [73, OrderStatus.Canceled],
  ...[92, 93, 94].map((c) => [c, OrderStatus.Rejected] as const),
]);

/**
 * The code the sandbox sends for each REST status (*inferred*: the SDK only maps one way;
 * the sandbox picks the first code of each group, and 73 for Expired, which the SDK turns
 * into Cancelled: an expired order reads as cancelled on a v3 socket).
 */
export const REST_STATUS_TO_SOCKET: Readonly<Record<OrderStatusCode, number>> = {
  [OrderStatus.Transit]: 11,
  [OrderStatus.Pending]: 22,
  [OrderStatus.Traded]: 90,
  [OrderStatus.Canceled]: 91,
  [OrderStatus.Rejected]: 92,
  [OrderStatus.Expired]: 73,
};

/** Renames a row's keys by a wire→REST table, keeping only the keys the table names. */
export function wireToRest(
  wire: Readonly<Record<string, unknown>>,
  table: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [w, r] of Object.entries(table))
    if (Object.prototype.hasOwnProperty.call(wire, w)) out[r] = wire[w];
  return out;
}

/** Renames a REST row's keys to the wire's by the same table (the sandbox's direction). */
export function restToWire(
  rest: Readonly<Record<string, unknown>>,
  table: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [w, r] of Object.entries(table))
    if (Object.prototype.hasOwnProperty.call(rest, r)) out[w] = rest[r];
  return out;
}
