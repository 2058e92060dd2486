/**
 * The trader's own risk limits and the kill switch: their one home. The settings schema,
 * the IPC contract, the core and the screens all read these types, so a limit means the same
 * thing wherever it is set, shown or enforced.
 */
import { z } from 'zod';

/** How a limit is expressed: a rupee amount, or a percentage of the capital the trader entered. */
export const LimitUnit = z.enum(['rupees', 'percent']);
/** ₹ or % of capital. */
export type LimitUnit = z.infer<typeof LimitUnit>;

/** One limit (a loss limit or a profit target); `amount` null means it is off. */
export const RiskLimit = z.object({
  amount: z.number().positive('A limit is a positive amount.').max(1e12).nullable().default(null),
  unit: LimitUnit.default('rupees'),
});
/** One limit. */
export type RiskLimit = z.infer<typeof RiskLimit>;

/** What Tickdesk does when a limit is reached. */
export const LimitAction = z.enum(['warn', 'exit']);
/** Warn only, or warn then cancel, exit and stop trading for the day (the kill switch). */
export type LimitAction = z.infer<typeof LimitAction>;

/** The daily loss limit and profit target of one account. */
export const RiskLimits = z
  .object({
    /** The capital a percentage is taken of (₹); null when the trader set none. */
    capital: z
      .number()
      .positive('Capital is a positive amount.')
      .max(1e12)
      .nullable()
      .default(null),
    loss: RiskLimit.default({ amount: null, unit: 'rupees' }),
    profit: RiskLimit.default({ amount: null, unit: 'rupees' }),
    action: LimitAction.default('warn'),
  })
  .superRefine((r, ctx) => {
    for (const key of ['loss', 'profit'] as const) {
      const l = r[key];
      if (l.amount !== null && l.unit === 'percent' && r.capital === null)
        ctx.addIssue({
          code: 'custom',
          path: ['capital'],
          message: `A ${key === 'loss' ? 'loss limit' : 'profit target'} in % needs the capital it is a percentage of.`,
        });
      if (l.amount !== null && l.unit === 'percent' && l.amount > 100)
        ctx.addIssue({
          code: 'custom',
          path: [key, 'amount'],
          message: 'A percentage is at most 100.',
        });
    }
  });
/** The limits of one account. */
export type RiskLimits = z.infer<typeof RiskLimits>;

/** Per account id, its limits (an account without an entry has none). */
export const RiskLimitsByAccount = z.record(z.string().min(1).max(40), RiskLimits);
/** Limits of every account. */
export type RiskLimitsByAccount = z.infer<typeof RiskLimitsByAccount>;

/** A limit in rupees (null when off, or in % without capital). */
export function limitRupees(l: RiskLimit, capital: number | null): number | null {
  if (l.amount === null) return null;
  if (l.unit === 'rupees') return l.amount;
  return capital === null ? null : Math.round(capital * l.amount) / 100;
}

/** Why trading stopped for the day. */
export const StopReason = z.enum(['kill-switch', 'loss-limit', 'profit-target']);
/** The kill switch, or a limit that acted. */
export type StopReason = z.infer<typeof StopReason>;

/** Trading stopped for an account until `until`: what the status bar shows, what refuses orders. */
export const TradingBlock = z.object({
  accountId: z.string(),
  reason: StopReason,
  /** When it was set (epoch ms). */
  at: z.number(),
  /** When it ends: the next trading day's start (epoch ms). */
  until: z.number(),
});
/** A block on new orders from this app. */
export type TradingBlock = z.infer<typeof TradingBlock>;

/** The IPC error kind of an order refused because trading stopped (the screens read the kind). */
export const TRADING_STOPPED = 'trading-stopped';

/** The words the trader types to confirm the kill switch. */
export const KILL_CONFIRM_WORD = 'STOP';

/** What the risk panel and status bar show. */
export const RiskState = z.object({
  block: TradingBlock.nullable(),
  /** The account's live day MTM (₹), null when no positions are known. */
  mtm: z.number().nullable(),
  /** True when the MTM is from live prices (socket open, no price stale). */
  fresh: z.boolean(),
  /** The limits of the active account in ₹ (null when off). */
  lossLimit: z.number().nullable(),
  profitTarget: z.number().nullable(),
  action: LimitAction,
  /** A limit reached whose action waits for live prices ("stale" warning), else null. */
  waiting: StopReason.nullable(),
  /**
   * Who exits at the limits: the broker's smart exit trigger (v3, set from these limits) or
   * Tickdesk's own monitor of the live MTM (v2, or when the broker's could not be set).
   */
  heldBy: z.enum(['broker', 'app']).default('app'),
});
/** The risk picture of the active account. */
export type RiskState = z.infer<typeof RiskState>;

/** What the kill switch did: each cancel and exit is an ordinary order action (its intent). */
export const KillOutcome = z.object({
  block: TradingBlock,
  cancelled: z.number().int().nonnegative(),
  exited: z.number().int().nonnegative(),
  /** Cancels or exits that failed or are still unconfirmed (the order book shows each). */
  unsettled: z.number().int().nonnegative(),
  /** Plain words for the trader, e.g. "2 orders cancelled, 1 position exited". */
  summary: z.string(),
});
/** The kill switch's result. */
export type KillOutcome = z.infer<typeof KillOutcome>;
