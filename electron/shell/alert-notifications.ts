/**
 * OS notifications for the core's alerts in the desktop app. The main window denies every
 * renderer permission (hardening.ts), so the page cannot show notifications itself: main
 * shows them here, with Electron's `Notification`, for each alert whose kind the trader
 * left on for notifications (`alert.notify`, decided by the core from Settings when the
 * alert was raised). Sound is the renderer's (one place, one setting), so these are silent.
 * Clicking one brings the window forward and asks the page to open the order book.
 */
import { Notification, type BrowserWindow } from 'electron';
import type { Alert } from '../../shared/alerts/alert';

/** What the adapter needs from the core and the shell. */
export interface AlertNotificationDeps {
  /** The core's alert stream (`core.alerts.onAlert`); answers an unsubscribe function. */
  onAlert(listener: (alert: Alert) => void): () => void;
  /** The core's "open the order book at this order" (`core.alerts.open`). */
  open(alert: Pick<Alert, 'orderId'>): void;
  /** The main window, when it exists. */
  window(): BrowserWindow | null;
  /** Where a failure to show one goes (the core's logger). */
  onError?: (err: unknown) => void;
}

/** Starts showing alerts as OS notifications; answers the function that stops it. */
export function showAlertNotifications(deps: AlertNotificationDeps): () => void {
  // Kept referenced until closed: a collected Notification loses its click handler.
  const shown = new Set<Notification>();
  const off = deps.onAlert((alert) => {
    if (!alert.notify || !Notification.isSupported()) return;
    try {
      const n = new Notification({ title: alert.title, body: alert.body, silent: true });
      shown.add(n);
      n.on('click', () => {
        const win = deps.window();
        if (win) {
          if (win.isMinimized()) win.restore();
          win.show();
          win.focus();
        }
        deps.open(alert);
      });
      n.on('close', () => shown.delete(n));
      n.show();
    } catch (err) {
      deps.onError?.(err);
    }
  });
  return () => {
    off();
    for (const n of shown) n.close();
    shown.clear();
  };
}
