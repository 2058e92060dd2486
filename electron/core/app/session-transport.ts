import { BrokerError } from '../broker/broker-error';
import {
  createHttpTransport,
  type HttpTransport,
  type HttpTransportOptions,
} from '../broker/http-transport';
import type { SessionController, SessionCredentials } from '../session/session-controller';

/**
 * The broker transport for whichever account is logged in. The base URL and credentials
 * come from the session at each request, so switching accounts (or the Demo sandbox's
 * port changing between launches) needs no rewiring. One transport per base URL is kept.
 */
export function createSessionTransport(
  session: Pick<SessionController, 'credentials' | 'reportAuthFailure'>,
  extra: Omit<HttpTransportOptions, 'baseUrl' | 'credentials' | 'onAuthFailure'> = {},
  /** Another base of the same account (the data API); null when the account has none. */
  baseOf: (creds: SessionCredentials) => string | null = (c) => c.baseUrl,
): HttpTransport {
  const byBase = new Map<string, HttpTransport>();
  const current = (): HttpTransport => {
    const creds = session.credentials();
    if (!creds) throw BrokerError.notLoggedIn();
    const base = baseOf(creds);
    if (!base) throw BrokerError.notLoggedIn();
    let t = byBase.get(base);
    if (!t) {
      t = createHttpTransport({
        ...extra,
        baseUrl: base,
        credentials: () => {
          const c = session.credentials();
          return c && baseOf(c) === base
            ? { appId: c.appId, accessToken: c.accessToken }
            : undefined;
        },
        onAuthFailure: (err) => {
          session.reportAuthFailure(err.code, err.httpStatus);
        },
      });
      byBase.set(base, t);
    }
    return t;
  };
  return {
    get origin() {
      const creds = session.credentials();
      const base = creds ? baseOf(creds) : null;
      return base ? new URL(base).origin : '';
    },
    send: async (req) => current().send(req),
    request: async (req) => current().request(req),
  };
}
