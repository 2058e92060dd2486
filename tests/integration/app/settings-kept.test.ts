/**
 * Settings files the app cannot use as they are, through the composed app (createAppCore
 * over the real JSON settings file in its data folder, the router as the renderer calls it;
 * issue 18 #6). Every such file is kept, the app starts, and the trader is told what
 * happened and where the copy is:
 * - valid JSON that fails the schema: a byte-for-byte copy is kept, the accounts and watch
 *   lists that still read item by item are kept in use, and the notice says what was set
 *   aside and where the copy is (in words: no field paths);
 * - written by a newer version: the app starts read-only with the accounts it can read and
 *   never writes the file;
 * - `settings.json` that is a folder: moved aside, the app starts from defaults and says so
 *   in words (no EISDIR);
 * - a UTF-8 byte-order mark: read as the JSON it is, no notice.
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
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { startComposedApp, type ComposedApp } from './composed-app';

const account = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  label: `Account ${id}`,
  environment: 'live',
  appId: `APP${id.toUpperCase()}-100`,
  redirectUrl: 'http://127.0.0.1:8765/callback',
  template: 'orders',
  ...over,
});
const list = (id: string, name: string, symbols: string[]) => ({ id, name, symbols });

/** Starts the composed app on a data folder holding `settings.json` as given. */
async function startOn(write: (path: string) => void): Promise<{ app: ComposedApp; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'tickdesk-settings-kept-'));
  write(join(dir, 'settings.json'));
  const app = await startComposedApp({ dataDir: dir, login: false });
  return { app, dir };
}

/** The names in the data folder beside settings.json that start with `settings.json.`. */
const kept = (dir: string) => readdirSync(dir).filter((f) => f.startsWith('settings.json.'));

test('a schema-invalid settings file is kept byte for byte; what still reads is kept in use', async () => {
  const doc = {
    version: 1,
    accounts: [
      account('good1'),
      account('bad', { redirectUrl: 'ftp://nowhere' }),
      account('good2', { label: 'Second' }),
    ],
    activeAccountId: 'good2',
    preferences: { theme: 'purple', expiryWarningLeadMinutes: 45 },
    watchlists: [
      list('banks', 'Banks', ['NSE:SBIN-EQ', 'NSE:HDFCBANK-EQ']),
      list('bad list!', 'Broken', ['NSE:SBIN-EQ']),
      list('it', 'IT', ['NSE:INFY-EQ']),
    ],
  };
  const text = `${JSON.stringify(doc, null, 2)}\n`;
  const { app, dir } = await startOn((p) => writeFileSync(p, text));
  try {
    const copies = kept(dir);
    assert.equal(copies.length, 1, `one copy kept: ${copies.join(', ')}`);
    assert.match(copies[0]!, /^settings\.json\.invalid-/);
    assert.equal(
      readFileSync(join(dir, copies[0]!), 'utf8'),
      text,
      'the copy is the file as it was',
    );

    const view = await app.call('settings.get');
    const ids = view.accounts.map((a) => a.id);
    assert.ok(ids.includes('good1') && ids.includes('good2'), `accounts kept: ${ids.join(', ')}`);
    assert.ok(!ids.includes('bad'));
    assert.equal(view.preferences.expiryWarningLeadMinutes, 45, 'a valid preference is kept');
    assert.equal(view.preferences.theme, 'system', 'an invalid one takes its default');
    const lists = await app.call('watchlists.get');
    assert.deepEqual(
      lists.map((l) => [l.id, l.symbols]),
      [
        ['banks', ['NSE:SBIN-EQ', 'NSE:HDFCBANK-EQ']],
        ['it', ['NSE:INFY-EQ']],
      ],
    );

    const issue = view.loadIssue;
    assert.equal(issue?.kind, 'invalid');
    assert.match(issue?.message ?? '', /Account bad|account "bad"/i);
    assert.match(issue?.message ?? '', /watch list/i);
    assert.ok(issue?.message.includes(join(dir, copies[0]!)), 'the notice says where the copy is');
    assert.doesNotMatch(issue?.message ?? '', /accounts\.\d|redirectUrl|watchlists\.\d/);

    // The next write keeps what was salvaged (and the Demo account the app added).
    const onDisk = JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')) as {
      accounts: { id: string }[];
    };
    assert.ok(
      onDisk.accounts.some((a) => a.id === 'good1'),
      'settings.json keeps good1',
    );
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('settings from a newer version: the app starts read-only with what it can read, the file untouched', async () => {
  const text = JSON.stringify({
    version: 99,
    accounts: [account('mine')],
    activeAccountId: 'mine',
    futureThing: { x: 1 },
  });
  const { app, dir } = await startOn((p) => writeFileSync(p, text));
  try {
    const view = await app.call('settings.get');
    assert.equal(view.loadIssue?.kind, 'newer-version');
    assert.ok(view.readOnlyReason, 'read-only, as its message says');
    assert.ok(
      view.accounts.some((a) => a.id === 'mine'),
      'the account it can read is shown',
    );
    const refused = await app.dispatch('settings.updatePreferences', { theme: 'dark' });
    assert.equal(refused.ok, false, 'a change is refused while read-only');
    // Demo still logs in (its account is held in memory only).
    const s = await app.call('session.login', { accountId: 'demo' });
    assert.equal(s.status, 'active', JSON.stringify(s.lastError));
    assert.equal(readFileSync(join(dir, 'settings.json'), 'utf8'), text, 'never written');
    assert.deepEqual(kept(dir), [], 'nothing moved: the newer build still reads it');
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('settings.json that is a folder is moved aside; the app starts from defaults and says so in words', async () => {
  const { app, dir } = await startOn((p) => {
    mkdirSync(p);
    writeFileSync(join(p, 'inside.txt'), 'kept');
  });
  try {
    const view = await app.call('settings.get');
    assert.equal(view.loadIssue?.kind, 'unreadable');
    assert.doesNotMatch(view.loadIssue?.message ?? '', /EISDIR|errno|illegal operation/i);
    const copies = kept(dir);
    assert.equal(copies.length, 1);
    assert.ok(view.loadIssue?.message.includes(join(dir, copies[0]!)), view.loadIssue?.message);
    assert.equal(readFileSync(join(dir, copies[0]!, 'inside.txt'), 'utf8'), 'kept');
    assert.ok(
      statSync(join(dir, 'settings.json')).isFile(),
      'settings are written as a file again',
    );
    assert.equal(view.readOnlyReason, null);
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a settings file starting with a UTF-8 byte-order mark is read as the JSON it is', async () => {
  const doc = { version: 1, accounts: [account('bom')], activeAccountId: 'bom' };
  const { app, dir } = await startOn((p) => writeFileSync(p, `\ufeff${JSON.stringify(doc)}`));
  try {
    const view = await app.call('settings.get');
    assert.equal(view.loadIssue, null, JSON.stringify(view.loadIssue));
    assert.ok(view.accounts.some((a) => a.id === 'bom'));
    assert.deepEqual(kept(dir), []);
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
