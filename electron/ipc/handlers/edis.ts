import type { edisChannels } from '../../../shared/ipc/channels/edis';
import { AppError } from '../../../shared/ipc/errors';
import type { AppCore } from '../../core/app/app-core';
import { EdisInputError } from '../../core/edis/edis-service';
import type { HandlersFor } from '../handler-types';

/** Turns the eDIS service's input errors into field errors the screen can show. */
async function explained<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof EdisInputError)
      throw new AppError('invalid-input', err.message, { action: 'fix-field', field: 'items' });
    throw err;
  }
}

/** eDIS: TPIN request, authorization through the depository window, inquiry and history. */
export function edisHandlers(core: AppCore): HandlersFor<typeof edisChannels> {
  return {
    'edis.requestTpin': () => explained(() => core.edis.requestTpin()),
    'edis.authorize': ({ items }) =>
      explained(() => core.edis.authorize(items)).finally(() => core.orders.dematChanged()),
    'edis.inquiry': ({ transactionId }) => explained(() => core.edis.inquiry(transactionId)),
    'edis.details': () => core.edis.details(),
  };
}
