/**
 * The login flow: authorization code with appIdHash, or PKCE S256, with the redirect
 * captured by loopback listener, login window or custom protocol.
 *
 * It runs entirely in the main process. The renderer only asks "log in to account X" and
 * learns the outcome through the session state; the code, the verifier, the state and
 * the app secret exist only inside one call of `login()`.
 */
import type { FyersLoginRoutes } from '../broker/fyers-routes';
import { FYERS_V2_LOGIN_ROUTES } from '../broker/dialects/fyers-v2/routes';
import { exchangeAuthCode, assertSecureBaseUrl, joinUrl } from './code-exchange';
import { LoginError } from './errors';
import type { LoginWindowPort } from './login-window-port';
import { startLoopbackCapture, LOOPBACK_TIMEOUT_MS } from './loopback-capture';
import { PendingLogins } from './pending-logins';
import { appIdHash, codeChallengeS256, base64url } from './pkce';
import type { Clock, FetchLike, Opener, Random, Timers } from './ports';
import { systemTimers } from './ports';
import { waitForProtocolRedirect, type ProtocolEventSource } from './protocol-capture';
import {
  classifyRedirectUrl,
  isRedirectTo,
  readRedirectParams,
  redirectUriToSend,
  type RedirectTarget,
} from './redirect-url';
import { silentLogger, type Logger } from '../diagnostics/logger';

/** Which proof the exchange uses; PKCE is the default when no app secret is stored. */
export type LoginMethod = 'pkce' | 'app-secret';

/** The account facts a login needs (a subset of the settings' account record). */
export interface LoginAccount {
  id: string;
  label: string;
  appId: string;
  redirectUrl: string;
  /** The broker's {base_url}; https, or http on 127.0.0.1 for the sandbox. */
  baseUrl: string;
  /** Where the account's dialect has its login page and token exchanges (default: API v2's). */
  login?: FyersLoginRoutes;
}

/** A finished login. Stays in the main process: the token goes to the vault and the broker client. */
export interface LoginSuccess {
  accountId: string;
  accessToken: string;
  method: LoginMethod;
  issuedAt: number;
}

/** Dependencies of the login service; every one is injected so tests can fake it. */
export interface LoginServiceDeps {
  fetch: FetchLike;
  random: Random;
  clock: Clock;
  opener: Opener;
  /** Looks up the account's app secret (vault); null means "use PKCE". */
  appSecret(accountId: string): Promise<string | null>;
  loginWindow?: LoginWindowPort;
  protocolEvents?: ProtocolEventSource;
  timers?: Timers;
  logger?: Logger;
  /** How long to wait for the redirect; default 5 minutes. */
  timeoutMs?: number;
  /**
   * Loopback port choice. `registered` uses the port written in the redirect URL (for a
   * broker that compares ports exactly); `ephemeral` asks the OS for a free one (RFC 8252;
   * the sandbox accepts any port). Default: registered (80 when the URL names no port).
   * A function decides per account (e.g. ephemeral for demo accounts on the sandbox).
   */
  loopbackPort?: LoopbackPortChoice | ((account: LoginAccount) => LoopbackPortChoice);
}

/** Which loopback port a login listens on; see `LoginServiceDeps.loopbackPort`. */
export type LoopbackPortChoice = 'registered' | 'ephemeral';

/** Options of one `login()` call. */
export interface LoginOptions {
  /** Force a method; by default app-secret when a secret is stored, PKCE otherwise. */
  method?: LoginMethod;
}

/** Starts and cancels logins; at most one is pending at a time. */
export interface LoginService {
  login(account: LoginAccount, opts?: LoginOptions): Promise<LoginSuccess>;
  /** Cancel the pending login, if any (its promise rejects with reason `cancelled`). */
  cancel(): void;
  /** Whether a login is waiting for its redirect. */
  pending(): boolean;
}

/** Build the login service from its injected dependencies. */
export function createLoginService(deps: LoginServiceDeps): LoginService {
  const log = (deps.logger ?? silentLogger).child('auth');
  const timers = deps.timers ?? systemTimers;
  const timeoutMs = deps.timeoutMs ?? LOOPBACK_TIMEOUT_MS;
  const pendings = new PendingLogins(deps.random, deps.clock, timeoutMs);
  /** Cancels the capture of the pending login; tagged with its id so a stale attempt can't clear a newer one. */
  let current: { id: number; cancel: (reason: 'cancelled' | 'superseded') => void } | null = null;
  let attemptId = 0;
  const clearCancel = (id: number): void => {
    if (current && current.id === id) current = null;
  };

  function authorizeUrl(
    account: LoginAccount,
    redirectUri: string,
    state: string,
    verifier: string | null,
  ): string {
    const url = new URL(
      joinUrl(account.baseUrl, (account.login ?? FYERS_V2_LOGIN_ROUTES).authorize),
    );
    url.searchParams.set('client_id', account.appId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('state', state);
    if (verifier) url.searchParams.set('code_challenge', codeChallengeS256(verifier));
    return url.href;
  }

  /** Start the capture suited to the redirect URL and open the login page; resolve with the redirect. */
  async function capture(
    account: LoginAccount,
    target: RedirectTarget,
    state: string,
    verifier: string | null,
    id: number,
  ): Promise<string> {
    const setCancel = (cancel: (reason: 'cancelled' | 'superseded') => void): void => {
      // A newer login may have started while this capture was being set up.
      if (id !== attemptId) cancel('superseded');
      else current = { id, cancel };
    };
    if (target.kind === 'loopback') {
      const choice =
        typeof deps.loopbackPort === 'function' ? deps.loopbackPort(account) : deps.loopbackPort;
      // The registered port, 80 when the URL names none (RFC 8252 §7.3): a broker that
      // compares redirect URIs exactly refuses any other, so never send a random one.
      const registeredPort = target.registeredPort ?? 80;
      const useRegistered = (choice ?? 'registered') === 'registered';
      const cap = await startLoopbackCapture({
        path: target.url.pathname,
        port: useRegistered ? registeredPort : 0,
        timeoutMs,
        timers,
        accepts: (url) => pendings.matches(url.searchParams.get('state')),
      }).catch((err: unknown) => {
        if (useRegistered && registeredPort < 1024 && err instanceof LoginError)
          throw new LoginError(
            'redirect-port-unavailable',
            `Could not listen on 127.0.0.1:${registeredPort}, the redirect URL's port: ${err.message}`,
          );
        throw err;
      });
      setCancel((r) => cap.cancel(r));
      if (id !== attemptId) return cap.result;
      try {
        const sent = redirectUriToSend(account.redirectUrl, useRegistered ? undefined : cap.port);
        // Electronegativity: the Opener port, given the broker's authorize URL we built.
        await deps.opener.openExternal(authorizeUrl(account, sent, state, verifier)); // eng-disable OPEN_EXTERNAL_JS_CHECK
      } catch (err) {
        cap.cancel('cancelled');
        throw new LoginError(
          'open-failed',
          `Could not open the browser: ${(err as Error).message}`,
        );
      }
      return cap.result;
    }
    if (target.kind === 'protocol') {
      if (!deps.protocolEvents)
        throw new LoginError('bad-redirect-url', 'This build cannot receive tickdesk:// links.');
      const cap = waitForProtocolRedirect({
        source: deps.protocolEvents,
        target,
        timeoutMs,
        timers,
        onRejected: (why) =>
          log.warn('ignored a deep link that is not the login redirect', { why }),
        accepts: (url) => pendings.matches(readRedirectParams(url).state),
      });
      setCancel((r) => cap.cancel(r));
      if (id !== attemptId) return cap.result;
      try {
        const url = authorizeUrl(account, redirectUriToSend(account.redirectUrl), state, verifier);
        // Electronegativity: the Opener port, given the broker's authorize URL we built.
        await deps.opener.openExternal(url); // eng-disable OPEN_EXTERNAL_JS_CHECK
      } catch (err) {
        cap.cancel('cancelled');
        throw new LoginError(
          'open-failed',
          `Could not open the browser: ${(err as Error).message}`,
        );
      }
      return cap.result;
    }
    if (!deps.loginWindow)
      throw new LoginError(
        'bad-redirect-url',
        'This build has no login window for https redirects.',
      );
    const handle = deps.loginWindow.open({
      authorizeUrl: authorizeUrl(account, redirectUriToSend(account.redirectUrl), state, verifier),
      isRedirect: (url) => isRedirectTo(url, target),
      partition: `login-${base64url(deps.random.bytes(9))}`,
      accountLabel: account.label,
    });
    let cancelledAs: 'cancelled' | 'superseded' | 'timeout' | null = null;
    setCancel((r) => {
      cancelledAs = r;
      handle.close();
    });
    const timer = timers.setTimeout(() => {
      cancelledAs = 'timeout';
      handle.close();
    }, timeoutMs);
    try {
      const outcome = await handle.result;
      if (cancelledAs !== null) {
        throw new LoginError(
          cancelledAs,
          cancelledAs === 'timeout' ? 'No login reply arrived in time.' : 'Login cancelled.',
        );
      }
      if (outcome.kind === 'closed')
        throw new LoginError('window-closed', 'The login window was closed.');
      return outcome.url;
    } finally {
      timers.clearTimeout(timer);
    }
  }

  async function login(account: LoginAccount, opts: LoginOptions = {}): Promise<LoginSuccess> {
    assertSecureBaseUrl(account.baseUrl);
    const target = classifyRedirectUrl(account.redirectUrl);
    const id = ++attemptId;
    if (current) current.cancel('superseded');
    current = null;

    const secret = opts.method === 'pkce' ? null : await deps.appSecret(account.id);
    if (opts.method === 'app-secret' && !secret) {
      throw new LoginError(
        'exchange-failed',
        'No app secret is stored for this account; use PKCE or add the secret.',
      );
    }
    const method: LoginMethod = secret ? 'app-secret' : 'pkce';
    if (id !== attemptId) throw new LoginError('superseded', 'A newer login replaced this one.');
    const pending = pendings.begin(account.id, method === 'pkce');
    log.info('login started', { accountId: account.id, method, redirect: target.kind });

    let redirect: string;
    try {
      redirect = await capture(account, target, pending.state, pending.codeVerifier, id);
    } catch (err) {
      pendings.abandon(pending.id);
      log.warn('login ended before the redirect', {
        accountId: account.id,
        reason: (err as LoginError).reason,
      });
      throw err;
    } finally {
      clearCancel(id);
    }

    const params = readRedirectParams(redirect);
    const check = pendings.consume(params.state);
    if (!check.ok || check.login.id !== pending.id) {
      log.warn('login redirect refused: state check failed', {
        accountId: account.id,
        why: check.ok ? 'other' : check.why,
      });
      throw new LoginError('state-mismatch', 'The login reply did not match this login attempt.');
    }
    if (params.error) {
      log.warn('broker refused the login', { accountId: account.id });
      throw new LoginError('denied', `The broker did not grant access: ${params.error}`);
    }
    if (!params.authCode)
      throw new LoginError('missing-code', 'The login reply carried no authorization code.');

    const routes = account.login ?? FYERS_V2_LOGIN_ROUTES;
    const accessToken = await exchangeAuthCode({
      baseUrl: account.baseUrl,
      path: method === 'pkce' ? routes.pkceToken : routes.token,
      authCode: params.authCode,
      fetch: deps.fetch,
      proof:
        method === 'pkce'
          ? { kind: 'pkce', codeVerifier: check.login.codeVerifier as string }
          : { kind: 'app-secret', appIdHash: appIdHash(account.appId, secret as string) },
    }).catch((err: unknown) => {
      log.warn('code exchange failed', {
        accountId: account.id,
        error: err,
        // The broker's code, so the support bundle can say what it means and what to try.
        code: err instanceof LoginError ? (err.details.brokerCode ?? null) : null,
      });
      throw err;
    });
    log.info('login succeeded', { accountId: account.id, method });
    return { accountId: account.id, accessToken, method, issuedAt: deps.clock.now() };
  }

  return {
    login,
    cancel() {
      current?.cancel('cancelled');
      current = null;
      pendings.abandon();
    },
    pending: () => pendings.peek() !== null,
  };
}
