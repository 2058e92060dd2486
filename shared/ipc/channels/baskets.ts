import { z } from 'zod';
import { BasketName, BasketOrders, SavedBasket } from '../../orders/basket';
import { channel } from '../define';

/**
 * Baskets saved by name in the settings document. Sending a basket is `orders.placeMany`;
 * these channels only keep and list them. Saving under an existing name replaces it.
 */
export const basketsChannels = {
  'baskets.list': channel({
    doc: 'Every saved basket, newest first.',
    input: z.void(),
    output: z.array(SavedBasket),
  }),
  'baskets.save': channel({
    doc: 'Saves the basket under its name (replacing one of that name); answers the saved list.',
    input: z.object({ name: BasketName, orders: BasketOrders }),
    output: z.array(SavedBasket),
  }),
  'baskets.remove': channel({
    doc: 'Deletes a saved basket; answers the saved list.',
    input: z.object({ name: BasketName }),
    output: z.array(SavedBasket),
  }),
};
