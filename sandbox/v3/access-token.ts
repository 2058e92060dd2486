/**
 * The sandbox's access tokens as JWTs that carry `hsm_key`, the claim the broker's v3 data
 * socket authenticates with (docs/broker-v3.md "Access tokens"). One module mints them for
 * both dialects (a v2 client ignores the claim) so a token from either login opens either
 * presentation's sockets. The sandbox still trusts only its credential store: these helpers
 * shape tokens, they never decide whether a token is valid. Reading the claim back is
 * `hsmKeyOf` in shared/broker/v3/access-token.ts, the one reader the app uses too.
 */
import { createHmac, randomBytes } from 'node:crypto';

/** What a minted access token says about itself. */
export interface AccessTokenClaims {
  /** The API app the token was issued to (`<app_id>` of the Authorization header). */
  appId: string;
  /** The trader's client id. */
  svcId: string;
  /** Epoch ms of the login. */
  issuedAt: number;
  /** Epoch ms when the token dies (06:00 IST after the login). */
  expiresAt: number;
  /** The data socket's key; a fresh random one when omitted. */
  hsmKey?: string;
}

/** A minted token and the `hsm_key` it carries. */
export interface MintedToken {
  token: string;
  hsmKey: string;
}

const b64 = (o: unknown): string => Buffer.from(JSON.stringify(o)).toString('base64url');

/**
 * Mints a JWT-shaped access token (HS256 over `key`) with the claims a v3 client reads:
 * `sub: "access_token"`, `fy_id`, `app_id`, `iat`, `exp` and `hsm_key` (32 hex digits; the
 * real key's format is an inference, see docs/broker-v3.md).
 */
export function mintAccessToken(claims: AccessTokenClaims, key: Buffer): MintedToken {
  const hsmKey = claims.hsmKey ?? randomBytes(16).toString('hex');
  const payload = {
    iss: 'sandbox',
    sub: 'access_token',
    aud: ['x:0', 'x:1', 'x:2'],
    fy_id: claims.svcId,
    app_id: claims.appId,
    iat: Math.floor(claims.issuedAt / 1000),
    exp: Math.floor(claims.expiresAt / 1000),
    nbf: Math.floor(claims.issuedAt / 1000),
    hsm_key: hsmKey,
    jti: randomBytes(12).toString('hex'),
  };
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
  const token = `${head}.${createHmac('sha256', key).update(head).digest('base64url')}`;
  return { token, hsmKey };
}
