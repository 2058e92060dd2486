/**
 * Per-user request budget: 10 a second, 200 a minute, 10,000 a day (spec "Limits"). A user
 * who breaks the per-minute limit more than 3 times in one day is blocked for the rest of
 * that day. Windows are aligned to the sandbox clock's seconds, minutes and IST days, so
 * tests can exhaust a window and then advance the clock past it.
 */
import { DAY, istDayKey, istDayStart } from '../time/ist';

/** The three limits and the breach allowance. */
export interface LimitConfig {
  perSecond: number;
  perMinute: number;
  perDay: number;
  /** Minute-limit breaches tolerated per day; one more blocks the user until midnight IST. */
  minuteBreachesAllowed: number;
}

/** The spec's limits. */
export const SPEC_LIMITS: LimitConfig = {
  perSecond: 10,
  perMinute: 200,
  perDay: 10_000,
  minuteBreachesAllowed: 3,
};

/** Outcome of one admission check. */
export type Admission = { ok: true } | { ok: false; retryAfterSec: number; message: string };

interface UserWindows {
  sec: number;
  secCount: number;
  min: number;
  minCount: number;
  day: number;
  dayCount: number;
  breachMinutes: Set<number>;
  blockedDay: number | null;
}

/** Fixed-window limiter keyed by user id. */
export class RateLimiter {
  private users = new Map<string, UserWindows>();

  constructor(private readonly cfg: LimitConfig = SPEC_LIMITS) {}

  /** The user's windows, created or rolled over to the second, minute and day of `now`. */
  private windows(user: string, now: number): UserWindows {
    const sec = Math.floor(now / 1000);
    const min = Math.floor(now / 60_000);
    const day = istDayKey(now);
    let w = this.users.get(user);
    if (!w) {
      w = {
        sec,
        secCount: 0,
        min,
        minCount: 0,
        day,
        dayCount: 0,
        breachMinutes: new Set(),
        blockedDay: null,
      };
      this.users.set(user, w);
    }
    if (w.day !== day) {
      w.day = day;
      w.dayCount = 0;
      w.breachMinutes.clear();
      w.blockedDay = null;
    }
    if (w.min !== min) {
      w.min = min;
      w.minCount = 0;
    }
    if (w.sec !== sec) {
      w.sec = sec;
      w.secCount = 0;
    }
    return w;
  }

  /** Admits (and counts) one request, or says how long to wait. Refused requests are not counted. */
  admit(user: string, now: number): Admission {
    const w = this.windows(user, now);
    const min = Math.floor(now / 60_000);
    const day = istDayKey(now);
    const untilMidnight = Math.max(1, Math.ceil((istDayStart(now) + DAY - now) / 1000));
    if (w.blockedDay === day) {
      return {
        ok: false,
        retryAfterSec: untilMidnight,
        message:
          'API limit exceeded: blocked for the rest of the day after repeated per-minute breaches',
      };
    }
    if (w.dayCount >= this.cfg.perDay) {
      return {
        ok: false,
        retryAfterSec: untilMidnight,
        message: `API limit exceeded: ${this.cfg.perDay} requests per day`,
      };
    }
    if (w.minCount >= this.cfg.perMinute) {
      w.breachMinutes.add(min);
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
        retryAfterSec: Math.max(1, Math.ceil(((min + 1) * 60_000 - now) / 1000)),
        message: `API limit exceeded: ${this.cfg.perMinute} requests per minute`,
      };
    }
    if (w.secCount >= this.cfg.perSecond) {
      return {
        ok: false,
        retryAfterSec: 1,
        message: `API limit exceeded: ${this.cfg.perSecond} requests per second`,
      };
    }
    w.secCount++;
    w.minCount++;
    w.dayCount++;
    return { ok: true };
  }

  /**
   * Each user's per-minute breaches and block today, as the broker counts them (test
   * control: a proof compares the client's own count with this one).
   */
  report(now: number): { user: string; minuteBreaches: number; blocked: boolean }[] {
    const day = istDayKey(now);
    return [...this.users].map(([user, w]) => ({
      user,
      minuteBreaches: w.day === day ? w.breachMinutes.size : 0,
      blocked: w.blockedDay === day,
    }));
  }

  /**
   * Spends up to `count` of every known user's current minute (and day), as another client
   * on the same account would, without drawing a breach (test control).
   */
  spendMinute(now: number, count: number): void {
    for (const user of [...this.users.keys()]) {
      const w = this.windows(user, now);
      const n = Math.max(0, Math.min(count, this.cfg.perMinute - w.minCount));
      w.minCount += n;
      w.dayCount += n;
    }
  }

  /** Forgets all counters and blocks (test reset). */
  clear(): void {
    this.users.clear();
  }
}
