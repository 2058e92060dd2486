import type { basketsChannels } from '../../../shared/ipc/channels/baskets';
import { AppError } from '../../../shared/ipc/errors';
import { MAX_SAVED_BASKETS } from '../../../shared/orders/basket-limits';
import type { SavedBasket } from '../../../shared/orders/basket';
import type { AppCore } from '../../core/app/app-core';
import { SettingsValidationError } from '../../core/settings/settings-store';
import type { HandlersFor } from '../handler-types';

/**
 * Newest first. Saves within one millisecond share a `savedAt`; the store appends each save,
 * so among equal times the later position is the newer basket.
 */
const newestFirst = (list: readonly SavedBasket[]) =>
  list
    .map((basket, at) => ({ basket, at }))
    .sort((a, b) => b.basket.savedAt.localeCompare(a.basket.savedAt) || b.at - a.at)
    .map(({ basket }) => basket);

/**
 * Saved baskets. The names and sizes are validated by the contract; the count of saved
 * baskets is checked here, so the trader reads which limit they hit rather than a schema path.
 */
export function basketsHandlers(
  core: Pick<AppCore, 'settings'>,
): HandlersFor<typeof basketsChannels> {
  return {
    'baskets.list': () => newestFirst(core.settings.get().baskets),
    'baskets.save': async ({ name, orders }) => {
      const existing = core.settings.get().baskets;
      const replacing = existing.some((b) => b.name.toLowerCase() === name.toLowerCase());
      if (!replacing && existing.length >= MAX_SAVED_BASKETS) {
        throw new AppError(
          'invalid-input',
          `At most ${MAX_SAVED_BASKETS} baskets can be saved; delete one before saving "${name}".`,
          { action: 'fix-field', field: 'name' },
        );
      }
      try {
        const doc = await core.settings.saveBasket({ name, orders });
        return newestFirst(doc.baskets);
      } catch (err) {
        if (err instanceof SettingsValidationError)
          throw new AppError('invalid-input', err.message, { action: 'fix-field', field: 'name' });
        throw err;
      }
    },
    'baskets.remove': async ({ name }) => {
      if (!core.settings.get().baskets.some((b) => b.name.toLowerCase() === name.toLowerCase()))
        throw new AppError('invalid-input', `There is no saved basket "${name}".`, {
          action: 'fix-field',
          field: 'name',
        });
      return newestFirst((await core.settings.removeBasket(name)).baskets);
    },
  };
}
