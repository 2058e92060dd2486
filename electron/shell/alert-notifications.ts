/**
 * OS notifications for the core's alerts in the desktop app. The main window denies every
 * renderer permission (hardening.ts), so the page cannot show notifications itself: main
 * shows them here, with Electron's `Notification`, for each alert whose kind the trader
 * left on for notifications (`alert.notify`, decided by the core from Settings when the
 * alert was raised). Sound is the renderer's (one place, one setting), so these are silent.
 * Clicking one brings the window forward and asks the page to open the order book (the
 * Alerts screen for a price alert).
 * A burst (a basket filling at once) shows the first few and then one summary, never a
 * wall of notifications.
 */
import { Notification, type BrowserWindow } from 'electron';
import type { Alert } from '../../shared/alerts/alert';

/** What the adapter needs from the core and the shell. */
export interface AlertNotificationDeps {
  /** The core's alert stream (`core.alerts.onAlert`); answers an unsubscribe function. */
  onAlert(listener: (alert: Alert) => void): () => void;
  /** The core's "open the order book at this order" (`core.alerts.open`). */
  open(alert: Pick<Alert, 'orderId'> & Partial<Pick<Alert, 'kind'>>): void;
  /** The main window, when it exists. */
  window(): BrowserWindow | null;
  /** Where a failure to show one goes (the core's logger). */
  onError?: (err: unknown) => void;
}

/** At most this many notifications a second; the rest are summed up in one. */
export const NOTIFICATIONS_PER_SECOND = 3;

/** Starts showing alerts as OS notifications; answers the function that stops it. */
export function showAlertNotifications(deps: AlertNotificationDeps): () => void {
  // Kept referenced until closed: a collected Notification loses its click handler.
  const shown = new Set<Notification>();
  let windowStart = 0;
  let inWindow = 0;
  let held = 0;
  let summaryTimer: ReturnType<typeof setTimeout> | null = null;

  function show(title: string, body: string, orderId: string | null, kind?: Alert['kind']): void {
    try {
      const n = new Notification({ title, body, silent: true });
      shown.add(n);
      n.on('click', () => {
        const win = deps.window();
        if (win) {
          if (win.isMinimized()) win.restore();
          win.show();
          win.focus();
        }
        deps.open({ orderId, ...(kind ? { kind } : {}) });
      });
      n.on('close', () => shown.delete(n));
      n.show();
    } catch (err) {
      deps.onError?.(err);
    }
  }

  const off = deps.onAlert((alert) => {
    if (!alert.notify || !Notification.isSupported()) return;
    const now = Date.now();
    if (now - windowStart >= 1_000) {
      windowStart = now;
      inWindow = 0;
    }
    if (++inWindow <= NOTIFICATIONS_PER_SECOND) {
      show(alert.title, alert.body, alert.orderId, alert.kind);
      return;
    }
    held++;
    summaryTimer ??= setTimeout(() => {
      summaryTimer = null;
      const n = held;
      held = 0;
      show(
        `${n} more alert${n === 1 ? '' : 's'}`,
        'Tickdesk has more fills or order updates for you: open the order book to see them.',
        null,
      );
    }, 1_000);
  });
  return () => {
    off();
    if (summaryTimer) clearTimeout(summaryTimer);
    for (const n of shown) n.close();
    shown.clear();
  };
}
