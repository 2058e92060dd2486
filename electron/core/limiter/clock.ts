/**
 * The one time source of the core (limiter, orders, login, session, eDIS). Injected so that unit tests drive
 * windows, pauses and refresh intervals with a fake clock instead of waiting.
 */

/** Current time plus timers. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The real clock (Date.now and global timers). */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};
