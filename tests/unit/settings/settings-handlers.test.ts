import { test } from 'node:test';
import assert from 'node:assert/strict';
import { settingsHandlers, type SettingsCore } from '../../../electron/ipc/handlers/settings';
import { settingsChannels, SettingsView } from '../../../shared/ipc/channels/settings';
import { AppError } from '../../../shared/ipc/errors';
import type { ParsedInputOf } from '../../../shared/ipc/define';
import { createSettingsStore } from '../../../electron/core/settings/settings-store';
import { createMemorySettingsBackend } from '../../../electron/core/settings/backend';
import { createVault } from '../../../electron/core/vault/vault';
import { createSessionController } from '../../../electron/core/session/session-controller';
import { FakeTime } from '../session/fake-time';

async function setup() {
  const time = new FakeTime('2026-01-05T04:00:00Z');
  const settings = createSettingsStore({ backend: createMemorySettingsBackend() });
  await settings.load();
  const vault = createVault({ keychain: null });
  await vault.init();
  const toSession = (id: string) => {
    const a = settings.account(id);
    return a && a.baseUrl ? { ...a, baseUrl: a.baseUrl } : null;
  };
  const session = createSessionController({
    clock: time,
    timers: time,
    login: {
      login: async (acc) => ({
        accountId: acc.id,
        accessToken: `tok-${acc.id}`,
        method: 'pkce',
        issuedAt: time.now(),
      }),
      cancel: () => undefined,
    },
    vault,
    accounts: { active: () => toSession(settings.get().activeAccountId ?? ''), byId: toSession },
    warningLeadMs: () => settings.get().preferences.expiryWarningLeadMinutes * 60_000,
  });
  const core = { settings, vault, session } as unknown as SettingsCore;
  return { core, h: settingsHandlers(core), session, vault, time };
}

const ctx = { senderId: 'test' };
type Channels = typeof settingsChannels;
/** Parse a test input through the channel's own schema, as the router does. */
function input<K extends keyof Channels>(k: K, v: unknown): ParsedInputOf<Channels[K]> {
  return settingsChannels[k].input.parse(v) as ParsedInputOf<Channels[K]>;
}

test('accounts: add (id assigned), secret is write-only, outputs match the contract', async () => {
  const { h, session } = await setup();
  const v1 = await h['settings.saveAccount'](
    input('settings.saveAccount', {
      account: {
        label: 'Demo',
        environment: 'demo',
        appId: 'SBX-100',
        redirectUrl: 'http://127.0.0.1:17878/callback',
        template: 'orders',
        baseUrl: 'http://127.0.0.1:9',
      },
    }),
    ctx,
  );
  SettingsView.parse(v1);
  const id = v1.accounts[0]?.id ?? '';
  assert.match(id, /^acc-[0-9a-f]{8}$/);
  assert.equal(v1.activeAccountId, id);
  assert.equal(v1.accounts[0]?.loginMethod, 'pkce');
  const v2 = await h['settings.setAppSecret'](
    input('settings.setAppSecret', { accountId: id, secret: 'S3CR3T-VALUE' }),
    ctx,
  );
  assert.equal(v2.accounts[0]?.hasAppSecret, true);
  assert.equal(v2.accounts[0]?.loginMethod, 'app-secret');
  assert.equal(JSON.stringify(v2).includes('S3CR3T-VALUE'), false, 'the secret never comes back');
  assert.equal(v2.secretStorage.backend, 'memory');
  await h['settings.setAppSecret'](
    input('settings.setAppSecret', { accountId: id, secret: null }),
    ctx,
  );
  assert.equal((await h['settings.get'](undefined, ctx)).accounts[0]?.hasAppSecret, false);
  session.dispose();
});

test('invalid account becomes a field error; unknown ids are refused', async () => {
  const { h, session } = await setup();
  await assert.rejects(
    async () =>
      h['settings.saveAccount'](
        input('settings.saveAccount', {
          account: {
            label: 'Bad',
            environment: 'live',
            appId: 'X',
            redirectUrl: 'http://example.com/cb',
            template: 'orders',
          },
        }),
        ctx,
      ),
    (e: unknown) =>
      e instanceof AppError && e.kind === 'invalid-input' && e.field === 'redirectUrl',
  );
  await assert.rejects(
    async () => h['settings.setActiveAccount']({ id: 'nope' }, ctx),
    (e: unknown) => e instanceof AppError && e.field === 'id',
  );
  session.dispose();
});

test('switching and removing accounts moves the session and clears the keychain', async () => {
  const { h, session, vault } = await setup();
  const base = {
    environment: 'demo',
    appId: 'SBX-100',
    redirectUrl: 'http://127.0.0.1/cb',
    template: 'orders',
    baseUrl: 'http://127.0.0.1:9',
  };
  await h['settings.saveAccount'](
    input('settings.saveAccount', { account: { ...base, id: 'a', label: 'A' } }),
    ctx,
  );
  await h['settings.saveAccount'](
    input('settings.saveAccount', { account: { ...base, id: 'b', label: 'B' } }),
    ctx,
  );
  await session.login({ accountId: 'a' });
  await vault.setAppSecret('b', 'secret-b');
  await session.login({ accountId: 'b' });
  assert.equal(session.snapshot().accountId, 'b');
  const v = await h['settings.setActiveAccount']({ id: 'b' }, ctx);
  assert.equal(v.activeAccountId, 'b');
  assert.equal(session.snapshot().status, 'active', 'stored token of b picked up');
  await h['settings.removeAccount']({ id: 'b' }, ctx);
  assert.equal(await vault.getAppSecret('b'), null);
  assert.equal(await vault.getToken('b'), null);
  assert.equal(session.snapshot().accountId, 'a');
  session.dispose();
});

test('preferences: lead time change applies to the session at once', async () => {
  const { h, session, time } = await setup();
  await h['settings.saveAccount'](
    input('settings.saveAccount', {
      account: {
        id: 'a',
        label: 'A',
        environment: 'demo',
        appId: 'SBX',
        redirectUrl: 'http://127.0.0.1/cb',
        template: 'orders',
        baseUrl: 'http://127.0.0.1:9',
      },
    }),
    ctx,
  );
  await session.login();
  time.jumpTo('2026-01-05T23:00:00Z'); // 04:30 IST: 2 h before expiry
  assert.equal(session.checkNow().status, 'active');
  const v = await h['settings.updatePreferences'](
    input('settings.updatePreferences', { patch: { expiryWarningLeadMinutes: 180 } }),
    ctx,
  );
  assert.equal(v.preferences.expiryWarningLeadMinutes, 180);
  assert.equal(session.snapshot().status, 'expiring');
  session.dispose();
});
