import type { alertsChannels } from '../../../shared/ipc/channels/alerts';
import type { AppCore } from '../../core/app/app-core';
import type { HandlersFor } from '../handler-types';

/**
 * Price alerts, whoever holds them (`core.priceAlerts`: the app on live ticks for v2, the broker for v3). The
 * contract has checked every field; the holder refuses, in words, what it cannot do (the
 * limit, an alert deleted meanwhile, settings that cannot be written).
 */
export function alertsHandlers(
  core: Pick<AppCore, 'priceAlerts'>,
): HandlersFor<typeof alertsChannels> {
  return {
    // Opening the screen reads the broker's list again where the broker holds the alerts.
    'alerts.priceList': async () => {
      await core.priceAlerts.refresh?.();
      return core.priceAlerts.view();
    },
    'alerts.priceCreate': (input) => core.priceAlerts.create(input),
    'alerts.priceModify': ({ id, alert }) => core.priceAlerts.modify(id, alert),
    'alerts.pricePause': ({ id, paused }) => core.priceAlerts.setPaused(id, paused),
    'alerts.priceRemove': async ({ id }) => {
      await core.priceAlerts.remove(id);
      return { removed: true as const };
    },
  };
}
