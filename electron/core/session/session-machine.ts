/**
 * The session state machine as a pure function: (state, event) → state.
 *
 * Pure so every transition (including the ones across 06:00 IST) can be tested without
 * timers, a keychain or a broker; the controller around it does the side effects.
 *
 *   logged-out ──login-started──▶ logging-in ──login-succeeded──▶ active
 *        ▲                            │ login-failed (back to where it started)
 *        │ logged-out                 ▼
 *   active ──clock ≥ warnAt──▶ expiring ──clock ≥ expiresAt / 401──▶ expired
 *   expired ──login-started──▶ logging-in (re-login keeps returnTo)
 */

/** The five states of issue 4 item 3. */
export type SessionStatus = 'logged-out' | 'logging-in' | 'active' | 'expiring' | 'expired';

/** Why a session ended, for the message the trader sees. */
export type ExpiredReason = 'clock' | 'broker-rejected';

/** The machine's full state (no token: the controller keeps that apart). */
export interface SessionState {
  status: SessionStatus;
  accountId: string | null;
  issuedAt: number | null;
  expiresAt: number | null;
  warnAt: number | null;
  expiredReason: ExpiredReason | null;
  /** The broker code that ended the session, when one did (-8, -15, -16, -17). */
  brokerCode: number | null;
  /** The state a login attempt started from, to return to if it fails. */
  resumeStatus: Exclude<SessionStatus, 'logging-in'> | null;
  lastError: { reason: string; message: string } | null;
}

/** Everything that can happen to a session. */
export type SessionEvent =
  | { type: 'login-started'; accountId: string }
  | {
      type: 'login-succeeded';
      accountId: string;
      issuedAt: number;
      expiresAt: number;
      now: number;
      leadMs: number;
    }
  | { type: 'login-failed'; reason: string; message: string }
  | {
      type: 'restored';
      accountId: string;
      issuedAt: number;
      expiresAt: number;
      now: number;
      leadMs: number;
    }
  | { type: 'clock'; now: number; leadMs: number }
  | { type: 'auth-rejected'; code: number | null }
  | { type: 'logged-out' };

/** The state before anything happened. */
export const INITIAL_SESSION: SessionState = {
  status: 'logged-out',
  accountId: null,
  issuedAt: null,
  expiresAt: null,
  warnAt: null,
  expiredReason: null,
  brokerCode: null,
  resumeStatus: null,
  lastError: null,
};

function live(s: SessionState, now: number, leadMs: number): SessionState {
  if (s.expiresAt === null) return s;
  const warnAt = s.expiresAt - leadMs;
  if (now >= s.expiresAt)
    return { ...s, warnAt, status: 'expired', expiredReason: 'clock', brokerCode: null };
  return { ...s, warnAt, status: now >= warnAt ? 'expiring' : 'active' };
}

/**
 * Whether the current token may be used: active, expiring, or a re-login in progress that
 * started from one of those (the old token stays valid while the trader is in the browser).
 */
export function tokenUsable(s: SessionState): boolean {
  if (s.status === 'active' || s.status === 'expiring') return true;
  return (
    s.status === 'logging-in' && (s.resumeStatus === 'active' || s.resumeStatus === 'expiring')
  );
}

/** Apply one event. Events that make no sense in the current state leave it unchanged. */
export function sessionReducer(s: SessionState, e: SessionEvent): SessionState {
  switch (e.type) {
    case 'login-started':
      return {
        ...s,
        status: 'logging-in',
        accountId: e.accountId,
        resumeStatus: s.status === 'logging-in' ? s.resumeStatus : s.status,
        lastError: null,
      };
    case 'login-succeeded':
    case 'restored': {
      const next: SessionState = {
        ...INITIAL_SESSION,
        status: 'active',
        accountId: e.accountId,
        issuedAt: e.issuedAt,
        expiresAt: e.expiresAt,
      };
      return live(next, e.now, e.leadMs);
    }
    case 'login-failed': {
      if (s.status !== 'logging-in') return s;
      // Back to where the attempt started; an early re-login that fails keeps the old token.
      const back = s.resumeStatus ?? 'logged-out';
      return {
        ...s,
        status: back,
        resumeStatus: null,
        lastError: { reason: e.reason, message: e.message },
      };
    }
    case 'clock':
      if (s.status === 'active' || s.status === 'expiring') return live(s, e.now, e.leadMs);
      // While a re-login runs, the old token keeps ageing: make a failure return to the truth.
      if (
        s.status === 'logging-in' &&
        (s.resumeStatus === 'active' || s.resumeStatus === 'expiring')
      ) {
        const aged = live({ ...s, status: s.resumeStatus }, e.now, e.leadMs);
        return {
          ...s,
          warnAt: aged.warnAt,
          resumeStatus: aged.status as Exclude<SessionStatus, 'logging-in'>,
        };
      }
      return s;
    case 'auth-rejected':
      if (
        s.status === 'logging-in' &&
        (s.resumeStatus === 'active' || s.resumeStatus === 'expiring')
      ) {
        return {
          ...s,
          resumeStatus: 'expired',
          expiredReason: 'broker-rejected',
          brokerCode: e.code,
        };
      }
      if (s.status !== 'active' && s.status !== 'expiring') return s;
      return { ...s, status: 'expired', expiredReason: 'broker-rejected', brokerCode: e.code };
    case 'logged-out':
      return { ...INITIAL_SESSION, accountId: s.accountId };
  }
}
