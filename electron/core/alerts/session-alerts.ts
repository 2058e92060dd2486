/**
 * Detects session-expiry alerts from the session's changes: the warning ahead of the 06:00
 * IST token expiry (the session turns `expiring`), and the expiry itself (the clock passed
 * it, or the broker refused the token). Each once per token, keyed by its expiry time; the
 * state the app started in raises nothing.
 */
import type { SessionSnapshot } from '../../../shared/ipc/channels/session';
import { formatIstTime } from '../../../shared/format/ist';
import type { AlertText } from './order-alert-text';

/** One detected session event. */
export interface SessionAlertEvent extends AlertText {
  key: string;
  kind: 'session-expiry';
}

/** Compares each session snapshot with the one before it. */
export interface SessionAlertDetector {
  observe(s: SessionSnapshot): SessionAlertEvent | null;
}

/** Creates the detector; `initial` is the session as the app started (never alerted). */
export function createSessionAlertDetector(initial: SessionSnapshot): SessionAlertDetector {
  let prev = initial;
  const raised = new Set<string>();
  return {
    observe(s) {
      const before = prev;
      prev = s;
      if (s.status === before.status) return null;
      const token = `${s.accountId ?? ''}:${s.expiresAt ?? s.issuedAt ?? ''}`;
      let event: SessionAlertEvent | null = null;
      if (s.status === 'expiring' && before.status === 'active') {
        const at = s.expiresAt !== null ? ` at ${formatIstTime(s.expiresAt)} IST` : '';
        event = {
          key: `session-warning:${token}`,
          kind: 'session-expiry',
          title: 'Session expires soon',
          body: `Your broker session ends${at}, as every trading session does at 06:00 IST. Log in again before then to keep placing orders.`,
        };
      } else if (
        s.status === 'expired' &&
        (before.status === 'active' || before.status === 'expiring')
      ) {
        event = {
          key: `session-expired:${token}`,
          kind: 'session-expiry',
          title: 'Session expired',
          body:
            s.expiredReason === 'broker-rejected'
              ? 'The broker no longer accepts this session. Log in again to see orders and trade; what you were typing is kept.'
              : 'Your broker session ended (06:00 IST daily expiry). Log in again to see orders and trade; what you were typing is kept.',
        };
      }
      if (!event || raised.has(event.key)) return null;
      raised.add(event.key);
      return event;
    },
  };
}
