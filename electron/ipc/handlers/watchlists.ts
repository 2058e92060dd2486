import type { watchlistsChannels } from '../../../shared/ipc/channels/watchlists';
import { AppError } from '../../../shared/ipc/errors';
import type { AppCore } from '../../core/app/app-core';
import { SettingsValidationError } from '../../core/settings/settings-store';
import type { HandlersFor } from '../handler-types';

/**
 * The market-watch lists, read from and saved to the settings document. The contract has
 * already refused a list over 250 symbols or more than 20 lists; the store checks the whole
 * document again, and a refusal there (settings written by a newer Tickdesk) is explained.
 */
export function watchlistsHandlers(
  core: Pick<AppCore, 'settings'>,
): HandlersFor<typeof watchlistsChannels> {
  return {
    'watchlists.get': () => core.settings.get().watchlists,
    'watchlists.save': async ({ lists }) => {
      try {
        return (await core.settings.setWatchlists(lists)).watchlists;
      } catch (err) {
        if (err instanceof SettingsValidationError)
          throw new AppError('invalid-input', err.message, {
            action: 'fix-field',
            ...(err.issues[0]?.path ? { field: err.issues[0].path } : {}),
          });
        throw err;
      }
    },
  };
}
