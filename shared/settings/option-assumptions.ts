import { z } from 'zod';

/**
 * The two assumptions behind every implied volatility and Greek Tickdesk shows (issue 22
 * #3): the interest rate that discounts a premium and carries spot to the forward, and the
 * dividend yield that the carry gives back. Both are the trader's to set (Settings →
 * Preferences → Options) and are named wherever the figures are shown. One home for the
 * settings store, the IPC view and the screens; documents written before this load with the
 * defaults (no migration).
 */
export const OptionAssumptions = z.object({
  /** Annual risk-free rate, % (continuously compounded in the formulas). */
  ratePct: z.number().finite().min(0).max(25).default(6.5),
  /** Annual dividend yield of the underlying, % (used only when carrying spot to a forward). */
  dividendYieldPct: z.number().finite().min(0).max(20).default(0),
});
/** The rate and dividend assumptions as stored and as shown. */
export type OptionAssumptions = z.infer<typeof OptionAssumptions>;

/** The defaults: 6.5 % a year, no dividend yield. */
export const DEFAULT_OPTION_ASSUMPTIONS: OptionAssumptions = OptionAssumptions.parse({});

/** The assumptions in words, for the line under the chain, the positions and the ticket. */
export function assumptionsText(a: OptionAssumptions): string {
  return `Black-76 on the forward · rate ${a.ratePct} % · dividend yield ${a.dividendYieldPct} %`;
}
