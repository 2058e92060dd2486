import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createJsonFileSettingsBackend,
  createMemorySettingsBackend,
  SettingsFileCorruptError,
} from '../../../electron/core/settings/backend';
import {
  migrateSettings,
  MigrationError,
  type Migration,
} from '../../../electron/core/settings/migrations';
import {
  createSettingsStore,
  SettingsValidationError,
} from '../../../electron/core/settings/settings-store';
import { SETTINGS_VERSION, type AccountSettings } from '../../../electron/core/settings/schema';
import { DEFAULT_BROKERAGE } from '../../../shared/charges/brokerage';

const acc = (id: string, extra: Partial<AccountSettings> = {}): AccountSettings => ({
  id,
  label: `Account ${id}`,
  environment: 'demo',
  appId: 'APP-100',
  redirectUrl: 'http://127.0.0.1/callback',
  template: 'orders',
  broker: 'fyers-v2',
  brokerage: DEFAULT_BROKERAGE,
  ...extra,
});

function tmp(): string {
  return mkdtempSync(join(tmpdir(), 'tickdesk-settings-'));
}

test('first run: defaults, nothing written until a change', async () => {
  const backend = createMemorySettingsBackend();
  const store = createSettingsStore({ backend });
  const { settings, issue } = await store.load();
  assert.equal(issue, null);
  assert.equal(settings.version, SETTINGS_VERSION);
  assert.deepEqual(settings.accounts, []);
  assert.equal(settings.preferences.expiryWarningLeadMinutes, 30);
  assert.equal(await backend.get(), undefined);
});

test('several accounts, one active; removing the active one picks another', async () => {
  const store = createSettingsStore({ backend: createMemorySettingsBackend() });
  await store.load();
  await store.upsertAccount(acc('a'));
  await store.upsertAccount(
    acc('b', {
      environment: 'live',
      redirectUrl: 'https://app.example/done',
      baseUrl: 'https://api.example',
    }),
  );
  assert.equal(store.activeAccount()?.id, 'a', 'the first account becomes active');
  await store.setActiveAccount('b');
  assert.equal(store.activeAccount()?.id, 'b');
  await store.upsertAccount(acc('b', { label: 'Renamed' }));
  assert.equal(store.account('b')?.label, 'Renamed');
  assert.deepEqual(
    store.get().accounts.map((a) => a.id),
    ['a', 'b'],
    'order kept on replace',
  );
  await store.removeAccount('b');
  assert.equal(store.activeAccount()?.id, 'a');
  await assert.rejects(store.setActiveAccount('nope'), SettingsValidationError);
});

test('invalid accounts and preferences are refused with field paths', async () => {
  const store = createSettingsStore({ backend: createMemorySettingsBackend() });
  await store.load();
  await assert.rejects(
    store.upsertAccount(acc('x', { redirectUrl: 'http://example.com/cb' })),
    (e: unknown) => {
      return e instanceof SettingsValidationError && e.issues.some((i) => i.path === 'redirectUrl');
    },
  );
  await assert.rejects(
    store.upsertAccount(acc('y', { baseUrl: 'http://api.example' })),
    SettingsValidationError,
  );
  await assert.rejects(
    store.updatePreferences({ expiryWarningLeadMinutes: 0 }),
    SettingsValidationError,
  );
  const p = await store.updatePreferences({ theme: 'dark', expiryWarningLeadMinutes: 45 });
  assert.equal(p.preferences.theme, 'dark');
  assert.equal(p.preferences.fatFinger.maxOrderQty, 10_000, 'untouched preferences kept');
});

test('migration runner applies steps in order and refuses newer documents', () => {
  const steps: Migration[] = [
    { from: 0, describe: 'a', up: (d) => ({ ...d, version: 1, a: true }) },
    { from: 1, describe: 'b', up: (d) => ({ ...d, version: 2, b: (d.a as boolean) && 'yes' }) },
  ];
  const input = { x: 1 };
  const { doc, applied } = migrateSettings(input, steps, 2);
  assert.deepEqual(doc, { x: 1, version: 2, a: true, b: 'yes' });
  assert.deepEqual(applied, [0, 1]);
  assert.deepEqual(input, { x: 1 }, 'input not mutated');
  assert.throws(
    () => migrateSettings({ version: 3 }, steps, 2),
    (e: unknown) => e instanceof MigrationError && e.kind === 'newer-version',
  );
  assert.throws(
    () => migrateSettings({ version: 1 }, [steps[0] as Migration], 2),
    (e: unknown) => e instanceof MigrationError && e.kind === 'missing-step',
  );
  assert.throws(
    () => migrateSettings([1, 2], steps, 2),
    (e: unknown) => e instanceof MigrationError && e.kind === 'not-an-object',
  );
  const bad: Migration[] = [{ from: 0, describe: 'wrong', up: (d) => ({ ...d, version: 5 }) }];
  assert.throws(
    () => migrateSettings({}, bad, 1),
    (e: unknown) => e instanceof MigrationError && e.kind === 'step-failed',
  );
});

test('an unversioned document is migrated, validated and written back', async () => {
  const backend = createMemorySettingsBackend({
    accounts: [acc('a')],
    activeAccountId: 'a',
    junk: 1,
  });
  const store = createSettingsStore({ backend });
  const { settings, issue } = await store.load();
  assert.equal(issue, null);
  assert.equal(settings.activeAccountId, 'a');
  const written = (await backend.get()) as Record<string, unknown>;
  assert.equal(written.version, SETTINGS_VERSION);
  assert.equal('junk' in written, false);
});

test('settings from a newer build are read-only, not overwritten', async () => {
  const backend = createMemorySettingsBackend({ version: 99, accounts: [] });
  const store = createSettingsStore({ backend });
  const { issue } = await store.load();
  assert.equal(issue?.kind, 'newer-version');
  await assert.rejects(store.updatePreferences({ theme: 'dark' }), SettingsValidationError);
  assert.deepEqual(await backend.get(), { version: 99, accounts: [] });
});

test('an invalid stored document keeps what reads item by item and names what it set aside', async () => {
  const store = createSettingsStore({
    backend: createMemorySettingsBackend({
      version: 1,
      accounts: [acc('a'), acc('a'), acc('b', { redirectUrl: 'ftp://x' }), acc('c')],
      activeAccountId: 'b',
      preferences: { theme: 'purple', expiryWarningLeadMinutes: 45 },
      watchlists: [
        { id: 'w', name: 'Mine', symbols: ['NSE:SBIN-EQ'] },
        { id: 'w', name: 'Dup', symbols: [] },
      ],
    }),
  });
  const { settings, issue } = await store.load();
  assert.equal(issue?.kind, 'invalid');
  assert.deepEqual(
    settings.accounts.map((a) => a.id),
    ['a', 'c'],
  );
  assert.equal(settings.activeAccountId, 'a', 'the active one was set aside: the first kept one');
  assert.equal(settings.preferences.expiryWarningLeadMinutes, 45);
  assert.equal(settings.preferences.theme, 'system');
  assert.deepEqual(
    settings.watchlists.map((l) => l.name),
    ['Mine'],
  );
  for (const named of [
    'account "Account a"',
    'account "Account b"',
    'the theme',
    'watch list "Dup"',
    'the choice of active account',
  ])
    assert.ok(issue?.message.includes(named), `${named} in: ${issue?.message}`);
  assert.doesNotMatch(issue?.message ?? '', /accounts\.|preferences\.|redirectUrl/);
});

test('JSON file backend: atomic write leaves no temp files and survives a reload', async () => {
  const dir = tmp();
  try {
    const path = join(dir, 'nested', 'settings.json');
    const store = createSettingsStore({ backend: createJsonFileSettingsBackend(path) });
    await store.load();
    await Promise.all([
      store.upsertAccount(acc('a')),
      store.upsertAccount(acc('b')),
      store.updatePreferences({ theme: 'light' }),
    ]);
    assert.deepEqual(readdirSync(join(dir, 'nested')), ['settings.json']);
    const again = createSettingsStore({ backend: createJsonFileSettingsBackend(path) });
    const { settings } = await again.load();
    assert.deepEqual(
      settings.accounts.map((a) => a.id),
      ['a', 'b'],
      'serialized writes lost nothing',
    );
    assert.equal(settings.preferences.theme, 'light');
    assert.doesNotMatch(readFileSync(path, 'utf8'), /secret|token/i);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('JSON file backend: a crash between temp write and rename keeps the old document', async () => {
  const dir = tmp();
  try {
    const path = join(dir, 'settings.json');
    const backend = createJsonFileSettingsBackend(path);
    await backend.set({ version: 1, marker: 'old' });
    // Simulate a crash after the temp file was written but before rename: a stray temp file.
    writeFileSync(`${path}.12345.1.tmp`, '{"version":1,"marker":"half');
    assert.deepEqual(await backend.get(), { version: 1, marker: 'old' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('JSON file backend: a corrupt file is moved aside and reported', async () => {
  const dir = tmp();
  try {
    const path = join(dir, 'settings.json');
    writeFileSync(path, '{ not json');
    const backend = createJsonFileSettingsBackend(path);
    let movedTo: string | null = null;
    await assert.rejects(backend.get(), (e: unknown) => {
      movedTo = e instanceof SettingsFileCorruptError ? e.movedTo : null;
      return movedTo !== null && movedTo.startsWith(`${path}.corrupt-`);
    });
    assert.equal(readFileSync(movedTo!, 'utf8'), '{ not json', 'kept as it was');
    const store = createSettingsStore({ backend: createJsonFileSettingsBackend(path) });
    const { issue } = await store.load();
    assert.equal(issue, null, 'after moving aside, the next load is a clean first run');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a stored key that a newer version made another action’s default: the trader’s key wins, nothing else is lost', async () => {
  // Saved before X became "exit the selected position" by default; and a real clash
  // between two of the trader's own keys, which is still refused.
  const stored = {
    version: SETTINGS_VERSION,
    accounts: [acc('a')],
    activeAccountId: 'a',
    preferences: { theme: 'light', keymap: { 'row.sell': ['X'], 'view.trades': ['F9'] } },
  };
  const store = createSettingsStore({ backend: createMemorySettingsBackend(stored) });
  const { settings, issue } = await store.load();
  assert.equal(issue, null);
  assert.equal(settings.activeAccountId, 'a', 'the account is kept');
  assert.equal(settings.preferences.theme, 'light');
  assert.deepEqual(settings.preferences.keymap['row.sell'], ['X']);
  assert.deepEqual(settings.preferences.keymap['row.exit'], [], 'exit gives X up');
  assert.deepEqual(settings.preferences.keymap['view.trades'], ['F9']);

  const clash = createSettingsStore({
    backend: createMemorySettingsBackend({
      ...stored,
      preferences: { keymap: { 'row.sell': ['X'], 'row.buy': ['X'] } },
    }),
  });
  assert.equal((await clash.load()).issue?.kind, 'invalid');
});

test('no copy, no write: salvage over a backend that cannot keep a copy leaves the file and goes read-only', async () => {
  const stored = {
    version: 1,
    accounts: [acc('a'), acc('b', { redirectUrl: 'ftp://x' })],
    activeAccountId: 'a',
  };
  const backend = createMemorySettingsBackend(stored);
  let writes = 0;
  const store = createSettingsStore({
    backend: {
      get: () => backend.get(),
      set: (d) => {
        writes++;
        return backend.set(d);
      },
    },
  });
  const { settings, issue } = await store.load();
  assert.equal(issue?.kind, 'invalid');
  assert.deepEqual(
    settings.accounts.map((a) => a.id),
    ['a'],
    'what reads is still in use',
  );
  assert.equal(writes, 0, 'nothing written over a file no copy was kept of');
  assert.deepEqual(await backend.get(), stored);
  assert.match(store.readOnlyReason() ?? '', /could not be copied aside.*does not save changes/);
  await assert.rejects(store.updatePreferences({ theme: 'dark' }), SettingsValidationError);
  assert.equal(writes, 0);
});

test('a backend whose copy fails: salvage writes nothing and says so', async () => {
  const stored = { version: 1, accounts: [acc('b', { redirectUrl: 'ftp://x' })] };
  const backend = createMemorySettingsBackend(stored);
  const store = createSettingsStore({
    backend: { ...backend, keepCopy: async () => null },
  });
  const { issue } = await store.load();
  assert.equal(issue?.kind, 'invalid');
  assert.equal(issue?.keptAt, null);
  assert.deepEqual(await backend.get(), stored, 'the file stays as it was');
  assert.ok(store.readOnlyReason(), 'changes are turned off');
});
