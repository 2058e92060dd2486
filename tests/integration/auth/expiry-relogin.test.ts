// Expiry and one-click re-login against the sandbox, moving the sandbox clock across
// 06:00 IST (00:30 UTC) with the test control POST /__sandbox/clock.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { brokerGet, startLoginRig } from './login-harness';

test('warning before 06:00 IST, expiry by the clock, one-click re-login back to the same screen', async () => {
  const rig = await startLoginRig({ start: '2026-01-05T04:00:00.000Z' });
  try {
    const first = await rig.session.login({ returnTo: '/orders?tab=pending&symbol=NSE:SBIN-EQ' });
    assert.equal(first.status, 'active');
    assert.equal(new Date(first.expiresAt ?? 0).toISOString(), '2026-01-06T00:30:00.000Z');
    const oldToken = rig.session.credentials()?.accessToken;

    await rig.clock.set('2026-01-06T00:10:00.000Z'); // 05:40 IST
    assert.equal(rig.session.checkNow().status, 'expiring');
    assert.equal(
      (await brokerGet(rig, '/api/v2/profile')).status,
      200,
      'token still valid while expiring',
    );

    await rig.clock.set('2026-01-06T00:31:00.000Z'); // 06:01 IST
    const expired = rig.session.checkNow();
    assert.equal(expired.status, 'expired');
    assert.equal(expired.expiredReason, 'clock');
    assert.equal(expired.canRelogin, true);
    assert.equal(rig.session.credentials(), null);

    const again = await rig.session.relogin();
    assert.equal(again.status, 'active', JSON.stringify(again.lastError));
    assert.equal(
      again.returnTo,
      '/orders?tab=pending&symbol=NSE:SBIN-EQ',
      'back to where the trader was',
    );
    assert.equal(new Date(again.expiresAt ?? 0).toISOString(), '2026-01-07T00:30:00.000Z');
    assert.notEqual(rig.session.credentials()?.accessToken, oldToken);
    assert.equal((await brokerGet(rig, '/api/v2/profile')).status, 200);
  } finally {
    await rig.close();
  }
});

test('a 401 from the broker (-8) expires the session even when the local clock lags', async () => {
  const rig = await startLoginRig({ start: '2026-01-05T04:00:00.000Z' });
  try {
    await rig.session.login({ returnTo: '/positions' });
    // Only the broker's clock passes 06:00 IST: our clock is 20 minutes slow.
    const res = await fetch(`${rig.sandbox.url}/__sandbox/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ set: '2026-01-06T00:35:00.000Z' }),
    });
    assert.equal(res.status, 200);
    await res.text();
    const profile = await brokerGet(rig, '/api/v2/profile');
    assert.equal(profile.status, 401);
    assert.equal(profile.body.code, -8);
    assert.equal(rig.session.snapshot().status, 'active', 'our clock alone does not know yet');
    assert.equal(rig.session.reportAuthFailure(profile.body.code, profile.status), true);
    const s = rig.session.snapshot();
    assert.equal(s.status, 'expired');
    assert.equal(s.expiredReason, 'broker-rejected');
    assert.equal(s.brokerCode, -8);

    await rig.clock.set('2026-01-06T00:35:00.000Z');
    const again = await rig.session.relogin();
    assert.equal(again.status, 'active');
    assert.equal(again.returnTo, '/positions');
    assert.equal((await brokerGet(rig, '/api/v2/profile')).status, 200);
  } finally {
    await rig.close();
  }
});
