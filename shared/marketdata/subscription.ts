/**
 * Why a part of the app wants a symbol's live prices. It crosses IPC (the renderer
 * subscribes for its views), so it lives here once.
 */
import { z } from 'zod';

/** The views that hold live prices: each releases its own without touching the others'. */
export const SubscriptionReason = z.enum([
  'watch',
  'ticket',
  'positions',
  'holdings',
  'option-chain',
  'chart',
  'basket',
  /** The order book's pending orders (their LTP column) and the top bar's index strip. */
  'orders',
  'indices',
  /** The core's own: symbols of stop orders waiting for their trigger (alerts). */
  'stop-loss',
  /** The core's own: symbols of the price alerts it evaluates on live ticks. */
  'price-alerts',
]);
/** One of the reasons a symbol is subscribed. */
export type SubscriptionReason = z.infer<typeof SubscriptionReason>;

/** Whether live prices are flowing, for the status line and the tests. */
export const MarketDataStatus = z.object({
  /** The market-data socket: open, reconnecting (down) or not wanted (idle). */
  socket: z.enum(['idle', 'connecting', 'open', 'down']),
  /** The order-update socket. */
  orderSocket: z.enum(['idle', 'connecting', 'open', 'down']),
  /** True while REST quotes stand in for the socket. */
  restFallback: z.boolean(),
  subscribed: z.number().int().nonnegative(),
  reconnects: z.number().int().nonnegative(),
  malformedPackets: z.number().int().nonnegative(),
  /** Packets for a token nobody here subscribed (late after an unsubscribe, or a master mismatch). */
  unknownTokenPackets: z.number().int().nonnegative(),
});
/** Whether live prices are flowing. */
export type MarketDataStatus = z.infer<typeof MarketDataStatus>;
