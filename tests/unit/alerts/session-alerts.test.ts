/** Session-expiry alerts: the warning and the expiry, once each, never for the state at start. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { SessionSnapshot } from '../../../shared/ipc/channels/session';
import { createSessionAlertDetector } from '../../../electron/core/alerts/session-alerts';

const base: SessionSnapshot = {
  status: 'active',
  accountId: 'demo',
  accountLabel: 'Demo',
  environment: 'demo',
  template: 'orders',
  capabilities: {
    viewProfile: true,
    viewAccount: true,
    placeOrders: true,
    modifyOrders: true,
    cancelOrders: true,
    exitPositions: true,
    convertPositions: true,
    edis: true,
  },
  issuedAt: 1,
  expiresAt: Date.parse('2026-11-25T00:30:00Z'),
  warnAt: null,
  expiredReason: null,
  brokerCode: null,
  canRelogin: true,
  returnTo: null,
  lastError: null,
  secretStorage: 'memory',
};

it('warns once ahead of the 06:00 IST expiry, then says it expired', () => {
  const d = createSessionAlertDetector(base);
  assert.equal(d.observe(base), null);
  const warn = d.observe({ ...base, status: 'expiring' });
  assert.equal(warn?.kind, 'session-expiry');
  assert.match(warn?.body ?? '', /06:00 IST/);
  assert.match(warn?.body ?? '', /at 06:00:00 IST/);
  const expired = d.observe({ ...base, status: 'expired', expiredReason: 'clock' });
  assert.equal(expired?.title, 'Session expired');
  // The same token flapping back does not alert twice.
  d.observe({ ...base, status: 'active' });
  assert.equal(d.observe({ ...base, status: 'expiring' }), null);
});

it('an app that starts expired raises nothing; a logout is no expiry', () => {
  const d = createSessionAlertDetector({ ...base, status: 'expired' });
  assert.equal(d.observe({ ...base, status: 'expired' }), null);
  const live = createSessionAlertDetector(base);
  assert.equal(live.observe({ ...base, status: 'logged-out' }), null);
});
