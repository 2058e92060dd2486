/**
 * The desktop app's settings file through the real electron-store (under the fake
 * `electron`) and the core's settings store: the project's migrations bring an old document
 * up to date and write it back through electron-store, earlier builds' layout is read, and
 * what is written is the validated document itself.
 */
import assert from 'node:assert/strict';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { register } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createSettingsStore } from '../../../electron/core/settings/settings-store';
import { SETTINGS_VERSION } from '../../../electron/core/settings/schema';

register('./electron-loader.mjs', import.meta.url);
await import('./fake-electron');
const { createElectronStoreBackend } = await import('../../../electron/shell/settings-backend');

const account = {
  id: 'mine',
  label: 'My broker app',
  environment: 'live',
  appId: 'APP-100',
  redirectUrl: 'https://example.com/callback',
  template: 'orders',
  baseUrl: 'https://broker.example',
};

function withDir(fn: (dir: string) => Promise<void>) {
  return async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tickdesk-estore-'));
    try {
      await fn(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

describe('electron-store settings backend', () => {
  it(
    'migrates an unversioned document and writes it back, owner-only',
    withDir(async (dir) => {
      const path = join(dir, 'settings.json');
      writeFileSync(path, JSON.stringify({ accounts: [account], activeAccountId: 'mine' }));
      const store = createSettingsStore({ backend: createElectronStoreBackend(dir) });
      const { issue, settings } = await store.load();
      assert.equal(issue, null);
      assert.equal(settings.version, SETTINGS_VERSION);
      assert.equal(settings.accounts[0]?.id, 'mine');
      const onDisk = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
      assert.equal(onDisk.version, SETTINGS_VERSION, 'the migration was written back');
      assert.deepEqual(Object.keys(onDisk).sort(), [
        'accounts',
        'activeAccountId',
        'baskets',
        'preferences',
        'priceAlerts',
        'version',
        'watchlists',
      ]);
      if (process.platform !== 'win32') assert.equal(statSync(path).mode & 0o777, 0o600);
    }),
  );

  it(
    "reads earlier builds' layout (the document under one `doc` key)",
    withDir(async (dir) => {
      writeFileSync(
        join(dir, 'settings.json'),
        JSON.stringify({ doc: { version: 1, accounts: [account], activeAccountId: 'mine' } }),
      );
      const store = createSettingsStore({ backend: createElectronStoreBackend(dir) });
      const { issue } = await store.load();
      assert.equal(issue, null);
      assert.equal(store.activeAccount()?.id, 'mine');
    }),
  );

  it(
    'keeps a copy of a document that breaks the schema, and keeps every account that reads',
    withDir(async (dir) => {
      const path = join(dir, 'settings.json');
      const bad = JSON.stringify({
        version: 1,
        accounts: [
          { ...account, baseUrl: 'ftp://x' },
          { ...account, id: 'other', label: 'Other' },
        ],
      });
      writeFileSync(path, bad);
      const store = createSettingsStore({ backend: createElectronStoreBackend(dir) });
      const { issue, settings } = await store.load();
      assert.equal(issue?.kind, 'invalid');
      assert.equal(store.loadIssue()?.kind, 'invalid');
      assert.match(issue?.message ?? '', /account "My broker app"/);
      const copy = readdirSync(dir).find((f) => f.startsWith('settings.json.invalid-'));
      assert.ok(copy, readdirSync(dir).join(', '));
      assert.equal(readFileSync(join(dir, copy), 'utf8'), bad, 'the copy is the file as it was');
      assert.equal(issue?.keptAt, join(dir, copy));
      assert.deepEqual(
        settings.accounts.map((a) => a.id),
        ['other'],
      );
      const written = JSON.parse(readFileSync(path, 'utf8')) as { accounts: { id: string }[] };
      assert.deepEqual(
        written.accounts.map((a) => a.id),
        ['other'],
        'what was salvaged is written',
      );
    }),
  );

  it(
    'reads a document with a UTF-8 byte-order mark as the JSON it is',
    withDir(async (dir) => {
      writeFileSync(
        join(dir, 'settings.json'),
        `\ufeff${JSON.stringify({ version: 1, accounts: [account], activeAccountId: 'mine' })}`,
      );
      const store = createSettingsStore({ backend: createElectronStoreBackend(dir) });
      const { issue, settings } = await store.load();
      assert.equal(issue, null);
      assert.equal(settings.activeAccountId, 'mine');
    }),
  );

  it(
    'moves a settings.json that is a folder aside and starts from defaults, saying why in words',
    withDir(async (dir) => {
      mkdirSync(join(dir, 'settings.json'));
      const store = createSettingsStore({ backend: createElectronStoreBackend(dir) });
      const { issue } = await store.load();
      assert.equal(issue?.kind, 'unreadable');
      assert.match(issue?.message ?? '', /it is a folder, not a file/);
      assert.doesNotMatch(issue?.message ?? '', /EISDIR/);
      assert.ok(issue?.keptAt && statSync(issue.keptAt).isDirectory());
      assert.equal(store.readOnlyReason(), null);
      await store.updatePreferences({ theme: 'dark' });
      assert.ok(statSync(join(dir, 'settings.json')).isFile());
    }),
  );
});
