/**
 * What one of our own fills does to the market, as a trade on a real exchange does (issue 20):
 * it prints. The last price becomes the fill's price, the day's volume, turnover, last traded
 * quantity and time, high, low and minute candle take it in; the levels it took stay taken
 * (depth-depletion.ts). An aggressive fill (one that walked the book) also pushes the price
 * the book is quoted around towards where it traded, and that push decays over the next
 * steps: temporary impact.
 *
 * What real markets do, and what we take from it (**inferred**, not exchange data):
 * - a marketable order that empties the best levels moves the best ask (or bid) to the next
 *   level it left, so the mid moves about half the way to its last print: IMPACT_SHARE;
 * - liquidity providers refill the book within about a second and most of a single order's
 *   impact then reverts (the "propagator" picture: the impact of one trade decays; a
 *   persistent part comes from a long run of orders on one side, informed trading). We keep
 *   none of it: the push halves every step, with the book's refill
 *   (DEPLETION_KEPT_PER_STEP), so a harness buying thousands of times cannot walk a price off
 *   a cliff. At 10 orders a second each sweeping all five levels, the push stays within a
 *   dozen ticks;
 * - a resting limit order that is hit provides liquidity: it prints but pushes nothing.
 *
 * The related-price model stays whole: only the traded instrument prints. An index never
 * trades; an option's print moves that option only (the volatility surface is a model input
 * and is not re-marked from our trades; the underlying does not move); a future's print moves
 * that future's price (its basis over spot) only, and options on that future follow its
 * unpushed price.
 */
import { DEPLETION_KEPT_PER_STEP } from './depth-depletion';

/** Share of the distance from the book's centre to the furthest aggressive print the centre moves. */
export const IMPACT_SHARE = 0.5;

/** Share of the push still there after one more step (it refills with the book). */
export const IMPACT_KEPT_PER_STEP = DEPLETION_KEPT_PER_STEP;

/** How our own fills meet the market: `realistic` (they print and push) or `easy` (depth only). */
export type OwnTradesName = 'realistic' | 'easy';

/** The names the CLI, the start options and the exchange control accept. */
export const OWN_TRADES_NAMES: readonly OwnTradesName[] = ['realistic', 'easy'];

/** One print of ours: a quantity at a price; `aggressive` when it walked the book. */
export interface OwnPrint {
  qty: number;
  price: number;
  aggressive: boolean;
}
