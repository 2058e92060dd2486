/**
 * Whose budget a request spends, decided before it is authenticated, because the broker is
 * believed to count every request that reaches it (docs/sandbox.md, "Rate limits";
 * inferred): the user of the token it carries, even an expired or revoked one; else, when
 * no token the broker issued is named, the caller's address.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { CredentialStore } from '../auth/credentials';

/** The limiter key of a request: `svcId` of its token, or `addr:<remote address>`. */
export function limitKey(
  headers: IncomingHttpHeaders,
  creds: CredentialStore,
  remoteAddress: string | undefined,
): string {
  const raw = headers.authorization ?? '';
  const idx = raw.indexOf(':');
  const token = idx > 0 ? raw.slice(idx + 1).trim() : '';
  const issued = token ? creds.token(token) : undefined;
  return issued ? issued.svcId : `addr:${remoteAddress ?? 'unknown'}`;
}
