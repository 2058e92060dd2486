/**
 * Reading the v3 access token's `hsm_key` claim, the key the broker's v3 data socket is
 * authenticated with (docs/broker-v3.md "Access tokens and `hsm_key`"). One home for the app
 * (which opens the data socket with it) and the sandbox (which mints the tokens), so both
 * read a token the same way. Pure: no Node built-ins, no signature check (a client only reads
 * the claim; the broker alone decides whether the token is valid).
 */

/** The payload of a JWT as JSON text, or undefined when `jwt` is not three base64url parts. */
function jwtPayloadText(jwt: string): string | undefined {
  const parts = jwt.split('.');
  if (parts.length !== 3) return undefined;
  const b64 = (parts[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*$/.test(b64) || b64.length % 4 === 1) return undefined;
  try {
    const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    return new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(bin, (c) => c.charCodeAt(0)),
    );
  } catch {
    return undefined;
  }
}

/**
 * The `hsm_key` claim of an access token (the bare token, or the `<app_id>:<token>`
 * Authorization form), read as a v3 data-socket client does: the payload decoded, no
 * signature check. Undefined when the token is not a JWT or carries no non-empty string key.
 */
export function hsmKeyOf(token: string): string | undefined {
  const bare = token.includes(':') ? token.slice(token.indexOf(':') + 1) : token;
  const text = jwtPayloadText(bare);
  if (text === undefined) return undefined;
  try {
    const payload: unknown = JSON.parse(text);
    if (payload && typeof payload === 'object' && 'hsm_key' in payload) {
      const k = (payload as { hsm_key: unknown }).hsm_key;
      return typeof k === 'string' && k ? k : undefined;
    }
  } catch {
    return undefined;
  }
  return undefined;
}
