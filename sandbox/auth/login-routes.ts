/**
 * The two login endpoints of the spec plus the form target of the login page:
 * GET /api/v2/generate-authcode (checks parameters, shows the login page or, with
 * auto-approve, redirects at once), POST /api/v2/login (checks credentials, redirects with
 * auth_code and the unchanged state) and POST /api/v2/validate-authcode (appIdHash and PKCE
 * S256 flows).
 */
import { createHash } from 'node:crypto';
import { ErrorCode } from '../../shared/broker/errors';
import type { SimClock } from '../clock';
import { fail } from '../failure';
import { okReply } from '../http/envelope';
import type { Reply, Route } from '../http/types';
import type { AppSpec } from './apps';
import { appIdHash, redirectMatches } from './apps';
import type { CredentialStore } from './credentials';
import { errorPage, loginPage } from './login-page';
import type { DemoUser } from './user';

/** What the login routes need. */
export interface LoginDeps {
  apps: AppSpec[];
  user: DemoUser;
  creds: CredentialStore;
  clock: SimClock;
  autoApprove: boolean;
  /** RFC 8252 §7.3: a loopback redirect_uri matches on any port (default: exact match only). */
  loopbackAnyPort?: boolean;
}

interface AuthorizeParams {
  app: AppSpec;
  redirectUri: string;
  state?: string;
  codeChallenge?: string;
}

const VERIFIER_RE = /^[A-Za-z0-9\-._~]{43,128}$/;
const CHALLENGE_RE = /^[A-Za-z0-9_-]{43}$/;

/** Checks the authorize parameters; returns an error page reply or the parsed parameters. */
function checkAuthorize(
  deps: LoginDeps,
  get: (k: string) => string | undefined,
): AuthorizeParams | Reply {
  const bad = (code: number, msg: string): Reply => ({ status: 400, html: errorPage(code, msg) });
  const clientId = get('client_id');
  if (!clientId) return bad(ErrorCode.InvalidAppId, 'client_id is missing');
  const app = deps.apps.find((a) => a.app_id === clientId);
  if (!app) return bad(ErrorCode.InvalidAppId, `Unknown app id ${clientId}`);
  const redirectUri = get('redirect_uri');
  if (!redirectUri) return bad(ErrorCode.InvalidParameters, 'redirect_uri is missing');
  if (!redirectMatches(app.redirect_uri, redirectUri, { loopbackAnyPort: deps.loopbackAnyPort })) {
    return bad(
      ErrorCode.InvalidParameters,
      `redirect_uri ${redirectUri} does not match the one registered for ${app.app_id}`,
    );
  }
  const responseType = get('response_type');
  if (responseType !== 'code')
    return bad(
      ErrorCode.InvalidParameters,
      `response_type must be "code", got ${JSON.stringify(responseType ?? '')}`,
    );
  const codeChallenge = get('code_challenge') || undefined;
  if (codeChallenge !== undefined && !CHALLENGE_RE.test(codeChallenge)) {
    return bad(
      ErrorCode.InvalidParameters,
      'code_challenge must be the base64url SHA-256 of the code_verifier (43 characters, S256)',
    );
  }
  const state = get('state');
  return {
    app,
    redirectUri,
    ...(state !== undefined ? { state } : {}),
    ...(codeChallenge ? { codeChallenge } : {}),
  };
}

function redirectWithCode(deps: LoginDeps, p: AuthorizeParams): Reply {
  const code = deps.creds.issueCode({
    appId: p.app.app_id,
    svcId: deps.user.svc_id,
    redirectUri: p.redirectUri,
    ...(p.codeChallenge ? { codeChallenge: p.codeChallenge } : {}),
    issuedAt: deps.clock.now(),
  });
  const u = new URL(p.redirectUri);
  u.searchParams.set('s', 'ok');
  u.searchParams.set('code', '200');
  u.searchParams.set('auth_code', code);
  if (p.state !== undefined) u.searchParams.set('state', p.state);
  return { status: 302, headers: { location: u.toString(), 'cache-control': 'no-store' }, raw: '' };
}

const isAuthorize = (x: AuthorizeParams | Reply): x is AuthorizeParams => 'app' in x;

/** Builds the login routes. */
export function loginRoutes(deps: LoginDeps): Route[] {
  return [
    {
      method: 'GET',
      path: '/api/v2/generate-authcode',
      access: 'public',
      handle(ctx) {
        const p = checkAuthorize(deps, (k) => ctx.query.get(k) ?? undefined);
        if (!isAuthorize(p)) return p;
        if (deps.autoApprove) return redirectWithCode(deps, p);
        const hidden: Record<string, string> = {
          client_id: p.app.app_id,
          redirect_uri: p.redirectUri,
          response_type: 'code',
        };
        if (p.state !== undefined) hidden.state = p.state;
        if (p.codeChallenge) hidden.code_challenge = p.codeChallenge;
        return {
          status: 200,
          html: loginPage({ appId: p.app.app_id, hidden }),
          headers: { 'cache-control': 'no-store' },
        };
      },
    },
    {
      method: 'POST',
      path: '/api/v2/login',
      access: 'public',
      handle(ctx) {
        const b = (ctx.body && typeof ctx.body === 'object' ? ctx.body : {}) as Record<
          string,
          unknown
        >;
        const get = (k: string) => (typeof b[k] === 'string' ? (b[k] as string) : undefined);
        const p = checkAuthorize(deps, get);
        if (!isAuthorize(p)) return p;
        const hidden: Record<string, string> = {
          client_id: p.app.app_id,
          redirect_uri: p.redirectUri,
          response_type: 'code',
        };
        if (p.state !== undefined) hidden.state = p.state;
        if (p.codeChallenge) hidden.code_challenge = p.codeChallenge;
        const svcId = (get('svc_id') ?? '').trim().toUpperCase();
        const again = (error: string): Reply => ({
          status: 401,
          html: loginPage({ appId: p.app.app_id, hidden, error, svcId }),
        });
        if (!svcId) return again('Enter your client ID.');
        if (svcId !== deps.user.svc_id)
          return again(`Client ID ${svcId} is not registered with this broker.`);
        if (!get('password')) return again('Enter your password.');
        if (get('password') !== deps.user.password) return again('The password is incorrect.');
        const pin = get('pin') ?? '';
        if (!/^\d{4}$/.test(pin)) return again('The PIN must be exactly 4 digits.');
        if (pin !== deps.user.pin) return again('The PIN is incorrect.');
        return redirectWithCode(deps, p);
      },
    },
    {
      method: 'POST',
      path: '/api/v2/validate-authcode',
      access: 'public',
      handle(ctx) {
        const b = (
          ctx.body && typeof ctx.body === 'object' && !Array.isArray(ctx.body) ? ctx.body : {}
        ) as Record<string, unknown>;
        if (b.grant_type !== 'authorization_code')
          fail(ErrorCode.InvalidGrantType, 'grant_type must be "authorization_code"');
        if (typeof b.code !== 'string' || !b.code)
          fail(ErrorCode.InvalidParameters, 'code is required');
        const hash = typeof b.appIdHash === 'string' ? b.appIdHash : undefined;
        const verifier = typeof b.code_verifier === 'string' ? b.code_verifier : undefined;
        if (hash) deps.creds.note('proofs', hash);
        if (verifier) deps.creds.note('proofs', verifier);
        if (!hash && !verifier)
          fail(
            ErrorCode.InvalidParameters,
            'appIdHash (app secret flow) or code_verifier (PKCE flow) is required',
          );
        const issued =
          deps.creds.takeCode(b.code, deps.clock.now()) ??
          fail(ErrorCode.InvalidAuthCode, 'auth code is invalid, expired (300 s) or already used');
        const app =
          deps.apps.find((a) => a.app_id === issued.appId) ??
          fail(ErrorCode.InvalidAppId, 'the app of this auth code no longer exists');
        if (hash !== undefined && hash.toLowerCase() !== appIdHash(app)) {
          fail(
            ErrorCode.AppIdHashMismatch,
            'appIdHash does not match SHA-256 of <app_id>:<app_secret>',
          );
        }
        if (issued.codeChallenge) {
          if (verifier === undefined)
            fail(
              ErrorCode.InvalidParameters,
              'code_verifier is required: the login was started with a code_challenge',
            );
          if (!VERIFIER_RE.test(verifier))
            fail(
              ErrorCode.InvalidParameters,
              'code_verifier must be 43-128 characters of A-Z a-z 0-9 - . _ ~',
            );
          const s256 = createHash('sha256').update(verifier).digest('base64url');
          if (s256 !== issued.codeChallenge)
            fail(
              ErrorCode.InvalidParameters,
              'code_verifier does not match the code_challenge (S256)',
            );
        } else if (verifier !== undefined) {
          fail(
            ErrorCode.InvalidParameters,
            'code_verifier was sent but the login had no code_challenge',
          );
        }
        const { token } = deps.creds.issueToken(app.app_id, issued.svcId, deps.clock.now());
        return okReply({ access_token: token });
      },
    },
    {
      // v2 has no logout (gaps.md); v3's revokes only this app's token. Basic template: "Logout App".
      method: 'POST',
      path: '/api/v3/logout',
      access: 'user',
      level: 0,
      operation: 'Logout App',
      handle(ctx) {
        if (ctx.auth) deps.creds.revoke(ctx.auth.token);
        return okReply({}, 200, "Logged out: this app's access token is revoked");
      },
    },
  ];
}
