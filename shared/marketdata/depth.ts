/**
 * Market depth: the best five price levels on each side of an instrument's order book, the
 * total quantities waiting, and the day's circuit limits. It crosses IPC (the ticket shows
 * it and takes a price from it), so its one home is here; the socket packet's levels
 * (packet.ts) are the same shape.
 */
import { z } from 'zod';
import { DEPTH_LEVELS } from './packet-layout';
import { Quote } from './quote';

/** A finite number: no NaN or Infinity reaches the renderer. */
const finite = z.number().finite();

/** One price level of the book: price in rupees, quantity waiting, number of orders. */
export const DepthLevel = z.object({
  price: finite.positive(),
  volume: finite.nonnegative(),
  orders: finite.nonnegative(),
});
/** One price level of the book. */
export type DepthLevel = z.infer<typeof DepthLevel>;

/** The five-level book of one symbol, as the ticket shows it. Fields not sent are null. */
export const Depth = z.object({
  symbol: z.string().min(1),
  /** Exchange time of the picture, epoch ms. */
  at: finite,
  /** Best bid first; at most five (a level the broker sent malformed is left out). */
  bids: z.array(DepthLevel).max(DEPTH_LEVELS),
  /** Best ask first; at most five. */
  asks: z.array(DepthLevel).max(DEPTH_LEVELS),
  totalBuyQty: finite.nullable(),
  totalSellQty: finite.nullable(),
  lowerCircuit: finite.nullable(),
  upperCircuit: finite.nullable(),
});
/** The five-level book of one symbol. */
export type Depth = z.infer<typeof Depth>;

/** What one depth read answers: the quote it carries (into the quote cache) and the book. */
export const QuoteDepth = z.object({ quote: Quote, depth: Depth });
/** A depth read: quote plus book. */
export type QuoteDepth = z.infer<typeof QuoteDepth>;
