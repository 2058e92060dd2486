/**
 * The token exchange: POST validate-authcode (the dialect says where: v2 and v3 differ).
 *
 * Kept out of the broker client on purpose: this request carries the auth code and either
 * the verifier or the appIdHash, needs no Authorization header, and must never pass
 * through request logging or journals meant for ordinary calls.
 */
import { LoginError } from './errors';
import type { FetchLike } from './ports';

/** The two proofs the broker accepts (spec Authentication 3 and 4). */
export type ExchangeProof =
  { kind: 'pkce'; codeVerifier: string } | { kind: 'app-secret'; appIdHash: string };

/** Inputs of `exchangeAuthCode`. */
export interface ExchangeRequest {
  baseUrl: string;
  /** The exchange's path under the base URL (default: API v2's `/api/v2/validate-authcode`). */
  path?: string;
  authCode: string;
  proof: ExchangeProof;
  fetch: FetchLike;
  timeoutMs?: number;
}

/**
 * Refuse plain http to anything but this machine (design: HTTPS only to non-loopback
 * hosts). The login path checks this itself rather than trusting the caller.
 */
export function assertSecureBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new LoginError('insecure-base-url', 'The broker address is not a valid URL.');
  }
  const loopback =
    url.hostname === '127.0.0.1' || url.hostname === '[::1]' || url.hostname === 'localhost';
  if (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) return url;
  throw new LoginError('insecure-base-url', 'The broker address must use HTTPS.');
}

/** Join a base URL (which may carry a path prefix) and an API path. */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}

/** Exchange the auth code for an access token; throws a typed `LoginError` on any failure. */
export async function exchangeAuthCode(req: ExchangeRequest): Promise<string> {
  assertSecureBaseUrl(req.baseUrl);
  const body: Record<string, string> = { grant_type: 'authorization_code', code: req.authCode };
  if (req.proof.kind === 'pkce') body.code_verifier = req.proof.codeVerifier;
  else body.appIdHash = req.proof.appIdHash;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), req.timeoutMs ?? 15_000);
  let status: number;
  let text: string;
  try {
    const res = await req.fetch(joinUrl(req.baseUrl, req.path ?? '/api/v2/validate-authcode'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    status = res.status;
    text = await res.text();
  } catch (err) {
    const aborted = controller.signal.aborted;
    throw new LoginError(
      'exchange-failed',
      aborted
        ? 'The broker did not answer the login in time.'
        : `Could not reach the broker: ${(err as Error).message}`,
    );
  } finally {
    clearTimeout(timer);
  }

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new LoginError(
      'bad-response',
      `The broker's login answer was not JSON (HTTP ${status}).`,
      {
        httpStatus: status,
      },
    );
  }
  const env = (json ?? {}) as {
    s?: unknown;
    code?: unknown;
    message?: unknown;
    access_token?: unknown;
  };
  const code = typeof env.code === 'number' ? env.code : Number(env.code);
  if (env.s !== 'ok' || status < 200 || status >= 300) {
    const message = typeof env.message === 'string' && env.message ? env.message : `HTTP ${status}`;
    throw new LoginError('exchange-failed', `The broker refused the login: ${message}`, {
      httpStatus: status,
      ...(Number.isFinite(code) ? { brokerCode: code } : {}),
    });
  }
  if (typeof env.access_token !== 'string' || env.access_token.length === 0) {
    throw new LoginError(
      'bad-response',
      'The broker confirmed the login but sent no access token.',
      {
        httpStatus: status,
      },
    );
  }
  return env.access_token;
}
