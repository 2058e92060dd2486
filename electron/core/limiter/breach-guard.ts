/**
 * Keeps the account away from the broker's day block.
 *
 * The broker counts requests in its own minutes, on its own clock, and counts every client
 * on the account (a phone app, a script) together; when the per-minute limit is exceeded
 * more than `allowed` times in one day it blocks the account until midnight, and then no
 * order in flight can even be confirmed. The scheduler's own count cannot see the other
 * clients, so a 429 is the only news of them. This guard turns each 429 into:
 *
 * - a pause of the whole client until the broker's minute has surely rolled (Retry-After,
 *   which the broker sets to the end of its window, plus a margin for its clock);
 * - one counted breach per episode (429s that arrive during that pause were sent before it
 *   and fall in the same broker minute), and none for a later episode that surely fell in the
 *   broker minute already counted (the broker counts a minute of refusals once; against its
 *   sliding minute the pause can end while another client keeps the minute full), persisted
 *   with the day's count so a restart the same day remembers them;
 * - a lower minute ceiling: three quarters of what the app had sent in the last minute, so
 *   the app's share plus the other clients' fits, recovering slowly after quiet minutes but
 *   never back above four fifths of the level that drew the 429 (nor below half the limit);
 * - one breach assumed unseen from the first of the day (`UNSEEN_RESERVE`): the broker's
 *   minute slides, so when the account's minute overflows it refuses whoever asks next, and
 *   the other client's refusals are breaches too, which only the broker sees. Tickdesk alone
 *   stays at three quarters of the minute (`OTHER_CLIENTS_MINUTE_SHARE`), so a breach it sees
 *   means another client is over its share, and may already have been refused unseen;
 * - levels that hold more traffic as the block comes closer, counting the unseen reserve
 *   (see `BreachLevel`), and background refresh held for a cool-down after each breach,
 *   until midnight once one more may block the day (`backgroundHeldUntil`).
 */
import type { BreachLevel } from '../../../shared/ipc/channels/budget';
import type { DayBudget } from './day-budget';
import { BREACHES_ALLOWED } from '../../../shared/broker/day-block';

/** Added to Retry-After before the client sends again: the broker's clock is not ours. */
export const ROLL_MARGIN_MS = 1_000;
/**
 * How far the broker's minute may sit from ours (its clock's drift; prices stamped further
 * ahead are refused for the same reason, `MAX_FUTURE_SKEW_MS`). A refusal is known to fall
 * in one broker minute only when its whole span, sent to answered, widened by this, does.
 */
const MINUTE_EDGE_MS = 2_000;
const MINUTE_MS = 60_000;

/** The broker minute a refusal surely fell in (sent at `sentAt`, answered at `now`), if one. */
function certainMinute(sentAt: number, now: number): number | null {
  const first = Math.floor((sentAt - MINUTE_EDGE_MS) / MINUTE_MS);
  return first === Math.floor((now + MINUTE_EDGE_MS) / MINUTE_MS) ? first : null;
}
/** A Retry-After longer than this is a day block (or the day's limit), not a minute's. */
const DAY_BLOCK_RETRY_MS = 65_000;
/** After a 429, the minute ceiling becomes this share of what the app had just sent. */
const CUT_SHARE = 0.75;
/** Recovery never goes above this share of what the app had sent when refused. */
const RECOVER_SHARE = 0.8;
/** Quiet time after a 429 before the ceiling starts to recover. */
const QUIET_MS = 5 * 60_000;
/**
 * Background refresh waits this long after a breach's pause has ended (the broker's minute
 * has rolled): the quiet time the ceiling also waits before recovering, so an other client
 * still over its share shows itself by another 429 before the refresh adds to the minute.
 */
export const BACKGROUND_COOL_DOWN_MS = QUIET_MS;
/** Share of the limit the ceiling recovers per quiet minute after that. */
const RECOVER_STEP_SHARE = 0.05;
/** The cut ceiling never goes below this share of the limit (orders must still go). */
const FLOOR_SHARE = 0.1;
/** Ceiling share once one more breach would leave only the last allowed one. */
const HELD_SHARE = 0.5;
/** Ceiling share once one more breach would block the day. */
const STOPPED_SHARE = 0.25;
/**
 * Breaches assumed unseen once Tickdesk has seen one today: refusals of another client on
 * the account (see the module comment). One, not one per breach seen: after the first the
 * ceiling is cut (and background refresh cools down), leaving the other client most of the
 * minute.
 */
export const UNSEEN_RESERVE = 1;

/** What the scheduler asks the guard. */
export interface BreachGuardOptions {
  perMinute: number;
  day: DayBudget;
  now: number;
  allowed?: number;
}

/** The day's breach count and the slow-down it implies; one per scheduler. */
export class BreachGuard {
  readonly allowed: number;
  private readonly perMinute: number;
  private readonly day: DayBudget;
  /** 429s before this moment belong to the episode already counted. */
  private episodeUntil = 0;
  /** The broker minute of the last counted breach, when certain. */
  private countedMinute: number | null = null;
  private cut: number | null = null;
  private recoverTo: number | null = null;
  private lastAt = 0;
  /** Background refresh waits until then: the last breach's pause plus the cool-down. */
  private coolUntil = 0;

  constructor(o: BreachGuardOptions) {
    this.allowed = o.allowed ?? BREACHES_ALLOWED;
    this.perMinute = o.perMinute;
    this.day = o.day;
    // After a restart with breaches already counted today, start at the held share.
    if (this.day.breaches(o.now) > 0) {
      this.cut = this.recoverTo = Math.floor(this.perMinute * HELD_SHARE);
      this.lastAt = o.now;
      // When the breach fell is not kept: cool down from the start, to be safe.
      this.coolUntil = o.now + BACKGROUND_COOL_DOWN_MS;
    }
  }

  /** Breaches counted today. */
  count(now: number): number {
    const n = this.day.breaches(now);
    if (n === 0 && this.cut !== null) this.cut = this.recoverTo = null; // the day turned
    return n;
  }

  /** Breaches assumed that only the broker saw (another client's refusals); 0 on a clear day. */
  unseen(now: number): number {
    const n = this.count(now);
    return n > 0 && n <= this.allowed ? Math.min(UNSEEN_RESERVE, this.allowed - n) : 0;
  }

  /** How close the day is to the block, counting the breaches assumed unseen. */
  level(now: number): BreachLevel {
    const seen = this.count(now);
    if (seen > this.allowed) return 'blocked';
    const n = seen + this.unseen(now);
    if (n >= this.allowed) return 'stopped';
    if (n === this.allowed - 1) return 'held';
    return n > 0 ? 'slowed' : 'clear';
  }

  /**
   * A request came back 429. Counts a new breach unless it belongs to the episode already
   * counted, lowers the ceiling, and returns how long the whole client must pause (ms).
   * The episode is judged by when the refused request was SENT (`sentAt`): a request already
   * on the wire when the first 429 arrived fell in the same broker minute, however late its
   * own answer comes. A later episode that surely fell in the broker minute already counted
   * lowers the ceiling again but is not counted twice. A refusal of the per-second window
   * (`perSecond`) is paused for and never counted: the broker counts only minute breaches
   * towards the day block.
   */
  onRateLimited(
    now: number,
    retryAfterMs: number,
    sentLastMinute: number,
    o: { sentAt?: number; perSecond?: boolean } = {},
  ): number {
    if (retryAfterMs > DAY_BLOCK_RETRY_MS) {
      this.day.setBreaches(now, Math.max(this.day.breaches(now), this.allowed + 1));
      return retryAfterMs;
    }
    const pause = retryAfterMs + ROLL_MARGIN_MS;
    if (o.perSecond) return pause;
    const sentAt = o.sentAt ?? now;
    if (sentAt >= this.episodeUntil) {
      const minute = certainMinute(sentAt, now);
      // A new episode in the minute already counted slows the client again, uncounted.
      if (minute === null || minute !== this.countedMinute)
        this.day.setBreaches(now, this.day.breaches(now) + 1);
      this.countedMinute = minute;
      const cut = Math.max(
        Math.floor(this.perMinute * FLOOR_SHARE),
        Math.floor(sentLastMinute * CUT_SHARE),
      );
      // Recovery stops below the level that drew the 429, but never below half the limit:
      // a 429 while the app sent little says the other client spent, not that we must crawl.
      const recoverTo = Math.max(
        Math.floor(this.perMinute * HELD_SHARE),
        Math.floor(sentLastMinute * RECOVER_SHARE),
      );
      this.cut = Math.min(this.cut ?? cut, cut);
      this.recoverTo = Math.min(this.recoverTo ?? recoverTo, recoverTo);
      this.lastAt = now;
      this.coolUntil = Math.max(this.coolUntil, now + pause + BACKGROUND_COOL_DOWN_MS);
    }
    this.episodeUntil = Math.max(this.episodeUntil, now + pause);
    return pause;
  }

  /** The most requests the app lets itself send in a rolling minute now. */
  minuteCeiling(now: number, headroomCeiling: number): number {
    const level = this.level(now);
    let c = headroomCeiling;
    if (this.cut !== null && this.recoverTo !== null) {
      const quietMinutes = Math.floor(Math.max(0, now - this.lastAt - QUIET_MS) / 60_000);
      const step = Math.max(1, Math.floor(this.perMinute * RECOVER_STEP_SHARE));
      c = Math.min(c, this.recoverTo, this.cut + step * quietMinutes);
    }
    if (level === 'held') c = Math.min(c, Math.floor(this.perMinute * HELD_SHARE));
    if (level === 'stopped' || level === 'blocked')
      c = Math.min(c, Math.floor(this.perMinute * STOPPED_SHARE));
    return Math.max(1, c);
  }

  /** New order actions are refused before sending: one more breach would block the day. */
  refusesOrderActions(now: number): boolean {
    const level = this.level(now);
    return level === 'stopped' || level === 'blocked';
  }

  /**
   * When background refresh may go again, or null when it is not held: the trader's reads
   * and order confirmations come first. After a breach it waits out the broker's minute and
   * a cool-down (`BACKGROUND_COOL_DOWN_MS`, restarted by each later breach), then comes back
   * under the lowered ceiling: one breach must not cost the trader the rest of the day's
   * refresh. Once one more breach may block the day (`stopped`, `blocked`) it waits until
   * midnight, leaving what the broker still allows to the trader's reads and confirmations.
   */
  backgroundHeldUntil(now: number): number | null {
    const level = this.level(now);
    if (level === 'stopped' || level === 'blocked') return this.day.resetsAt(now);
    return level !== 'clear' && this.coolUntil > now ? this.coolUntil : null;
  }
}
