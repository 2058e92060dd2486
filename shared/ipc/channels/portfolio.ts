import { z } from 'zod';
import {
  Funds,
  Holdings,
  MarketStatus,
  Order,
  Positions,
  Profile,
  Trade,
} from '../../broker/models';
import { SkippedRow } from '../../broker/skipped-row';
import { channel, event } from '../define';

/**
 * The whole order book at one version (deltas after it build on `version`), or, when the
 * caller said which version it holds, null orders: its changes came as one delta instead.
 */
export const OrderBookSnapshot = z.object({
  version: z.number().int().nonnegative(),
  orders: z.array(Order).nullable(),
});
export type OrderBookSnapshot = z.infer<typeof OrderBookSnapshot>;

/** Orders that changed between two versions of the book (keyed by order id). */
export const OrdersDelta = z.object({
  base: z.number().int().nonnegative(),
  version: z.number().int().positive(),
  upserts: z.array(Order),
  removed: z.array(z.string()),
});
export type OrdersDelta = z.infer<typeof OrdersDelta>;

/** Read-only account views. Each answers the clean model; the wire quirks never reach the renderer. */
export const portfolioChannels = {
  'portfolio.profile': channel({
    doc: 'The account holder for the title bar and profile screen; PAN and e-mail come masked.',
    input: z.void(),
    output: Profile,
  }),
  'portfolio.funds': channel({
    doc: 'Ledger and available balance for the funds view and the order ticket.',
    input: z.void(),
    output: Funds,
  }),
  'portfolio.holdings': channel({
    doc: 'Demat holdings with totals; also the list eDIS authorizes from.',
    input: z.void(),
    output: Holdings,
  }),
  'portfolio.positions': channel({
    doc: "Today's net positions with P&L.",
    input: z.void(),
    output: Positions,
  }),
  'portfolio.orders': channel({
    doc: 'The order book, newest first.',
    input: z.void(),
    output: z.array(Order),
  }),
  'portfolio.orderBook': channel({
    doc: 'The order book with its version, for the book view; refresh reads the broker first. Changes after it arrive as portfolio.ordersDelta.',
    input: z.object({ refresh: z.boolean(), since: z.number().int().nonnegative().optional() }),
    output: OrderBookSnapshot,
  }),
  'portfolio.trades': channel({ doc: "Today's fills.", input: z.void(), output: z.array(Trade) }),
  'portfolio.marketStatus': channel({
    doc: "Which exchange segments are open, for the after-market order switch. `beforeSend`: read fresh, in the order lane, because it decides how an order about to be sent goes out (it must not wait behind the trader's other reads).",
    input: z.object({ beforeSend: z.boolean().optional() }).strict().optional(),
    output: z.array(MarketStatus),
  }),
};

/** Which views should refresh: sent after order actions and by the background refresher. */
export const portfolioEvents = {
  'portfolio.changed': event({
    doc: 'Fresh positions arrived; views update without polling. Orders travel only as portfolio.ordersDelta.',
    payload: z.object({
      positions: Positions.optional(),
    }),
  }),
  'portfolio.rowSkipped': event({
    doc: 'A row the app could not read was left out of its view; the view says it is incomplete.',
    payload: SkippedRow,
  }),
  'portfolio.ordersDelta': event({
    doc: 'Only the orders that changed, once each; a renderer whose version is not `base` asks for portfolio.orderBook.',
    payload: OrdersDelta,
  }),
};
