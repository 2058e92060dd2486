import { z } from 'zod';
import { OrderType, ProductType, Side, Validity } from '../../broker/enums';
import { channel } from '../define';
import { SymbolInfo } from './symbols';

/** A number as the trader is typing it: kept as text ("812.", "8l2") until it is sent. */
const Typed = z.string().max(64);

/**
 * The order ticket as the trader typed it (the renderer's ticket state). Its one home:
 * the renderer's ticket and the main process's draft keeper both use this type.
 */
export const TicketDraft = z.object({
  symbol: SymbolInfo.nullable(),
  side: z.union([z.literal(Side.Buy), z.literal(Side.Sell)]),
  qty: Typed,
  type: z.union([
    z.literal(OrderType.Limit),
    z.literal(OrderType.Market),
    z.literal(OrderType.Stop),
    z.literal(OrderType.StopLimit),
  ]),
  productType: z.enum(ProductType),
  limitPrice: Typed,
  stopPrice: Typed,
  validity: z.enum(Validity),
  disclosedQty: Typed,
  stopLoss: Typed,
  takeProfit: Typed,
  offlineOrder: z.boolean(),
});
/** The ticket as typed. */
export type TicketDraft = z.infer<typeof TicketDraft>;

/** A kept ticket: what was typed, and whether the ticket was open. */
export const KeptTicket = z.object({ draft: TicketDraft, open: z.boolean() });
/** A kept ticket. */
export type KeptTicket = z.infer<typeof KeptTicket>;

/**
 * Work in progress kept in the main process, so a renderer crash and its reload lose nothing
 * the trader typed. In memory only (never written to disk); a new launch starts empty.
 */
export const draftsChannels = {
  'drafts.keepTicket': channel({
    doc: 'Keeps the ticket as typed (called as the trader types); null: nothing worth keeping.',
    input: KeptTicket.nullable(),
    output: z.void(),
  }),
  'drafts.pageClosed': channel({
    doc: 'The page is closing normally (pagehide): the next page starts with an empty ticket.',
    input: z.void(),
    output: z.void(),
  }),
  'drafts.ticket': channel({
    doc: 'The ticket as it was when the last page was lost (a renderer crash), once; otherwise null.',
    input: z.void(),
    output: KeptTicket.nullable(),
  }),
};
