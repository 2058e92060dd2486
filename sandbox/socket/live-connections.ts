/**
 * A socket server's connections whose access token still holds; each of the others is closed
 * with TokenInvalid (the client then logs in again rather than reconnecting with a dead token)
 * and forgotten. One rule for v2's socket hub and v3's order socket (v3's HSM data socket
 * applies it per push, beside connections not yet authenticated).
 */
import type { WebSocket } from 'ws';
import { SocketCloseCode } from '../../shared/marketdata/socket-protocol';
import type { AuthContext } from '../http/types';

/** What a connection carries for the check: its socket and the login it was opened with. */
interface Authorized {
  ws: WebSocket;
  auth: AuthContext;
}

/** The connections still logged in, in order; the rest are closed and removed from `conns`. */
export function liveConnections<C extends Authorized>(
  conns: Set<C>,
  stillValid: (auth: AuthContext) => boolean,
): C[] {
  const out: C[] = [];
  for (const c of [...conns]) {
    if (stillValid(c.auth)) out.push(c);
    else {
      conns.delete(c);
      c.ws.close(SocketCloseCode.TokenInvalid, 'access token expired or revoked; log in again');
    }
  }
  return out;
}
