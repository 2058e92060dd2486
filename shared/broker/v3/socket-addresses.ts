/**
 * Where the two v3 sockets are on a socket host (docs/broker-v3.md, "Hosts"): the order
 * socket at `/trade/v3` and the binary data socket at `/hsm/v1-5/prod`, the paths of the
 * SDK's `Order_SOCKET` and `HSM_SOCKET`. One home for the sandbox (which serves them and
 * announces them) and the app (which opens them from a v3 account's one socket URL).
 */
import { HSM_SOCKET_PATH } from '../../marketdata/v3/hsm-protocol';
import { V3_ORDER_SOCKET_PATH } from './order-socket-wire';

/** The two v3 socket addresses. */
export interface V3SocketUrls {
  /** The order socket, e.g. wss://socket.fyers.in/trade/v3 (the SDK's `Order_SOCKET`). */
  orderSocketUrl: string;
  /** The data socket, e.g. wss://socket.fyers.in/hsm/v1-5/prod (the SDK's `HSM_SOCKET`). */
  dataSocketUrl: string;
}

/**
 * The v3 sockets on the host of `socketUrl` (its origin: a path on it is ignored, so either
 * socket's own address names the host as well). Throws on a URL that does not parse.
 */
export function v3SocketUrls(socketUrl: string): V3SocketUrls {
  return {
    orderSocketUrl: new URL(V3_ORDER_SOCKET_PATH, socketUrl).toString(),
    dataSocketUrl: new URL(HSM_SOCKET_PATH, socketUrl).toString(),
  };
}
