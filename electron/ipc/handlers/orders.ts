import type { ordersChannels } from '../../../shared/ipc/channels/orders';
import { AppError } from '../../../shared/ipc/errors';
import type { AppCore } from '../../core/app/app-core';
import type { HandlersFor } from '../handler-types';

/**
 * Order and position actions. Every one goes through the order service, which checks the
 * shared rules and the fat-finger guards, journals, and reconciles instead of resending.
 */
export function ordersHandlers(core: AppCore): HandlersFor<typeof ordersChannels> {
  const { orders } = core;
  return {
    'orders.precheck': (draft) => orders.precheck(draft),
    'orders.checkAgain': ({ intentId }) => {
      if (!orders.list().some((i) => i.intentId === intentId)) {
        throw new AppError('invalid-input', 'That order action is not known in this session.', {
          action: 'none',
          field: 'intentId',
        });
      }
      orders.reconcileAgain(intentId);
      return orders.get(intentId);
    },
    'orders.place': ({ draft, confirmGuards, sendId }) =>
      orders.place(draft, { confirmGuards, sendId }),
    'orders.placeMany': ({ drafts, confirmGuards, sendId }) =>
      orders.placeMany(drafts, { confirmGuards, sendId }),
    'orders.placeMultiLeg': ({ legs, confirmGuards, sendId }) =>
      orders.placeMultiLeg(legs, { confirmGuards, sendId }),
    'orders.modify': ({ change, confirmGuards }) => orders.modify(change, { confirmGuards }),
    'orders.modifyMany': ({ changes, confirmGuards }) =>
      orders.modifyMany(changes, { confirmGuards }),
    'orders.resend': ({ intentId }) => orders.resend(intentId),
    'orders.cancel': ({ id }) => orders.cancel(id),
    'orders.cancelMany': (ids) => orders.cancelMany(ids),
    'orders.exitPosition': ({ positionId }) => orders.exit(positionId),
    'orders.exitAll': () => orders.exit(null),
    'orders.convert': (c) => orders.convert(c),
    'orders.intents': () => orders.list(),
  };
}
