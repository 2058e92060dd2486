/**
 * Auth codes and access tokens. Codes live 300 seconds and are single use; tokens live until
 * 06:00 IST after they were issued (gaps.md "Tokens"), measured on the sandbox clock so tests
 * can watch a token die by moving the clock. Both are JWT-shaped like the real service's, but
 * the sandbox trusts only its own store, never the token's content.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { next0600Ist } from '../time/ist';
import { mintAccessToken } from '../v3/access-token';

/** Lifetime of an auth code. */
export const AUTH_CODE_TTL_MS = 300_000;

/** What an auth code was issued for. */
export interface IssuedCode {
  appId: string;
  svcId: string;
  redirectUri: string;
  codeChallenge?: string;
  issuedAt: number;
  used: boolean;
}

/** What an access token grants. */
export interface IssuedToken {
  appId: string;
  svcId: string;
  issuedAt: number;
  expiresAt: number;
  /** The token's `hsm_key` claim: the v3 data socket authenticates with it. */
  hsmKey: string;
}

/**
 * What a new login does to the tokens issued earlier to the same app for the same user:
 * `revoke` (default) ends them, so one app has one live session per user; `keep` leaves them
 * valid until their own expiry. docs/sandbox.md ("Sessions") says which the real broker is
 * believed to do and why.
 */
export type EarlierTokens = 'revoke' | 'keep';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

/** Issues and checks auth codes and tokens. */
export class CredentialStore {
  private codes = new Map<string, IssuedCode>();
  private tokens = new Map<string, IssuedToken>();
  private readonly key = randomBytes(32);
  /**
   * The last secrets seen, for the test controls only (GET /__sandbox/issued): a test that
   * asserts no secret leaks into logs or a support bundle needs the real values to look for.
   */
  readonly seen = { authCodes: [] as string[], tokens: [] as string[], proofs: [] as string[] };

  constructor(private readonly earlierTokens: EarlierTokens = 'revoke') {}

  /** Remembers a secret for `seen`, keeping the last 50 of each kind. */
  note(kind: keyof CredentialStore['seen'], value: string): void {
    const list = this.seen[kind];
    list.push(value);
    if (list.length > 50) list.shift();
  }

  private jwt(payload: Record<string, unknown>): string {
    const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ ...payload, jti: randomBytes(12).toString('hex') })}`;
    return `${head}.${createHmac('sha256', this.key).update(head).digest('base64url')}`;
  }

  /** Issues a fresh auth code after a successful login. */
  issueCode(c: Omit<IssuedCode, 'used'>): string {
    const code = this.jwt({
      iss: 'sandbox',
      sub: 'auth_code',
      app_id: c.appId,
      iat: Math.floor(c.issuedAt / 1000),
    });
    this.codes.set(code, { ...c, used: false });
    this.note('authCodes', code);
    return code;
  }

  /**
   * Takes an auth code for redemption: undefined when unknown, used or older than 300 s.
   * The code is spent by this call whatever happens next, so a failed verifier or hash
   * cannot be retried against the same code.
   */
  takeCode(code: string, now: number): IssuedCode | undefined {
    const c = this.codes.get(code);
    if (!c || c.used || now - c.issuedAt > AUTH_CODE_TTL_MS || now < c.issuedAt) return undefined;
    c.used = true;
    return c;
  }

  /**
   * Issues an access token valid until the next 06:00 IST; with `revoke`, the tokens issued
   * earlier to this app for this user stop working (they answer like any unknown token).
   */
  issueToken(appId: string, svcId: string, now: number): { token: string; expiresAt: number } {
    if (this.earlierTokens === 'revoke')
      for (const [t, v] of this.tokens)
        if (v.appId === appId && v.svcId === svcId) this.tokens.delete(t);
    const expiresAt = next0600Ist(now);
    const { token, hsmKey } = mintAccessToken({ appId, svcId, issuedAt: now, expiresAt }, this.key);
    this.tokens.set(token, { appId, svcId, issuedAt: now, expiresAt, hsmKey });
    this.note('tokens', token);
    return { token, expiresAt };
  }

  /** Revokes one token (v3 logout): later use answers -15 like any unknown token. */
  revoke(token: string): boolean {
    return this.tokens.delete(token);
  }

  /**
   * Finds the live token whose `hsm_key` claim is `hsmKey` (the v3 data socket sends the key,
   * not the token): undefined when no stored token carries it.
   */
  tokenByHsmKey(hsmKey: string): (IssuedToken & { token: string }) | undefined {
    for (const [token, v] of this.tokens) if (v.hsmKey === hsmKey) return { ...v, token };
    return undefined;
  }

  /** Looks a token up (expiry is checked by the caller, which needs to tell -8 from -15). */
  token(token: string): IssuedToken | undefined {
    return this.tokens.get(token);
  }
}
