import type { budgetChannels } from '../../../shared/ipc/channels/budget';
import type { AppCore } from '../../core/app/app-core';
import type { HandlersFor } from '../handler-types';

/** The request budget as the status bar shows it. */
export function budgetHandlers(core: AppCore): HandlersFor<typeof budgetChannels> {
  return { 'budget.state': () => core.scheduler.getState() };
}
