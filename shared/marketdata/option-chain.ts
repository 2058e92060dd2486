/**
 * The option chain as it crosses IPC: which underlyings have options, their expiries, and one
 * expiry's strikes with the call and put tickers. The symbol master answers all of it in the
 * core; prices come separately from the live quote cache. The "around the money" window is
 * here, pure, so the screen and its tests pick the same strikes.
 */
import { z } from 'zod';

/** An underlying with options, and the ticker whose price says where the money is. */
export const OptionUnderlying = z.object({
  /** As the symbol master names it: NIFTY, BANKNIFTY, SBIN. */
  name: z.string().min(1),
  /** The cash or index ticker priced for the ATM strike (NSE:SBIN-EQ), else the nearest future. */
  spot: z.string().nullable(),
});
/** An underlying with options. */
export type OptionUnderlying = z.infer<typeof OptionUnderlying>;

/** One option expiry of an underlying. */
export const OptionExpiry = z.object({
  /** Unix seconds, as in the symbol master (the key for `symbols.optionChain`). */
  expiry: z.number().int().positive(),
  /** The expiry's IST date, YYYY-MM-DD, for display. */
  date: z.string(),
  weekly: z.boolean(),
  strikes: z.number().int().nonnegative(),
});
/** One option expiry of an underlying. */
export type OptionExpiry = z.infer<typeof OptionExpiry>;

/** One strike with its call and put (either may be missing from the master). */
export const ChainRow = z.object({
  strike: z.number().finite().positive(),
  ce: z.string().nullable(),
  pe: z.string().nullable(),
});
/** One strike with its call and put. */
export type ChainRow = z.infer<typeof ChainRow>;

/** Every strike of one expiry, ascending. */
export const OptionChain = z.object({
  underlying: z.string(),
  expiry: z.number().int().positive(),
  spot: z.string().nullable(),
  lotSize: z.number().int().nonnegative(),
  rows: z.array(ChainRow),
});
/** Every strike of one expiry. */
export type OptionChain = z.infer<typeof OptionChain>;

/** Index of the strike nearest `price` (the lower one on a tie); -1 with no rows or no price. */
export function atmIndex(rows: readonly ChainRow[], price: number | null | undefined): number {
  if (rows.length === 0 || price === null || price === undefined || !Number.isFinite(price))
    return -1;
  let best = 0;
  for (let i = 1; i < rows.length; i++)
    if (Math.abs(rows[i]!.strike - price) < Math.abs(rows[best]!.strike - price)) best = i;
  return best;
}

/**
 * The `each` strikes either side of the money and the ATM one. Without a price (market
 * closed and never priced) the middle of the chain stands in, and `atm` is -1.
 */
export function strikesAround(
  rows: readonly ChainRow[],
  price: number | null | undefined,
  each: number,
): { rows: ChainRow[]; atm: number } {
  const found = atmIndex(rows, price);
  const centre = found >= 0 ? found : Math.floor(rows.length / 2);
  const from = Math.max(0, centre - each);
  const to = Math.min(rows.length, centre + each + 1);
  return { rows: rows.slice(from, to), atm: found >= 0 ? found - from : -1 };
}
