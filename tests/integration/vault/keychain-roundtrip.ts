/**
 * The keychain round trip itself, shared by the test (in the ambient D-Bus session) and by
 * a child process the test starts inside a private `dbus-run-session` with a fresh, unlocked
 * gnome-keyring when the ambient Secret Service is missing or locked. Run directly, it
 * prints one JSON line: `{ ok, skipped?, reason? }`.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { loadNapiKeychain } from '../../../electron/core/vault/keychain-port';
import { probeKeychain } from '../../../electron/core/vault/probe';
import { createVault } from '../../../electron/core/vault/vault';

/** Outcome of one attempt: `unavailable` carries why no keychain could be used. */
export type RoundTrip = { ok: true } | { ok: false; unavailable: string };

/** Store, reread from a second vault (an app restart), delete; asserts on every step. */
export async function keychainRoundTrip(): Promise<RoundTrip> {
  const { keychain, reason } = await loadNapiKeychain();
  if (!keychain) return { ok: false, unavailable: `the keychain module did not load (${reason})` };
  const service = `TickdeskTest-${randomBytes(4).toString('hex')}`;
  const probe = await probeKeychain(keychain, { service, account: 'probe', timeoutMs: 5000 });
  if (!probe.available)
    return { ok: false, unavailable: `no usable Secret Service (${probe.reason})` };

  const vault = createVault({ keychain, service });
  assert.deepEqual(await vault.init(), { backend: 'keychain', reason: null });
  try {
    await vault.setAppSecret('acc-it', 'integration-secret-ü-✓');
    await vault.setToken('acc-it', { token: 'integration-token', issuedAt: 1000, expiresAt: 2000 });
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
  return { ok: true };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  keychainRoundTrip().then(
    (r) => {
      console.log(JSON.stringify(r));
      process.exit(r.ok ? 0 : 3);
    },
    (err: unknown) => {
      console.log(JSON.stringify({ ok: false, error: String((err as Error)?.stack ?? err) }));
      process.exit(1);
    },
  );
}
