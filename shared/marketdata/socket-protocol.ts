/**
 * The text side of the broker socket (gaps.md "The socket"): the query that opens a
 * connection, the subscribe messages, the heartbeat and the order-update frame. The sandbox
 * parses what the app sends with these schemas and the app builds its messages with these
 * helpers, so both ends agree on every key. The binary side is in packet-layout.ts.
 */
import { z } from 'zod';

/** Path of the socket service under the socket URL's host (the SDK's `WS_URL`). */
export const SOCKET_PATH = '/socket/v2/dataSock';

/** The two connection types: market data, and the trader's own order updates. */
export const SocketType = z.enum(['symbolUpdate', 'orderUpdate']);
/** One of the two connection types. */
export type SocketType = z.infer<typeof SocketType>;

/** What the client sends as the heartbeat: the JSON string "ping", every 6 seconds. */
export const PING = JSON.stringify('ping');
/** What the server answers a ping with (the SDK only checks that a text frame contains `pong`). */
export const PONG = JSON.stringify('pong');
/** The SDK's heartbeat period. */
export const HEARTBEAT_MS = 6_000;

/**
 * Close codes the server uses (*inferred*: the spec names none). A client reconnects after
 * any close except TokenInvalid, which needs a new login first.
 */
export const SocketCloseCode = {
  /** The access token expired (06:00 IST) or was revoked while the connection was open. */
  TokenInvalid: 4001,
  /** The client read too slowly and the server's send buffer overflowed. */
  SlowConsumer: 1013,
} as const;

/** The URL a client opens for one connection type; the token is `<app_id>:<access_token>`. */
export function socketConnectUrl(
  socketUrl: string,
  type: SocketType,
  appId: string,
  accessToken: string,
  userAgent = 'tickdesk',
): string {
  const u = new URL(socketUrl);
  u.searchParams.set('access_token', `${appId}:${accessToken}`);
  u.searchParams.set('user-agent', userAgent);
  u.searchParams.set('type', type);
  return u.toString();
}

/**
 * Subscribe (SUB_T 1) or unsubscribe (SUB_T 0) market data. `DEPTH: 1` asks for five-level
 * depth in the packets of these symbols (*inferred*: the spec says depth comes "when asked"
 * without naming the key).
 */
export const SubscribeData = z.object({
  T: z.literal('SUB_DATA'),
  TLIST: z.array(z.string().min(1).max(64)).min(1).max(5_000),
  SUB_T: z.union([z.literal(0), z.literal(1)]),
  DEPTH: z.union([z.literal(0), z.literal(1)]).optional(),
});
/** A market-data subscribe or unsubscribe message. */
export type SubscribeData = z.infer<typeof SubscribeData>;

/** Subscribe (SUB_T 1) or unsubscribe (SUB_T 0) the trader's order updates. */
export const SubscribeOrders = z.object({
  T: z.literal('SUB_ORD'),
  SLIST: z.array(z.string()).min(1),
  SUB_T: z.union([z.literal(0), z.literal(1)]),
});
/** An order-updates subscribe or unsubscribe message. */
export type SubscribeOrders = z.infer<typeof SubscribeOrders>;

/** Any JSON message a client may send besides the ping. */
export const ClientMessage = z.discriminatedUnion('T', [SubscribeData, SubscribeOrders]);
/** Any JSON message a client may send besides the ping. */
export type ClientMessage = z.infer<typeof ClientMessage>;

/** The market-data subscribe message. */
export function subscribeData(symbols: readonly string[], on: boolean, depth = false): string {
  const m: SubscribeData = { T: 'SUB_DATA', TLIST: [...symbols], SUB_T: on ? 1 : 0 };
  if (depth) m.DEPTH = 1;
  return JSON.stringify(m);
}

/** The order-updates subscribe message. */
export function subscribeOrders(on: boolean): string {
  const m: SubscribeOrders = { T: 'SUB_ORD', SLIST: ['orderUpdate'], SUB_T: on ? 1 : 0 };
  return JSON.stringify(m);
}

/**
 * A text frame from the server other than the pong: an order update `{s:"ok", d:<order as in
 * the order book>}`, or an error about the last message `{s:"error", code, message}` (the
 * connection stays open).
 */
export const ServerText = z.union([
  z.object({ s: z.literal('ok'), d: z.record(z.string(), z.unknown()) }),
  z.object({
    s: z.literal('error'),
    code: z.number(),
    message: z.string(),
    symbols: z.array(z.string()).optional(),
  }),
]);
/** A text frame from the server other than the pong. */
export type ServerText = z.infer<typeof ServerText>;
