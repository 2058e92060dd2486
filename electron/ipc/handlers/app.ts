import type { appChannels } from '../../../shared/ipc/channels/app';
import { AppError } from '../../../shared/ipc/errors';
import type { AppCore } from '../../core/app/app-core';
import type { HandlersFor } from '../handler-types';

/** The app.* channels: identity of this build and links out to the system browser. */
export function appHandlers(core: AppCore): HandlersFor<typeof appChannels> {
  return {
    'app.info': () => core.info(),
    'app.openExternal': async ({ url }) => {
      if (new URL(url).protocol !== 'https:') {
        throw new AppError('invalid-input', 'Only https links can be opened.', {
          action: 'fix-field',
          field: 'url',
        });
      }
      // Electronegativity: the core's port, after the https check above; the shell's own
      // openIfHttps checks again.
      await core.deps.openExternal(url); // eng-disable OPEN_EXTERNAL_JS_CHECK
    },
  };
}
