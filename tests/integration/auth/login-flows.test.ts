// Both login flows end to end against the sandbox broker: the system browser (a fetch that
// follows the authorize redirect) reaches our one-shot loopback listener on an ephemeral
// port; the registered redirect has port 17878, and this sandbox runs with
// loopbackAnyPort (RFC 8252 §7.3). Exact matching (the default) is tested at the end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { brokerGet, startLoginRig } from './login-harness';

test('PKCE login (no stored secret) through loopback capture; token works; nothing secret logged', async () => {
  const rig = await startLoginRig();
  try {
    const snap = await rig.session.login({ returnTo: '/watchlist' });
    assert.equal(snap.status, 'active', JSON.stringify(snap.lastError));
    assert.equal(snap.template, 'orders');
    assert.equal(snap.capabilities.placeOrders, true);
    const authorize = new URL(rig.browser.visited[0] ?? '');
    assert.match(authorize.searchParams.get('code_challenge') ?? '', /^[A-Za-z0-9_-]{43}$/);
    assert.match(
      authorize.searchParams.get('redirect_uri') ?? '',
      /^http:\/\/127\.0\.0\.1:\d+\/callback$/,
    );
    assert.notEqual(
      new URL(authorize.searchParams.get('redirect_uri') ?? '').port,
      '17878',
      'ephemeral port used',
    );
    assert.equal(rig.browser.lastStatus, 200, 'the browser got the close-tab page');

    const profile = await brokerGet(rig, '/api/v2/profile');
    assert.equal(profile.status, 200);
    assert.equal(profile.body.s, 'ok');

    const logText = rig.logs.lines().join('\n');
    const cred = rig.session.credentials();
    assert.ok(cred);
    assert.equal(logText.includes(cred.accessToken), false, 'token not in logs');
    const code = new URL(rig.browser.visited[1] ?? '').searchParams.get('auth_code') ?? '@@';
    assert.equal(logText.includes(code), false, 'auth code not in logs');
    assert.equal(JSON.stringify(rig.session.snapshot()).includes(cred.accessToken), false);
  } finally {
    await rig.close();
  }
});

test('authorization-code login with appIdHash when the app secret is stored', async () => {
  const rig = await startLoginRig({ template: 'transactions', withSecret: true });
  try {
    const snap = await rig.session.login();
    assert.equal(snap.status, 'active', JSON.stringify(snap.lastError));
    assert.equal(snap.capabilities.viewAccount, true);
    assert.equal(
      snap.capabilities.placeOrders,
      false,
      'transactions template offers no order actions',
    );
    const authorize = new URL(rig.browser.visited[0] ?? '');
    assert.equal(
      authorize.searchParams.get('code_challenge'),
      null,
      'no PKCE in the app-secret flow',
    );
    assert.equal((await brokerGet(rig, '/api/v2/funds')).status, 200);
    assert.equal(
      (await brokerGet(rig, '/api/v2/tpin')).body.code,
      -373,
      'the sandbox agrees: no order permissions',
    );
  } finally {
    await rig.close();
  }
});

test('a wrong app secret is refused by the broker (-371) and the session stays logged out', async () => {
  const rig = await startLoginRig({ withSecret: true });
  try {
    await rig.vault.setAppSecret('sbx', 'WRONGSECRET');
    const snap = await rig.session.login();
    assert.equal(snap.status, 'logged-out');
    assert.equal(snap.lastError?.reason, 'exchange-failed');
    assert.equal(rig.session.credentials(), null);
  } finally {
    await rig.close();
  }
});
