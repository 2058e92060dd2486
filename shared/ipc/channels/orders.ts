import { z } from 'zod';
import {
  OrderIntent,
  OrderTypeCode,
  PrecheckViolation,
  ProductTypeS,
  SideCode,
} from '../../broker/models';
import { channel, event } from '../define';
import { MAX_BASKET_ORDERS } from '../../orders/basket-limits';
import { SendId } from '../../orders/send-once';

const Ticker = z
  .string()
  .trim()
  .regex(
    /^(NSE|BSE|MCX):[A-Z0-9&\-_.]{1,60}$/,
    'Pick a symbol from the search (e.g. NSE:SBIN-EQ).',
  );
const Price = z.number().finite().nonnegative().max(1e9);
const Qty = z
  .number()
  .int('Quantity must be a whole number.')
  .positive('Quantity must be at least 1.')
  .max(1e8);
const Product = ProductTypeS;
const OrderId = z.string().trim().min(1).max(64);

/**
 * The order ticket as the trader filled it in. Structural checks only: the broker's rules
 * (tick, lot, price relations, CO/BO) and the fat-finger guards run in the main process,
 * in the one shared rules function, and come back as named-field violations.
 */
export const OrderDraftInput = z.object({
  symbol: Ticker,
  qty: Qty,
  type: OrderTypeCode,
  side: SideCode,
  productType: Product,
  limitPrice: Price.default(0),
  stopPrice: Price.default(0),
  disclosedQty: z.number().int().nonnegative().default(0),
  validity: z.enum(['DAY', 'IOC']).default('DAY'),
  offlineOrder: z.boolean().default(false),
  stopLoss: Price.default(0),
  takeProfit: Price.default(0),
});
export type OrderDraftInput = z.input<typeof OrderDraftInput>;

/** A change to a pending order; fields left out keep their values. */
export const ModifyInput = z.object({
  id: OrderId,
  qty: Qty.optional(),
  type: OrderTypeCode.optional(),
  limitPrice: Price.optional(),
  stopPrice: Price.optional(),
});

/** Moves an open position between product types (e.g. INTRADAY to CNC). */
export const ConvertInput = z.object({
  symbol: Ticker,
  positionSide: SideCode,
  convertQty: Qty,
  convertFrom: Product,
  convertTo: Product,
});

/**
 * Every order and position action. One action per order or position is on its way at a
 * time, and a send id is carried out once: a second is refused as `send-in-flight` or
 * `already-sent` (shared/orders/send-once) with nothing sent. Each answers the action's intent: its status may be
 * `unconfirmed` when the broker's answer was lost, and the app then reads the order book
 * instead of resending; `orders.intent` events carry every later change.
 */
export const ordersChannels = {
  'orders.precheck': channel({
    doc: 'Checks a draft against the broker rules and fat-finger guards as the trader types.',
    input: OrderDraftInput,
    output: z.array(PrecheckViolation),
  }),
  'orders.place': channel({
    doc: 'Places one order. confirmGuards: the trader confirmed a fat-finger warning (broker rules still apply); sendId: this send act, carried out once.',
    input: z.object({
      draft: OrderDraftInput,
      confirmGuards: z.boolean().default(false),
      sendId: SendId.optional(),
    }),
    output: OrderIntent,
  }),
  'orders.placeMany': channel({
    doc: 'Places a basket: up to 10 orders per request, more split into several; each order succeeds or fails alone. sendId: this send of the basket, carried out once.',
    input: z.object({
      drafts: z
        .array(OrderDraftInput)
        .min(1, 'A basket needs at least one order.')
        .max(MAX_BASKET_ORDERS, `A basket holds at most ${MAX_BASKET_ORDERS} orders.`),
      confirmGuards: z.boolean().default(false),
      sendId: SendId.optional(),
    }),
    output: z.array(OrderIntent),
  }),
  'orders.placeMultiLeg': channel({
    doc: 'Sends two or three legs as ONE multi-leg order (an account whose dialect has multi-leg orders); each leg is pre-checked first. sendId: this send, carried out once.',
    input: z.object({
      legs: z
        .array(OrderDraftInput)
        .min(2, 'A multi-leg order has 2 or 3 legs.')
        .max(3, 'A multi-leg order has 2 or 3 legs.'),
      confirmGuards: z.boolean().default(false),
      sendId: SendId.optional(),
    }),
    output: OrderIntent,
  }),
  'orders.modify': channel({
    doc: 'Changes a pending order.',
    input: z.object({ change: ModifyInput, confirmGuards: z.boolean().default(false) }),
    output: OrderIntent,
  }),
  'orders.modifyMany': channel({
    doc: 'Changes up to 10 pending orders at once.',
    input: z.object({
      changes: z.array(ModifyInput).min(1).max(10),
      confirmGuards: z.boolean().default(false),
    }),
    output: z.array(OrderIntent),
  }),
  'orders.resend': channel({
    doc: 'Sends an action again as a new intent, allowed only once it is known not to have happened.',
    input: z.object({ intentId: z.string().min(1).max(64) }),
    output: OrderIntent,
  }),
  'orders.cancel': channel({
    doc: 'Cancels a pending order.',
    input: z.object({ id: OrderId }),
    output: OrderIntent,
  }),
  'orders.cancelMany': channel({
    doc: 'Cancels up to 10 pending orders at once.',
    input: z.array(OrderId).min(1).max(10),
    output: z.array(OrderIntent),
  }),
  'orders.exitPosition': channel({
    doc: 'Squares off one position.',
    input: z.object({ positionId: z.string().trim().min(1).max(100) }),
    output: OrderIntent,
  }),
  'orders.exitAll': channel({
    doc: 'Squares off every open position (asks for confirmation in the UI).',
    input: z.void(),
    output: OrderIntent,
  }),
  'orders.convert': channel({
    doc: 'Converts a position to another product type.',
    input: ConvertInput,
    output: OrderIntent,
  }),
  'orders.checkAgain': channel({
    doc: 'Reads the order book again for an unconfirmed action (after the automatic checks could not read it).',
    input: z.object({ intentId: z.string().min(1).max(64) }),
    output: OrderIntent,
  }),
  'orders.intents': channel({
    doc: "This session's order actions, unconfirmed ones first, for the activity panel.",
    input: z.void(),
    output: z.array(OrderIntent),
  }),
};

/** Every change of an order action's status (sending, done, unconfirmed, confirmed...). */
export const ordersEvents = {
  'orders.intent': event({
    doc: 'An order action changed status; the ticket and activity panel follow it.',
    payload: OrderIntent,
  }),
  'orders.lateArrival': event({
    doc: 'An action reported "not done" was carried out by the broker after all (a late arrival): warn the trader, never offer Resend.',
    payload: OrderIntent,
  }),
};
