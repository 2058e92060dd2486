/**
 * The broker's smart exit trigger as Tickdesk uses it (docs/broker-v3.md "Smart exit
 * trigger"): one trigger per account, named SMART_EXIT_NAME, set from the daily loss limit
 * and profit target in Settings. One home for its row and its wire codes, so the client, the
 * sync and the tests agree.
 */
import { z } from 'zod';

/** The name of the trigger Tickdesk keeps (one per account; others are the trader's own). */
export const SMART_EXIT_NAME = 'Tickdesk daily limits';

/** The SDK's trigger types. */
export const SmartExitType = { AlertOnly: 1, Exit: 2, ExitAfterWait: 3 } as const;

/**
 * The level sent for a side the trader left off: the broker's trigger needs both a profit and
 * a loss level (inferred from the SDK's required fields), so an unset one is put out of reach.
 */
export const SMART_EXIT_UNSET_RUPEES = 1_000_000_000;

/** One trigger as the broker lists it. */
export const SmartExitRow = z.object({
  flowId: z.string().min(1),
  name: z.string(),
  type: z.number().int(),
  profitRate: z.number(),
  lossRate: z.number(),
  active: z.boolean(),
  triggered: z.boolean(),
  exited: z.boolean(),
});
/** One trigger. */
export type SmartExitRow = z.infer<typeof SmartExitRow>;

/** What a create or update sends (the SDK's body). */
export interface SmartExitBody {
  name: string;
  type: number;
  profitRate: number;
  lossRate: number;
}
