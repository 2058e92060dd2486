/**
 * A basket saved by name: the orders as the trader built them in the ticket, kept in the
 * settings document so it can be reloaded and sent again another day. One schema for the
 * settings file, the IPC contract and the basket screen.
 */
import { z } from 'zod';
import { OrderDraftInput } from '../ipc/channels/orders';
import { MAX_BASKET_NAME, MAX_BASKET_ORDERS, MAX_SAVED_BASKETS } from './basket-limits';

/** A basket's name as the trader typed it (trimmed), unique among saved baskets. */
export const BasketName = z
  .string()
  .trim()
  .min(1, 'Give the basket a name.')
  .max(MAX_BASKET_NAME, `A basket name has at most ${MAX_BASKET_NAME} characters.`);

/** The orders of one basket, each a full ticket draft. */
export const BasketOrders = z
  .array(OrderDraftInput)
  .min(1, 'A basket needs at least one order.')
  .max(MAX_BASKET_ORDERS, `A basket holds at most ${MAX_BASKET_ORDERS} orders.`);

/** One saved basket. */
export const SavedBasket = z.object({
  name: BasketName,
  orders: BasketOrders,
  /** When it was last saved (ISO time), to list the newest first. */
  savedAt: z.string().datetime(),
});
/** One saved basket, as stored and as the screen lists it. */
export type SavedBasket = z.infer<typeof SavedBasket>;

/** Every saved basket; names are unique (compared without case). */
export const SavedBaskets = z
  .array(SavedBasket)
  .max(MAX_SAVED_BASKETS, `At most ${MAX_SAVED_BASKETS} baskets can be saved; delete one first.`)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    for (const [i, b] of list.entries()) {
      const key = b.name.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `duplicate basket ${b.name}` });
      seen.add(key);
    }
  });
