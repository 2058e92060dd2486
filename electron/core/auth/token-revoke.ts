import { assertSecureBaseUrl, joinUrl } from './code-exchange';
import type { FetchLike } from './ports';

/** How long a logout waits for the broker to confirm the revocation. */
const REVOKE_TIMEOUT_MS = 5_000;

/**
 * Revokes an access token at the broker (gaps.md: v2 has no logout; v3's
 * `POST /api/v3/logout` revokes only this app's token). Called on logout for accounts whose
 * broker supports it, after the token is already forgotten here; throws when the broker does
 * not confirm, with a message that never holds the token.
 */
export async function revokeToken(
  fetch: FetchLike,
  account: { baseUrl: string; appId: string },
  token: string,
  timeoutMs = REVOKE_TIMEOUT_MS,
): Promise<void> {
  assertSecureBaseUrl(account.baseUrl);
  const res = await fetch(joinUrl(account.baseUrl, '/api/v3/logout'), {
    method: 'POST',
    headers: {
      Authorization: `${account.appId}:${token}`,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    },
    body: '{}',
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let body: { s?: unknown; code?: unknown } | null = null;
  try {
    body = JSON.parse(text) as { s?: unknown; code?: unknown };
  } catch {
    // not JSON: reported below by status
  }
  if (res.status !== 200 || body?.s !== 'ok')
    throw new Error(
      `The broker did not confirm the logout (HTTP ${res.status}${typeof body?.code === 'number' ? `, code ${body.code}` : ''}).`,
    );
}
