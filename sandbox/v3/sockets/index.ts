/**
 * Puts the v3 sockets on the sandbox's socket port: the order socket at `/trade/v3` (the
 * SDK's `Order_SOCKET` path), authenticated from the upgrade's `Authorization:
 * <app_id>:<access_token>` header with the same checks as REST, and the binary data socket
 * at `/hsm/v1-5/prod`, authenticated inside the connection by the token's `hsm_key`. One
 * login serves both dialects' sockets.
 */
import type { IncomingMessage } from 'node:http';
import { V3_ORDER_SOCKET_PATH } from '../../../shared/broker/v3/order-socket-wire';
import {
  v3SocketUrls as v3SocketUrlsOn,
  type V3SocketUrls,
} from '../../../shared/broker/v3/socket-addresses';
import { HSM_SOCKET_PATH } from '../../../shared/marketdata/v3/hsm-protocol';
import { V3DataSocket } from './hsm-server';
import type { BrokerCore } from '../../core';
import type { AuthContext } from '../../http/types';
import type { SocketListener } from '../../socket/listener';
import { V3OrderSocket } from './order-socket';
import type { SandboxPriceAlerts } from '../price-alerts';

/** What the v3 sockets need from the sandbox. */
export interface V3SocketDeps {
  listener: SocketListener;
  core: BrokerCore;
  /** The broker-held price alerts, whose firings the order socket pushes. */
  priceAlerts?: Pick<SandboxPriceAlerts, 'onTrigger'>;
  /** The REST authentication of an Authorization value (throws a BrokerFailure). */
  authenticate(authorization: string | undefined): AuthContext;
  /** Throws the permission failure when the app's template cannot read order updates. */
  requireOrderUpdates(auth: AuthContext): void;
  /** Whether a connection's token still holds. */
  stillValid(auth: AuthContext): boolean;
  /** Who a live token carrying this `hsm_key` belongs to, or undefined. */
  authByHsmKey(hsmKey: string): AuthContext | undefined;
}

export type { V3SocketUrls };

/** The v3 socket addresses the start line announces, known as soon as the socket port listens. */
export function v3SocketUrls(listener: Pick<SocketListener, 'origin'>): V3SocketUrls {
  return v3SocketUrlsOn(listener.origin);
}

/** The running v3 sockets. */
export interface V3Sockets {
  orders: V3OrderSocket;
  data: V3DataSocket;
  close(): void;
}

/** Starts serving the v3 sockets on the listener. */
export function attachV3Sockets(d: V3SocketDeps): V3Sockets {
  const orders = new V3OrderSocket(d.core, d.stillValid);
  const offAlerts = d.priceAlerts?.onTrigger((p) => orders.pushAlert(p));
  d.listener.route(V3_ORDER_SOCKET_PATH, {
    authenticate(req: IncomingMessage) {
      const auth = d.authenticate(req.headers.authorization);
      d.requireOrderUpdates(auth);
      return auth;
    },
    handle: (ws, auth) => {
      if (auth) orders.accept(ws, auth);
      else ws.terminate();
    },
  });
  const data = new V3DataSocket(d.core, d.authByHsmKey, d.stillValid);
  d.listener.route(HSM_SOCKET_PATH, { manualPong: true, handle: (ws) => data.accept(ws) });
  return {
    orders,
    data,
    close() {
      offAlerts?.();
      orders.close();
      data.close();
    },
  };
}
