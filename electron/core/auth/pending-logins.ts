/**
 * The one pending login and its single-use `state`.
 *
 * RFC 8252 §8.9 / spec Authentication 6: the state must be random and checked. Tying it to
 * exactly one pending login, and burning it on first use, means a replayed or stale
 * redirect (an old browser tab, a second deep link) can never complete a login.
 */
import { createCodeVerifier, createState } from './pkce';
import type { Clock, Random } from './ports';

/** What the flow remembers between opening the login page and receiving the redirect. */
export interface PendingLogin {
  readonly id: number;
  readonly state: string;
  /** Present only for the PKCE flow; never logged, never sent to the renderer. */
  readonly codeVerifier: string | null;
  readonly accountId: string;
  readonly createdAt: number;
  readonly expiresAt: number;
}

/** Result of checking a returned state; `ok: false` carries why, for the log and the UI. */
export type StateCheck =
  | { ok: true; login: PendingLogin }
  | { ok: false; why: 'no-pending-login' | 'mismatch' | 'expired' | 'already-used' };

/** Default lifetime: an auth code lives 300 s (gaps.md), so a login can't usefully last longer. */
export const PENDING_LOGIN_TTL_MS = 5 * 60 * 1000;

/** Holds at most one pending login; starting a new one invalidates the previous state. */
export class PendingLogins {
  private current: PendingLogin | null = null;
  private readonly used = new Set<string>();
  private nextId = 1;

  constructor(
    private readonly random: Random,
    private readonly clock: Clock,
    private readonly ttlMs: number = PENDING_LOGIN_TTL_MS,
  ) {}

  /** Begin a login: a fresh state (and verifier for PKCE) replaces any earlier pending one. */
  begin(accountId: string, pkce: boolean): PendingLogin {
    if (this.current) this.used.add(this.current.state);
    const now = this.clock.now();
    this.current = {
      id: this.nextId++,
      state: createState(this.random),
      codeVerifier: pkce ? createCodeVerifier(this.random) : null,
      accountId,
      createdAt: now,
      expiresAt: now + this.ttlMs,
    };
    return this.current;
  }

  /** The pending login, if one is open (used by the flow to see if it was superseded). */
  peek(): PendingLogin | null {
    return this.current;
  }

  /**
   * Whether `returnedState` is the pending login's state, without consuming it: the loopback
   * listener ignores a reply that fails this, so only the right reply can end the login.
   */
  matches(returnedState: string | null | undefined): boolean {
    const pending = this.current;
    return (
      pending !== null &&
      typeof returnedState === 'string' &&
      timingSafeEqualStr(returnedState, pending.state)
    );
  }

  /**
   * Check a returned state and consume the pending login whatever the outcome: a wrong
   * state also ends the attempt, because someone is feeding us redirects.
   */
  consume(returnedState: string | null | undefined): StateCheck {
    const pending = this.current;
    if (typeof returnedState === 'string' && this.used.has(returnedState))
      return { ok: false, why: 'already-used' };
    if (!pending) return { ok: false, why: 'no-pending-login' };
    this.current = null;
    this.used.add(pending.state);
    if (typeof returnedState !== 'string' || !timingSafeEqualStr(returnedState, pending.state)) {
      return { ok: false, why: 'mismatch' };
    }
    if (this.clock.now() > pending.expiresAt) return { ok: false, why: 'expired' };
    return { ok: true, login: pending };
  }

  /** Drop the pending login (cancel, window closed, timeout) so its state can't be used. */
  abandon(id?: number): void {
    if (this.current && (id === undefined || this.current.id === id)) {
      this.used.add(this.current.state);
      this.current = null;
    }
  }
}

function timingSafeEqualStr(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
