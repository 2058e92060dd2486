import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createVault } from '../../../electron/core/vault/vault';
import type { KeychainPort } from '../../../electron/core/vault/keychain-port';
import { probeKeychain } from '../../../electron/core/vault/probe';
import { SecretRegistry, redactText } from '../../../electron/core/diagnostics/redact';

class MapKeychain implements KeychainPort {
  store = new Map<string, string>();
  failWrites = false;
  async getPassword(s: string, a: string) {
    return this.store.get(`${s}/${a}`) ?? null;
  }
  async setPassword(s: string, a: string, p: string) {
    if (this.failWrites) throw new Error('locked');
    this.store.set(`${s}/${a}`, p);
  }
  async deletePassword(s: string, a: string) {
    return this.store.delete(`${s}/${a}`);
  }
}

test('with a working keychain, secrets go there and the probe entry is cleaned up', async () => {
  const kc = new MapKeychain();
  const vault = createVault({ keychain: kc, service: 'TickdeskTest' });
  assert.equal(vault.status().backend, 'uninitialised');
  assert.deepEqual(await vault.init(), { backend: 'keychain', reason: null });
  await vault.setAppSecret('acc1', 'the-secret');
  await vault.setToken('acc1', { token: 'tok-abc', issuedAt: 1, expiresAt: 2 });
  assert.equal(kc.store.get('TickdeskTest/app-secret:acc1'), 'the-secret');
  assert.equal(
    [...kc.store.keys()].some((k) => k.includes('probe')),
    false,
  );
  assert.equal(await vault.getAppSecret('acc1'), 'the-secret');
  assert.deepEqual(await vault.getToken('acc1'), { token: 'tok-abc', issuedAt: 1, expiresAt: 2 });
  await vault.forgetAccount('acc1');
  assert.equal(kc.store.size, 0);
});

test('no keychain module: memory only, and the status says why', async () => {
  const vault = createVault({ keychain: null, keychainUnavailableReason: 'native module missing' });
  const seen: string[] = [];
  vault.onStatus((s) => seen.push(s.backend));
  const st = await vault.init();
  assert.equal(st.backend, 'memory');
  assert.match(st.reason ?? '', /native module missing/);
  assert.deepEqual(seen, ['memory']);
  await vault.setAppSecret('a', 'secret-in-memory');
  assert.equal(await vault.getAppSecret('a'), 'secret-in-memory');
});

test('a keychain whose probe fails (locked / no Secret Service) falls back to memory', async () => {
  const kc = new MapKeychain();
  kc.failWrites = true;
  const vault = createVault({ keychain: kc });
  const st = await vault.init();
  assert.equal(st.backend, 'memory');
  assert.match(st.reason ?? '', /locked/);
  await vault.setToken('a', { token: 'tok-mem', issuedAt: 0, expiresAt: 1 });
  assert.equal(kc.store.size, 0, 'nothing reached the broken keychain');
  assert.equal((await vault.getToken('a'))?.token, 'tok-mem');
});

test('a hanging keychain is given up after the probe timeout', async () => {
  const hang: KeychainPort = {
    getPassword: () => new Promise(() => undefined),
    setPassword: () => new Promise(() => undefined),
    deletePassword: () => new Promise(() => undefined),
  };
  const r = await probeKeychain(hang, { service: 's', account: 'p', timeoutMs: 20 });
  assert.equal(r.available, false);
  assert.match(r.reason ?? '', /did not answer/);
});

test('a keychain that breaks later moves secrets to memory and publishes the change', async () => {
  const kc = new MapKeychain();
  const vault = createVault({ keychain: kc });
  await vault.init();
  const seen: string[] = [];
  vault.onStatus((s) => seen.push(s.backend));
  kc.failWrites = true;
  await vault.setAppSecret('a', 'late-secret');
  assert.deepEqual(seen, ['memory']);
  assert.equal(await vault.getAppSecret('a'), 'late-secret');
});

test('stored values are registered for redaction', async () => {
  const registry = new SecretRegistry();
  const vault = createVault({ keychain: null, registry });
  await vault.init();
  await vault.setToken('a', { token: 'opaque-token-XYZ', issuedAt: 0, expiresAt: 1 });
  assert.equal(
    redactText('Authorization header APP:opaque-token-XYZ sent', registry).includes(
      'opaque-token-XYZ',
    ),
    false,
  );
});

test('an unreadable token entry is discarded rather than trusted', async () => {
  const kc = new MapKeychain();
  const vault = createVault({ keychain: kc, service: 'S' });
  await vault.init();
  kc.store.set('S/access-token:a', 'not json');
  assert.equal(await vault.getToken('a'), null);
  assert.equal(kc.store.has('S/access-token:a'), false);
});
