import type { diagnosticsChannels } from '../../../shared/ipc/channels/diagnostics';
import type { AppCore } from '../../core/app/app-core';
import type { HandlersFor } from '../handler-types';

/** The support bundle, and the renderer's own error reports into the (redacted) main log. */
export function diagnosticsHandlers(core: AppCore): HandlersFor<typeof diagnosticsChannels> {
  const log = core.logger.child('renderer');
  return {
    'diagnostics.exportBundle': () => core.exportSupportBundle(),
    'diagnostics.report': ({ level, message, context }) => {
      log[level](message, context ? { context } : undefined);
    },
  };
}
