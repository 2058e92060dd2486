import { z } from 'zod';
import { Alert } from '../../alerts/alert';
import { event } from '../define';

/** Alerts the core raises once each; settings for them live in preferences.alerts. */
export const alertsEvents = {
  'alerts.raised': event({
    doc: 'A fill, partial fill, rejection, stop-loss trigger, square-off or session expiry, raised once by the core: the renderer shows a toast (and, in the harness, a browser notification).',
    payload: Alert,
  }),
  'alerts.open': event({
    doc: 'The trader clicked an OS notification: bring the order book forward (at this order when known).',
    payload: z.object({ orderId: z.string().nullable() }),
  }),
};
