/**
 * PKCE (RFC 7636, S256) and the appIdHash of the app-secret flow.
 *
 * Both are the proofs the broker checks at /api/v2/validate-authcode; getting an encoding
 * detail wrong (hex vs base64url, padding) fails every login, so they live in one place
 * with the RFC's test vectors in the unit tests.
 */
import { createHash } from 'node:crypto';
import type { Random } from './ports';

/** base64url without padding (RFC 4648 §5), the encoding PKCE uses for verifier and challenge. */
export function base64url(bytes: Uint8Array): string {
  return Buffer.from(bytes)
    .toString('base64')
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const VERIFIER_RE = /^[A-Za-z0-9\-._~]{43,128}$/;

/**
 * A fresh code verifier: 32 random bytes → 43 base64url characters, the RFC's
 * recommendation and within its 43..128 unreserved-character rule.
 */
export function createCodeVerifier(random: Random): string {
  return base64url(random.bytes(32));
}

/** The S256 code challenge: base64url(SHA-256(ASCII(verifier))), no padding. */
export function codeChallengeS256(verifier: string): string {
  if (!VERIFIER_RE.test(verifier)) {
    throw new RangeError('code_verifier must be 43..128 characters from [A-Za-z0-9-._~]');
  }
  return base64url(createHash('sha256').update(verifier, 'ascii').digest());
}

/**
 * appIdHash for the app-secret flow: lowercase hex SHA-256 of `<app_id>:<app_secret>`
 * (gaps.md). Computed in the main process only; the secret never crosses IPC.
 */
export function appIdHash(appId: string, appSecret: string): string {
  if (!appId || !appSecret)
    throw new RangeError('appIdHash needs a non-empty app id and app secret');
  return createHash('sha256').update(`${appId}:${appSecret}`, 'utf8').digest('hex');
}

/** A random `state` value: 24 random bytes, base64url (192 bits, unguessable). */
export function createState(random: Random): string {
  return base64url(random.bytes(24));
}
