/**
 * The day's mark-to-market P&L of the open and closed positions, as the core samples it:
 * one point per minute, crossing IPC to the charts screen in this one shape.
 */
import { z } from 'zod';

/** The total P&L of the day's positions at one moment. */
export const MtmPoint = z.object({
  /** When it was sampled, epoch ms. */
  at: z.number().finite(),
  /** Sum of every position's P&L at the live price, rupees. */
  pl: z.number().finite(),
  /** Positions counted (open and closed today). */
  positions: z.number().int().nonnegative(),
});
/** The total P&L of the day's positions at one moment. */
export type MtmPoint = z.infer<typeof MtmPoint>;
