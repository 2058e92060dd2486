import type { updatesChannels } from '../../../shared/ipc/channels/updates';
import type { AppCore } from '../../core/app/app-core';
import type { HandlersFor } from '../handler-types';

/** The updates.* channels: Settings' view of self-update (the updater itself is the shell's). */
export function updatesHandlers(core: AppCore): HandlersFor<typeof updatesChannels> {
  return {
    'updates.state': () => core.updates.state(),
    'updates.check': () => core.updates.check(),
    'updates.install': () => core.updates.install(),
  };
}
