import type { riskChannels } from '../../../shared/ipc/channels/risk';
import type { AppCore } from '../../core/app/app-core';
import type { HandlersFor } from '../handler-types';

/**
 * The kill switch and the risk picture. The contract has already checked the typed
 * confirmation; the core records the stop before it cancels and exits anything.
 */
export function riskHandlers(core: Pick<AppCore, 'risk'>): HandlersFor<typeof riskChannels> {
  return {
    'risk.state': () => core.risk.state(),
    'risk.killSwitch': () => core.risk.killSwitch.engage('kill-switch'),
  };
}
