/**
 * The small injected dependencies the login, session and eDIS services share.
 *
 * They are interfaces (not Node globals) so unit tests can drive time and randomness, and
 * so the shell can pass Electron-backed implementations (shell.openExternal) in main.ts.
 */
import { randomBytes } from 'node:crypto';
import type { Clock as TimedClock } from '../limiter/clock';

/** Wall-clock time in epoch milliseconds; a fake one drives expiry tests across 06:00 IST. */
export type Clock = Pick<TimedClock, 'now'>;

/** Timer functions; a fake scheduler in tests fires them without waiting. */
export type Timers = Omit<TimedClock, 'now'>;

/** Cryptographic randomness for state and PKCE verifiers. */
export interface Random {
  bytes(n: number): Uint8Array;
}

/** Opens a URL in the user's default browser (Electron: `shell.openExternal`). */
export interface Opener {
  openExternal(url: string): Promise<void>;
}

/** The subset of WHATWG fetch the login exchange needs; Node 20's global fetch fits. */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<{
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}>;

/** Real implementations for production wiring and integration tests. */
export const systemClock: Clock = { now: () => Date.now() };

/** Node's timers, wrapped so `unref` keeps a pending login from holding the process open. */
export const systemTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Node's CSPRNG. */
export const systemRandom: Random = { bytes: (n) => new Uint8Array(randomBytes(n)) };
