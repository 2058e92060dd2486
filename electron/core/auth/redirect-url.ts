/**
 * Understanding redirect URLs: which capture a registered URL needs, whether an incoming
 * URL is the redirect we wait for, and what it carries.
 *
 * The registered redirect URL decides the capture (loopback listener, login window or
 * custom protocol), so this is the single place that interprets it.
 */
import { LoginError } from './errors';

/** How the redirect will reach us. */
export type RedirectKind = 'loopback' | 'window' | 'protocol';

/** The custom scheme registered by the app for deep links. */
export const APP_PROTOCOL = 'tickdesk';

/** A parsed, validated registered redirect URL. */
export interface RedirectTarget {
  kind: RedirectKind;
  url: URL;
  /**
   * For loopback: the port the broker will send the reply to, the one written in the URL or
   * 80 when none is (`http://127.0.0.1/cb` and `…:80/cb` both mean port 80); null otherwise.
   */
  registeredPort: number | null;
}

/** Classify a registered redirect URL, rejecting anything we cannot receive safely. */
export function classifyRedirectUrl(raw: string): RedirectTarget {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new LoginError('bad-redirect-url', 'The redirect URL is not a valid URL.');
  }
  if (url.username || url.password) {
    throw new LoginError(
      'bad-redirect-url',
      'The redirect URL must not contain a user name or password.',
    );
  }
  if (url.protocol === 'http:') {
    if (url.hostname !== '127.0.0.1') {
      throw new LoginError(
        'bad-redirect-url',
        'A plain-http redirect URL must point at http://127.0.0.1 (loopback); Tickdesk listens on no other address.',
      );
    }
    // URL parsing drops a written `:80` (http's default): both spellings are port 80.
    return { kind: 'loopback', url, registeredPort: url.port ? Number(url.port) : 80 };
  }
  if (url.protocol === 'https:') return { kind: 'window', url, registeredPort: null };
  if (url.protocol === `${APP_PROTOCOL}:`) return { kind: 'protocol', url, registeredPort: null };
  throw new LoginError(
    'bad-redirect-url',
    `Redirect URLs with the scheme ${url.protocol} are not supported.`,
  );
}

/**
 * The redirect_uri to send: the registered string byte for byte (the spec says it must
 * equal the registered value; a parsed URL would add a trailing `/`, lower-case the host
 * or drop an empty query). Only a loopback login on a port other than the registered one
 * (RFC 8252 §7.3, which the broker must then allow) changes the port's digits, and nothing
 * else.
 */
export function redirectUriToSend(registered: string, loopbackPort?: number): string {
  if (loopbackPort === undefined) return registered;
  const m = /^(http:\/\/127\.0\.0\.1)(?::\d{1,5})?(.*)$/is.exec(registered);
  if (!m)
    throw new LoginError('bad-redirect-url', 'Only a loopback redirect URL has a port to choose.');
  return `${m[1]}:${loopbackPort}${m[2] ?? ''}`;
}

/**
 * Whether `candidate` is the registered redirect: same scheme, host and path. For the
 * loopback kind any port matches (RFC 8252 §7.3). Query and hash are free: that is where
 * the broker puts auth_code and state.
 */
export function isRedirectTo(candidate: string, target: RedirectTarget): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  if (url.protocol !== target.url.protocol || url.username || url.password) return false;
  if (url.hostname !== target.url.hostname) return false;
  if (target.kind !== 'loopback' && url.port !== target.url.port) return false;
  return normalisePath(url.pathname) === normalisePath(target.url.pathname);
}

function normalisePath(p: string): string {
  return p === '' ? '/' : p;
}

/** What a redirect carries; `error` is set when the broker reports a refusal instead of a code. */
export interface RedirectParams {
  authCode: string | null;
  state: string | null;
  error: string | null;
}

/**
 * Read auth_code, state and any error from both the query and the hash (some brokers
 * use the fragment). Values from the query win when both carry the same name.
 */
export function readRedirectParams(raw: string): RedirectParams {
  const url = new URL(raw);
  const hash = new URLSearchParams(url.hash.startsWith('#') ? url.hash.slice(1) : url.hash);
  const get = (name: string): string | null => url.searchParams.get(name) ?? hash.get(name);
  const status = get('s');
  const error =
    get('error') ??
    (status === 'error' ? (get('message') ?? `broker code ${get('code') ?? 'unknown'}`) : null);
  // `code` is the broker's status number (200), not the auth code: only auth_code counts.
  return { authCode: get('auth_code'), state: get('state'), error };
}
