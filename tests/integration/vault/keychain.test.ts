// A round trip through the real OS keychain via @napi-rs/keyring/keytar. CI runs it under
// dbus-run-session with an unlocked gnome-keyring; where no Secret Service is reachable the
// test prints one line saying why and skips.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { loadNapiKeychain } from '../../../electron/core/vault/keychain-port';
import { probeKeychain } from '../../../electron/core/vault/probe';
import { createVault } from '../../../electron/core/vault/vault';

const service = `TickdeskTest-${randomBytes(4).toString('hex')}`;

test('vault round trip through the OS keychain', async (t) => {
  const { keychain, reason } = await loadNapiKeychain();
  if (!keychain) {
    console.log(`# keychain test skipped: the keychain module did not load (${reason})`);
    t.skip(`keychain module did not load: ${reason}`);
    return;
  }
  const probe = await probeKeychain(keychain, { service, account: 'probe', timeoutMs: 5000 });
  if (!probe.available) {
    const why = `no Secret Service reachable (${probe.reason}); run under dbus-run-session with gnome-keyring unlocked`;
    console.log(`# keychain test skipped: ${why}`);
    t.skip(why);
    return;
  }

  const vault = createVault({ keychain, service });
  const status = await vault.init();
  assert.deepEqual(status, { backend: 'keychain', reason: null });
  try {
    await vault.setAppSecret('acc-it', 'integration-secret-ü-✓');
    await vault.setToken('acc-it', { token: 'integration-token', issuedAt: 1000, expiresAt: 2000 });

    // A second vault (a restarted app) reads the same entries straight from the keychain.
    const again = createVault({ keychain, service });
    await again.init();
    assert.equal(await again.getAppSecret('acc-it'), 'integration-secret-ü-✓');
    assert.deepEqual(await again.getToken('acc-it'), {
      token: 'integration-token',
      issuedAt: 1000,
      expiresAt: 2000,
    });
    assert.equal(
      await keychain.getPassword(service, 'app-secret:acc-it'),
      'integration-secret-ü-✓',
    );

    await again.forgetAccount('acc-it');
    assert.equal(await vault.getAppSecret('acc-it'), null);
    assert.equal(await keychain.getPassword(service, 'access-token:acc-it'), null);
  } finally {
    await keychain.deletePassword(service, 'app-secret:acc-it').catch(() => false);
    await keychain.deletePassword(service, 'access-token:acc-it').catch(() => false);
  }
});
