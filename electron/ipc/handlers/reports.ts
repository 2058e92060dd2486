import type { reportsChannels } from '../../../shared/ipc/channels/reports';
import { AppError } from '../../../shared/ipc/errors';
import type { AppCore } from '../../core/app/app-core';
import { ReportsUnavailableError } from '../../core/reports/report-service';
import type { HandlersFor } from '../handler-types';

/** History reports; a dialect without history is a plain refusal the screen shows. */
export function reportsHandlers(
  core: Pick<AppCore, 'reports'>,
): HandlersFor<typeof reportsChannels> {
  return {
    'reports.fetch': async (q) => {
      try {
        return await core.reports.fetch(q);
      } catch (err) {
        if (err instanceof ReportsUnavailableError)
          throw new AppError('unsupported', err.message, { action: 'none' });
        throw err;
      }
    },
  };
}
