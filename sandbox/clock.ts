/**
 * The sandbox's simulation clock. Everything time-dependent (sessions, token and auth-code
 * expiry, rate-limit windows, order timestamps) reads this clock instead of Date.now(), so
 * tests can jump to 15:29 IST or past 06:00 the next morning through the test controls.
 */

/** A settable clock: runs in real time from an offset, or stands still when frozen. */
export interface SimClock {
  /** Current simulated time, UTC milliseconds. */
  now(): number;
  /** Jumps to an absolute instant. */
  set(ms: number): void;
  /** Moves forward (or back, with a negative value). */
  advance(ms: number): void;
  /** Whether the clock only moves when told to. */
  readonly frozen: boolean;
}

/**
 * Creates the clock. `start` defaults to the real time; `frozen` makes the clock stand still
 * between explicit set/advance calls, which deterministic tests want.
 */
export function createSimClock(
  opts: { start?: Date; frozen?: boolean; realNow?: () => number } = {},
): SimClock {
  const realNow = opts.realNow ?? Date.now;
  const frozen = opts.frozen ?? false;
  let offset = opts.start ? opts.start.getTime() - realNow() : 0;
  let fixed = opts.start ? opts.start.getTime() : realNow();
  return {
    frozen,
    now: () => (frozen ? fixed : realNow() + offset),
    set(ms) {
      if (frozen) fixed = ms;
      else offset = ms - realNow();
    },
    advance(ms) {
      if (frozen) fixed += ms;
      else offset += ms;
    },
  };
}
