import { z } from 'zod';
import { channel, event } from '../define';

/** Used of the broker's limit in one window, and the ceiling the app allows itself now. */
const Window = z.object({ used: z.number(), limit: z.number(), ceiling: z.number() });

/**
 * How close the day is to the broker's block (more than 3 per-minute breaches in one day
 * block the account until midnight), counting the breaches seen and those assumed unseen:
 * `clear` no breach today; `slowed` the whole client
 * sends more slowly; `held` at most half the minute (background refresh waits a cool-down
 * after each breach, `backgroundHeldUntil`); `stopped` one more breach would block
 * the day, so new order actions are refused before sending and only reads go, slowly;
 * `blocked` the broker has blocked the account until midnight.
 */
export const BreachLevel = z.enum(['clear', 'slowed', 'held', 'stopped', 'blocked']);
export type BreachLevel = z.infer<typeof BreachLevel>;

/**
 * The request budget (10/s, 200/min, 10,000/day) as the status bar shows it. The one home
 * of this type: the limiter produces it, IPC carries it, the renderer shows it.
 */
export const BudgetState = z.object({
  at: z.string(),
  second: Window,
  minute: Window,
  day: Window.extend({ resetsAt: z.string() }),
  queued: z.object({ order: z.number(), user: z.number(), background: z.number() }),
  inFlight: z.number(),
  pausedUntil: z.string().nullable(),
  /**
   * Until when background refresh waits after a per-minute breach (the breached minute and a
   * cool-down; IST midnight once one more breach may block the day); null when it runs.
   */
  backgroundHeldUntil: z.string().nullable(),
  rateLimitedCount: z.number(),
  /** The day's minute-limit breaches as the broker counts them (each 429 episode counted). */
  breaches: z.object({
    /** Breaches Tickdesk saw (its own requests refused). */
    count: z.number(),
    /**
     * Breaches assumed on top, that only the broker saw: another client on the account refused
     * when the shared minute overflowed (1 from the first breach seen, else 0).
     */
    unseen: z.number(),
    /** Breaches the broker tolerates in a day; one more blocks the account until midnight. */
    allowed: z.number(),
    level: BreachLevel,
  }),
});
export type BudgetState = z.infer<typeof BudgetState>;
/** Used/limit/ceiling of one window. */
export type WindowState = z.infer<typeof Window>;

/** The request budget, so the trader sees why a refresh waits and how much of the day is left. */
export const budgetChannels = {
  'budget.state': channel({ doc: 'The request budget now.', input: z.void(), output: BudgetState }),
};

export const budgetEvents = {
  'budget.changed': event({
    doc: 'The budget moved (throttled to a few per second).',
    payload: BudgetState,
  }),
};
