import { BrokerError } from '../broker/broker-error';
import {
  createHttpTransport,
  type HttpTransport,
  type HttpTransportOptions,
} from '../broker/http-transport';
import type { SessionController } from '../session/session-controller';

/**
 * The broker transport for whichever account is logged in. The base URL and credentials
 * come from the session at each request, so switching accounts (or the Demo sandbox's
 * port changing between launches) needs no rewiring. One transport per base URL is kept.
 */
export function createSessionTransport(
  session: Pick<SessionController, 'credentials' | 'reportAuthFailure'>,
  extra: Omit<HttpTransportOptions, 'baseUrl' | 'credentials' | 'onAuthFailure'> = {},
): HttpTransport {
  const byBase = new Map<string, HttpTransport>();
  const current = (): HttpTransport => {
    const creds = session.credentials();
    if (!creds) throw BrokerError.notLoggedIn();
    let t = byBase.get(creds.baseUrl);
    if (!t) {
      t = createHttpTransport({
        ...extra,
        baseUrl: creds.baseUrl,
        credentials: () => {
          const c = session.credentials();
          return c && c.baseUrl === creds.baseUrl
            ? { appId: c.appId, accessToken: c.accessToken }
            : undefined;
        },
        onAuthFailure: (err) => {
          session.reportAuthFailure(err.code, err.httpStatus);
        },
      });
      byBase.set(creds.baseUrl, t);
    }
    return t;
  };
  return {
    get origin() {
      const creds = session.credentials();
      return creds ? new URL(creds.baseUrl).origin : '';
    },
    send: async (req) => current().send(req),
    request: async (req) => current().request(req),
  };
}
