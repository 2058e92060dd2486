import { z } from 'zod';
import { channel, event } from '../define';

const Window = z.object({ used: z.number(), limit: z.number() });

/** The request budget (10/s, 200/min, 10,000/day) as the status bar shows it. */
export const BudgetState = z.object({
  at: z.string(),
  second: Window,
  minute: Window,
  day: Window.extend({ resetsAt: z.string() }),
  queued: z.object({ order: z.number(), user: z.number(), background: z.number() }),
  inFlight: z.number(),
  pausedUntil: z.string().nullable(),
  rateLimitedCount: z.number(),
});
export type BudgetState = z.infer<typeof BudgetState>;

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
