/**
 * Per-user request budget: 10 a second, 200 a minute, 10,000 a day (spec "Limits"). A user
 * who breaks the per-minute limit more than 3 times in one day is blocked for the rest of
 * that day.
 *
 * What is known (the spec): the three numbers, the breach allowance, HTTP 429 with -353.
 * What is inferred (docs/sandbox.md, "Rate limits"), taken on the strict side so the app is
 * never tested against a broker gentler than the real one:
 * - the second and the minute are sliding windows (any 1 s and any 60 s), not clock-aligned
 *   buckets a burst straddling a boundary slips through; the day is the IST calendar day;
 * - every request that reaches the API counts, including those answered 429 (a client
 *   retrying at once stays refused) and unauthenticated ones (counted against the user whose
 *   token they carry, expired or revoked, else against the caller's address);
 * - a breach is a clock minute in which the minute limit refused a request (several refusals
 *   in one minute are one breach), the reading the app's breach guard also takes.
 */
import { DAY, istDayKey, istDayStart } from '../time/ist';

/** The three limits and the breach allowance. */
export interface LimitConfig {
  perSecond: number;
  perMinute: number;
  perDay: number;
  /** Minute-limit breaches tolerated per day; one more blocks the user until midnight IST. */
  minuteBreachesAllowed: number;
  /**
   * `sliding` (default: any 1 s and any 60 s, the strict reading) or `clock` (clock-aligned
   * seconds and minutes, the gentler reading the sandbox used before). Which one the real
   * broker uses is not published; `clock` stays as a switch for a test that wants the gentler
   * reading (no test of the app uses it; see docs/sandbox.md "Rate limits").
   */
  windows?: LimitWindows;
}

/** How the second and the minute are measured. */
export type LimitWindows = 'sliding' | 'clock';

/** The spec's limits. */
export const SPEC_LIMITS: LimitConfig = {
  perSecond: 10,
  perMinute: 200,
  perDay: 10_000,
  minuteBreachesAllowed: 3,
};

/** Outcome of one admission check. */
export type Admission = { ok: true } | { ok: false; retryAfterSec: number; message: string };

const SECOND_MS = 1000;
const MINUTE_MS = 60_000;

/** Timestamps in a window (sliding, or the clock-aligned one holding `now`), oldest first. */
class Stamps {
  private readonly t: number[] = [];
  constructor(
    private readonly windowMs: number,
    private readonly mode: LimitWindows = 'sliding',
  ) {}

  /** Requests counted in the window ending at `now`. */
  count(now: number): number {
    const from =
      this.mode === 'clock'
        ? Math.floor(now / this.windowMs) * this.windowMs - 1
        : now - this.windowMs;
    while (this.t.length > 0 && this.t[0]! <= from) this.t.shift();
    return this.t.length;
  }

  add(now: number, n = 1): void {
    for (let k = 0; k < n; k++) this.t.push(now);
  }

  /** Seconds (at least 1) until the window holds fewer than `limit`, from `now`. */
  retryAfterSec(now: number, limit: number): number {
    if (this.mode === 'clock')
      return Math.max(
        1,
        Math.ceil((Math.floor(now / this.windowMs + 1) * this.windowMs - now) / 1000),
      );
    const n = this.count(now);
    const oldestToGo = this.t[Math.max(0, n - limit)] ?? now;
    return Math.max(1, Math.ceil((oldestToGo + this.windowMs - now) / 1000));
  }
}

interface UserWindows {
  second: Stamps;
  minute: Stamps;
  day: number;
  dayCount: number;
  breachMinutes: Set<number>;
  blockedDay: number | null;
  /** The most requests the second and the minute have held today (a proof's check). */
  peak: { second: number; minute: number };
}

/** Sliding-window limiter keyed by user id (or, for a request no token names, its address). */
export class RateLimiter {
  private users = new Map<string, UserWindows>();

  constructor(private readonly cfg: LimitConfig = SPEC_LIMITS) {}

  /** The user's windows, created or rolled over to the IST day of `now`. */
  private windows(user: string, now: number): UserWindows {
    const day = istDayKey(now);
    let w = this.users.get(user);
    if (!w) {
      w = {
        second: new Stamps(SECOND_MS, this.cfg.windows),
        minute: new Stamps(MINUTE_MS, this.cfg.windows),
        day,
        dayCount: 0,
        breachMinutes: new Set(),
        blockedDay: null,
        peak: { second: 0, minute: 0 },
      };
      this.users.set(user, w);
    }
    if (w.day !== day) {
      w.day = day;
      w.dayCount = 0;
      w.breachMinutes.clear();
      w.blockedDay = null;
      w.peak = { second: 0, minute: 0 };
    }
    return w;
  }

  /** Counts one request (admitted or not) and says whether it may be served, or how long to wait. */
  admit(user: string, now: number): Admission {
    const w = this.windows(user, now);
    const day = istDayKey(now);
    const untilMidnight = Math.max(1, Math.ceil((istDayStart(now) + DAY - now) / 1000));
    // The request is counted before the verdict: the broker counts what reaches it.
    w.second.add(now);
    w.minute.add(now);
    w.dayCount++;
    w.peak.second = Math.max(w.peak.second, w.second.count(now));
    w.peak.minute = Math.max(w.peak.minute, w.minute.count(now));
    if (w.blockedDay === day) {
      return {
        ok: false,
        retryAfterSec: untilMidnight,
        message:
          'API limit exceeded: blocked for the rest of the day after repeated per-minute breaches',
      };
    }
    if (w.dayCount > this.cfg.perDay) {
      return {
        ok: false,
        retryAfterSec: untilMidnight,
        message: `API limit exceeded: ${this.cfg.perDay} requests per day`,
      };
    }
    if (w.minute.count(now) > this.cfg.perMinute) {
      w.breachMinutes.add(Math.floor(now / MINUTE_MS));
      if (w.breachMinutes.size > this.cfg.minuteBreachesAllowed) {
        w.blockedDay = day;
        return {
          ok: false,
          retryAfterSec: untilMidnight,
          message: `API limit exceeded: per-minute limit broken more than ${this.cfg.minuteBreachesAllowed} times today; blocked until tomorrow`,
        };
      }
      return {
        ok: false,
        retryAfterSec: w.minute.retryAfterSec(now, this.cfg.perMinute),
        message: `API limit exceeded: ${this.cfg.perMinute} requests per minute`,
      };
    }
    if (w.second.count(now) > this.cfg.perSecond) {
      return {
        ok: false,
        retryAfterSec: w.second.retryAfterSec(now, this.cfg.perSecond),
        message: `API limit exceeded: ${this.cfg.perSecond} requests per second`,
      };
    }
    return { ok: true };
  }

  /**
   * Each user's per-minute breaches and block today, as the broker counts them, and the
   * busiest second and minute its sliding windows held today (test control: a proof
   * compares the client's own count with this one, and its spending with the limits).
   */
  report(now: number): {
    user: string;
    minuteBreaches: number;
    blocked: boolean;
    peak: { second: number; minute: number };
  }[] {
    const day = istDayKey(now);
    return [...this.users].map(([user, w]) => ({
      user,
      minuteBreaches: w.day === day ? w.breachMinutes.size : 0,
      blocked: w.blockedDay === day,
      peak: w.day === day ? { ...w.peak } : { second: 0, minute: 0 },
    }));
  }

  /**
   * Spends up to `count` of every known user's current minute (and day), as another client
   * on the same account would, without drawing a breach (test control).
   */
  spendMinute(now: number, count: number): void {
    for (const user of [...this.users.keys()]) {
      const w = this.windows(user, now);
      const n = Math.max(0, Math.min(count, this.cfg.perMinute - w.minute.count(now)));
      w.minute.add(now, n);
      w.dayCount += n;
    }
  }

  /** Forgets all counters and blocks (test reset). */
  clear(): void {
    this.users.clear();
  }
}
