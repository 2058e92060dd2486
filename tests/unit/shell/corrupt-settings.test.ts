/**
 * electron/main.ts under the fake `electron` with a damaged settings.json in the user data
 * folder (issue 8, finding 12): the app still starts, the damaged file is kept aside byte for
 * byte, settings start from defaults (Demo active), and the settings view carries the notice
 * the renderer shows the trader.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SETTINGS_VERSION } from '../../../electron/core/settings/schema';

register('./electron-loader.mjs', import.meta.url);
const fake = await import('./fake-electron');
const { recorded } = fake;

const appPath = mkdtempSync(join(tmpdir(), 'tickdesk-corrupt-settings-'));
mkdirSync(join(appPath, 'dist/renderer'), { recursive: true });
writeFileSync(join(appPath, 'dist/renderer/index.html'), '<!doctype html><title>t</title>');
const damaged = '{"version":1,"accounts":[{"id":"mine","label":"My br';
writeFileSync(join(appPath, 'settings.json'), damaged);
recorded.appPath = appPath;

const frame = {
  senderFrame: { url: 'app://tickdesk/index.html', parent: null },
  sender: { id: 1 },
};
let shutdown: () => Promise<void> = async () => {};
let started: unknown = null;

before(async () => {
  delete process.env.TICKDESK_DEV;
  const main = await import('../../../electron/main');
  shutdown = main.shutdown;
  await main.ready.catch((err: unknown) => (started = err));
});
after(() => shutdown());

describe('electron/main.ts with a damaged settings.json', () => {
  it('starts anyway, with its window', () => {
    assert.equal(started, null, `start failed: ${String(started)}`);
    assert.equal(recorded.windows.length, 1);
  });

  it('keeps the damaged file aside, byte for byte, and writes a valid one', () => {
    const aside = readdirSync(appPath).filter((f) => f.startsWith('settings.json.corrupt-'));
    assert.equal(aside.length, 1, readdirSync(appPath).join(', '));
    assert.equal(readFileSync(join(appPath, aside[0]!), 'utf8'), damaged);
    const fresh = JSON.parse(readFileSync(join(appPath, 'settings.json'), 'utf8')) as {
      version: number;
      activeAccountId: string;
    };
    assert.equal(fresh.version, SETTINGS_VERSION);
    assert.equal(fresh.activeAccountId, 'demo', 'defaults, with the Demo account');
  });

  it('tells the trader through the settings view, with where the old file went', async () => {
    const r = (await recorded.ipcHandlers.get('settings.get')!(frame, undefined)) as {
      ok: boolean;
      data: { loadIssue: { kind: string; message: string } | null };
    };
    assert.ok(r.ok);
    assert.equal(r.data.loadIssue?.kind, 'corrupt');
    assert.match(r.data.loadIssue.message, /started with default settings/);
    assert.match(r.data.loadIssue.message, /settings\.json\.corrupt-/);
    const log = readdirSync(join(appPath, 'logs'))
      .filter((f) => f.startsWith('tickdesk-'))
      .map((f) => readFileSync(join(appPath, 'logs', f), 'utf8'))
      .join('');
    assert.match(log, /settings could not be read; starting from defaults/);
  });
});
