import { z } from 'zod';
import { Alert, AlertKind } from '../../alerts/alert';
import { PriceAlert, PriceAlertInput, PriceAlertsView } from '../../alerts/price-alert';
import { channel, event } from '../define';

/** A price alert's id as the renderer sends it back. */
const PriceAlertId = PriceAlert.shape.id;

/** Price alerts: list, create, modify, pause/resume, delete (held by the app or, later, the broker). */
export const alertsChannels = {
  'alerts.priceList': channel({
    doc: 'Every price alert with its state, who holds them (the app while it runs, or the broker) and whether they can fire now.',
    input: z.void(),
    output: PriceAlertsView,
  }),
  'alerts.priceCreate': channel({
    doc: 'Creates a price alert (from a watch row, the ticket or the chart); refused in words beyond the limit.',
    input: PriceAlertInput,
    output: PriceAlert,
  }),
  'alerts.priceModify': channel({
    doc: 'Changes an alert’s condition, level or repeat; it starts over from the current price.',
    input: z.object({ id: PriceAlertId, alert: PriceAlertInput }),
    output: PriceAlert,
  }),
  'alerts.pricePause': channel({
    doc: 'Pauses an alert, or resumes (re-arms) a paused or triggered one.',
    input: z.object({ id: PriceAlertId, paused: z.boolean() }),
    output: PriceAlert,
  }),
  'alerts.priceRemove': channel({
    doc: 'Deletes a price alert.',
    input: z.object({ id: PriceAlertId }),
    output: z.object({ removed: z.literal(true) }),
  }),
};

/** Alerts the core raises once each; settings for them live in preferences.alerts. */
export const alertsEvents = {
  'alerts.raised': event({
    doc: 'A fill, partial fill, rejection, stop-loss trigger, square-off, session expiry or price alert, raised once by the core: the renderer shows a toast (and, in the harness, a browser notification).',
    payload: Alert,
  }),
  'alerts.open': event({
    doc: 'The trader clicked an OS notification: bring the order book forward (at this order when known), or the Alerts screen for a price alert.',
    payload: z.object({ orderId: z.string().nullable(), kind: AlertKind.optional() }),
  }),
  'alerts.priceChanged': event({
    doc: 'The price alerts changed (an edit, a firing, the price feed going down or coming back): the Alerts screen redraws.',
    payload: PriceAlertsView,
  }),
};
