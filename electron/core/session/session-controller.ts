/**
 * The session service: drives the state machine with a clock, the login flow and the vault.
 *
 * It is the only holder of the access token in memory, hands it to the broker client on
 * request, and publishes a token-free snapshot for the renderer. It warns before 06:00 IST,
 * turns the broker's 401 codes into "expired", and offers a one-click re-login that brings
 * back the screen the trader was on (an opaque route string kept for the renderer).
 */
import type { LoginAccount, LoginMethod, LoginService } from '../auth/login-service';
import { LOGIN_FAILURE_TEXT, LoginError } from '../auth/errors';
import type { Clock, Timers } from '../auth/ports';
import { systemTimers } from '../auth/ports';
import { silentLogger, type Logger } from '../diagnostics/logger';
import type { PermissionTemplate } from '../settings/schema';
import type { Vault } from '../vault/vault';
import { capabilitiesFor, NO_CAPABILITIES } from '../../../shared/broker/permissions';
import {
  INITIAL_SESSION,
  sessionReducer,
  tokenUsable,
  type SessionEvent,
  type SessionState,
} from './session-machine';
import { isSessionExpiredFailure, tokenExpiryAfter } from './token-expiry';
import { notOneLineReason } from '../../../shared/ipc/text';
import type { SessionSnapshot } from '../../../shared/ipc/channels/session';

/** An account as the session needs it: login facts plus environment and template. */
export interface SessionAccount extends LoginAccount {
  environment: 'demo' | 'live';
  template: PermissionTemplate;
  /** The broker revokes tokens on logout (v3 logout); the account's setting says so. */
  revokeOnLogout?: boolean;
}

/** Where the session finds accounts (an adapter over the settings store). */
export interface SessionAccounts {
  active(): SessionAccount | null;
  byId(id: string): SessionAccount | null;
}

/** What the renderer may know about the session (never the token): the IPC channel's type is its one home. */
export type { SessionSnapshot };

/** Main-process-only credentials for the broker client. */
export interface SessionCredentials {
  accountId: string;
  appId: string;
  baseUrl: string;
  accessToken: string;
}

/** Dependencies of `createSessionController`. */
export interface SessionControllerDeps {
  clock: Clock;
  timers?: Timers;
  login: Pick<LoginService, 'login' | 'cancel'>;
  vault: Pick<Vault, 'getToken' | 'setToken' | 'deleteToken' | 'status'>;
  accounts: SessionAccounts;
  /** Lead time of the expiry warning; read at each evaluation so a settings change applies at once. */
  warningLeadMs: () => number;
  logger?: Logger;
  /** Longest single timer; re-evaluating at least this often survives sleep and clock jumps. */
  maxTimerMs?: number;
  /** Revokes a token at the broker on logout, for accounts with `revokeOnLogout`. */
  revoke?: (account: SessionAccount, token: string) => Promise<void>;
}

/** The session service used by IPC handlers and the broker client. */
export interface SessionController {
  /** At start (or after switching the active account): pick up a stored, still-valid token. */
  restore(accountId?: string): Promise<SessionSnapshot>;
  /** Log in to an account (default: the active one). Resolves with the new snapshot either way. */
  login(opts?: {
    accountId?: string;
    returnTo?: string;
    method?: LoginMethod;
  }): Promise<SessionSnapshot>;
  /** One click after expiry: same account, same place. */
  relogin(): Promise<SessionSnapshot>;
  cancelLogin(): void;
  logout(): Promise<SessionSnapshot>;
  /** Remember the screen the trader is on (opaque to us); kept across expiry and re-login. */
  setReturnTo(route: string | null): void;
  /** The broker client reports an auth failure here; 401 codes end the session. Returns whether it did. */
  reportAuthFailure(code: number | null, httpStatus?: number | null): boolean;
  /** Re-check the clock now (after system resume). */
  checkNow(): SessionSnapshot;
  snapshot(): SessionSnapshot;
  credentials(): SessionCredentials | null;
  onChange(listener: (s: SessionSnapshot) => void): () => void;
  /** Stops the expiry timer and any pending login; the core's disposal convention. */
  dispose(): Promise<void>;
}

const MAX_ROUTE_LENGTH = 512;

/**
 * Validate the renderer's route string: short, one line of text (the IPC schema refuses the
 * same first, typed). It is never interpreted here.
 */
export function sanitizeReturnTo(route: unknown): string | null {
  if (typeof route !== 'string' || route.length === 0) return null;
  if (route.length > MAX_ROUTE_LENGTH || notOneLineReason(route) !== null) {
    throw new RangeError('returnTo must be at most 512 printable characters');
  }
  return route;
}

/** Build the session service. */
export function createSessionController(deps: SessionControllerDeps): SessionController {
  const log = (deps.logger ?? silentLogger).child('session');
  const timers = deps.timers ?? systemTimers;
  const maxTimerMs = deps.maxTimerMs ?? 60 * 60 * 1000;
  const listeners = new Set<(s: SessionSnapshot) => void>();
  let state: SessionState = INITIAL_SESSION;
  let token: string | null = null;
  let returnTo: string | null = null;
  let timer: unknown = null;
  let lastPublished = '';
  let publishSeq = 0;
  let loginSeq = 0;
  let disposed = false;

  const lead = (): number => Math.max(0, deps.warningLeadMs());
  const account = (): SessionAccount | null =>
    state.accountId ? deps.accounts.byId(state.accountId) : null;

  function snapshot(): SessionSnapshot {
    const acc = account();
    const usable = tokenUsable(state);
    return {
      status: state.status,
      accountId: state.accountId,
      accountLabel: acc?.label ?? null,
      environment: acc?.environment ?? null,
      template: acc?.template ?? null,
      capabilities: usable && acc ? capabilitiesFor(acc.template) : NO_CAPABILITIES,
      issuedAt: state.issuedAt,
      expiresAt: state.expiresAt,
      warnAt: state.warnAt,
      expiredReason: state.expiredReason,
      brokerCode: state.brokerCode,
      canRelogin: acc !== null && (state.status === 'expired' || state.status === 'expiring'),
      returnTo,
      lastError: state.lastError,
      secretStorage: deps.vault.status().backend,
    };
  }

  function schedule(): void {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    if (disposed) return;
    const next =
      state.status === 'active'
        ? state.warnAt
        : state.status === 'expiring'
          ? state.expiresAt
          : null;
    if (next === null) return;
    const delay = Math.min(Math.max(0, next - deps.clock.now()), maxTimerMs);
    timer = timers.setTimeout(() => {
      timer = null;
      dispatch({ type: 'clock', now: deps.clock.now(), leadMs: lead() });
    }, delay);
  }

  function dispatch(event: SessionEvent): void {
    const before = state.status;
    state = sessionReducer(state, event);
    if (state.status === 'expired' && before !== 'expired') {
      log.info('session expired', {
        accountId: state.accountId,
        reason: state.expiredReason,
        brokerCode: state.brokerCode,
      });
    } else if (state.status !== before) {
      log.info('session status changed', {
        from: before,
        to: state.status,
        accountId: state.accountId,
      });
    }
    schedule();
    publish();
  }

  function publish(): void {
    const snap = snapshot();
    const key = JSON.stringify(snap);
    if (key === lastPublished) return;
    lastPublished = key;
    const seq = ++publishSeq;
    for (const l of listeners) {
      // A listener that reads the session can trigger a newer publish; never follow it with this older one.
      if (seq !== publishSeq) break;
      try {
        l(snap);
      } catch (err) {
        log.error('session listener threw', { error: err });
      }
    }
  }

  async function login(
    opts: { accountId?: string; returnTo?: string; method?: LoginMethod } = {},
  ): Promise<SessionSnapshot> {
    if (opts.returnTo !== undefined) returnTo = sanitizeReturnTo(opts.returnTo);
    const acc = opts.accountId
      ? deps.accounts.byId(opts.accountId)
      : (account() ?? deps.accounts.active());
    if (!acc) {
      const message = 'Add a broker account (with its broker address) before logging in.';
      state = { ...state, lastError: { reason: 'no-account', message } };
      publish();
      return snapshot();
    }
    if (state.accountId && state.accountId !== acc.id) {
      token = null;
      dispatch({ type: 'logged-out' });
    }
    dispatch({ type: 'login-started', accountId: acc.id });
    // Only the latest attempt may change the state: a superseded, cancelled or logged-out
    // attempt that settles late must not undo what happened since.
    const attempt = ++loginSeq;
    try {
      const result = await deps.login.login(acc, opts.method ? { method: opts.method } : {});
      if (attempt !== loginSeq) return snapshot();
      const expiresAt = tokenExpiryAfter(result.issuedAt);
      await deps.vault.setToken(acc.id, {
        token: result.accessToken,
        issuedAt: result.issuedAt,
        expiresAt,
      });
      token = result.accessToken;
      dispatch({
        type: 'login-succeeded',
        accountId: acc.id,
        issuedAt: result.issuedAt,
        expiresAt,
        now: deps.clock.now(),
        leadMs: lead(),
      });
    } catch (err) {
      const reason = err instanceof LoginError ? err.reason : 'unexpected';
      const message =
        err instanceof LoginError
          ? LOGIN_FAILURE_TEXT[err.reason]
          : 'The login failed unexpectedly.';
      if (!(err instanceof LoginError)) log.error('login failed unexpectedly', { error: err });
      if (attempt === loginSeq) dispatch({ type: 'login-failed', reason, message });
    }
    return snapshot();
  }

  return {
    async restore(accountId) {
      loginSeq++;
      deps.login.cancel();
      const acc = accountId ? deps.accounts.byId(accountId) : deps.accounts.active();
      token = null;
      dispatch({ type: 'logged-out' });
      if (!acc) return snapshot();
      state = { ...state, accountId: acc.id };
      const stored = await deps.vault.getToken(acc.id);
      if (!stored) {
        publish();
        return snapshot();
      }
      token = stored.token;
      dispatch({
        type: 'restored',
        accountId: acc.id,
        issuedAt: stored.issuedAt,
        expiresAt: stored.expiresAt,
        now: deps.clock.now(),
        leadMs: lead(),
      });
      if (state.status === 'expired') {
        token = null;
        await deps.vault.deleteToken(acc.id);
      }
      return snapshot();
    },
    login,
    relogin: () => login(state.accountId ? { accountId: state.accountId } : {}),
    cancelLogin: () => deps.login.cancel(),
    async logout() {
      loginSeq++;
      const id = state.accountId;
      const acc = account();
      const revoking = token;
      token = null;
      deps.login.cancel();
      dispatch({ type: 'logged-out' });
      // Forgotten here first, always; then, where the broker supports it, revoked there too.
      if (id) await deps.vault.deleteToken(id);
      if (acc?.revokeOnLogout && revoking && deps.revoke) {
        try {
          await deps.revoke(acc, revoking);
          log.info('token revoked at the broker', { accountId: acc.id });
        } catch (err) {
          log.warn('the broker did not revoke the token; it was forgotten here', {
            accountId: acc.id,
            err: (err as Error).message,
          });
        }
      }
      return snapshot();
    },
    setReturnTo(route) {
      returnTo = sanitizeReturnTo(route);
      publish();
    },
    reportAuthFailure(code, httpStatus) {
      if (!isSessionExpiredFailure(code, httpStatus)) return false;
      if (!tokenUsable(state)) return false;
      const id = state.accountId;
      token = null;
      dispatch({ type: 'auth-rejected', code });
      if (id) void deps.vault.deleteToken(id).catch(() => undefined);
      return true;
    },
    checkNow() {
      dispatch({ type: 'clock', now: deps.clock.now(), leadMs: lead() });
      return snapshot();
    },
    snapshot: () => {
      // Reads are answers too: never report "active" past the expiry even if a timer slept.
      if ((state.status === 'active' || state.status === 'expiring') && state.expiresAt !== null) {
        if (deps.clock.now() >= (state.warnAt ?? state.expiresAt))
          dispatch({ type: 'clock', now: deps.clock.now(), leadMs: lead() });
      }
      return snapshot();
    },
    credentials() {
      if (!tokenUsable(state)) return null;
      if (state.expiresAt !== null && deps.clock.now() >= state.expiresAt) {
        dispatch({ type: 'clock', now: deps.clock.now(), leadMs: lead() });
        return null;
      }
      const acc = account();
      if (!acc || !token) return null;
      return { accountId: acc.id, appId: acc.appId, baseUrl: acc.baseUrl, accessToken: token };
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async dispose() {
      disposed = true;
      deps.login.cancel();
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      listeners.clear();
    },
  };
}
