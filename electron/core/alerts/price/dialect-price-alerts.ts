/**
 * The one `PriceAlertHolder` the IPC handlers and the Alerts screen see, whichever account is
 * logged in (issue 21 #2): the broker-held alerts when the account's dialect has broker
 * alerts (v3: they fire with the app closed), the app-held ones otherwise (v2: evaluated on
 * live ticks while Tickdesk runs). Chosen at each call from the current account, so
 * switching between a v2 and a v3 account needs no rewiring; each holder's changes reach the
 * screen only while it is the one at work.
 */
import type { PriceAlertsView } from '../../../../shared/alerts/price-alert';
import type { PriceAlertHolder } from './price-alert-holder';

/** The holder of the current account's dialect. */
export function createDialectPriceAlerts(deps: {
  /** Whether the logged-in account's dialect has broker-held alerts. */
  brokerHeld(): boolean;
  app: PriceAlertHolder;
  broker: PriceAlertHolder & { refresh(): Promise<void> };
}): PriceAlertHolder & { refresh(): Promise<void> } {
  const current = (): PriceAlertHolder => (deps.brokerHeld() ? deps.broker : deps.app);
  return {
    view: () => current().view(),
    create: (input) => current().create(input),
    modify: (id, input) => current().modify(id, input),
    setPaused: (id, paused) => current().setPaused(id, paused),
    remove: (id) => current().remove(id),
    /** Reads the broker's list again when the broker holds the alerts (the screen opened). */
    refresh: () => (deps.brokerHeld() ? deps.broker.refresh() : Promise.resolve()),
    onChange(listener: (v: PriceAlertsView) => void) {
      const offApp = deps.app.onChange((v) => {
        if (!deps.brokerHeld()) listener(v);
      });
      const offBroker = deps.broker.onChange((v) => {
        if (deps.brokerHeld()) listener(v);
      });
      return () => {
        offApp();
        offBroker();
      };
    },
    // Each holder is owned (and disposed) by the composition root.
    dispose: async () => undefined,
  };
}
