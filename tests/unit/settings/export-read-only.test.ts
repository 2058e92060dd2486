/**
 * `--export-diagnostics` leaves the data folder as it found it (issue 12): a damaged
 * settings.json is not moved aside and a settings file needing migration is not rewritten;
 * the bundle carries the trader's real settings (migrated in memory, redacted), or says
 * why they could not be read.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import { exportDiagnostics } from '../../../electron/core/app/export-diagnostics';
import { SETTINGS_VERSION } from '../../../electron/core/settings/schema';

async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of (await readdir(dir)).sort()) {
    const s = await stat(join(dir, name));
    out[name] = s.isFile() ? `${s.mtimeMs}:${await readFile(join(dir, name), 'utf8')}` : 'dir';
  }
  return out;
}

async function exportFrom(dataDir: string): Promise<Record<string, unknown>> {
  const out = join(await mkdtemp(join(tmpdir(), 'tickdesk-export-out-')), 'bundle.zip');
  await exportDiagnostics({ appName: 'Tickdesk', version: '0.0.0-test', dataDir, out });
  const files = unzipSync(new Uint8Array(await readFile(out)));
  await rm(join(out, '..'), { recursive: true, force: true });
  return JSON.parse(strFromU8(files['settings.json']!)) as Record<string, unknown>;
}

test('a damaged settings.json stays where it is; the bundle says it could not be read', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'tickdesk-export-corrupt-'));
  await writeFile(join(dataDir, 'settings.json'), '{"version": 1, "accounts": [');
  const before = await snapshot(dataDir);
  const settings = await exportFrom(dataDir);
  assert.deepEqual(await snapshot(dataDir), before, 'nothing moved, renamed or written');
  assert.equal((settings.loadIssue as { kind: string }).kind, 'corrupt');
  await rm(dataDir, { recursive: true, force: true });
});

test('a settings file needing migration is not rewritten; the bundle has the real settings', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'tickdesk-export-migrate-'));
  const unversioned = {
    accounts: [
      {
        id: 'mine',
        label: 'My broker account',
        environment: 'live',
        appId: 'APPID-CANARY-42',
        redirectUrl: 'http://127.0.0.1:51234/callback',
        template: 'orders',
      },
    ],
    activeAccountId: 'mine',
    preferences: { theme: 'dark' },
  };
  await writeFile(join(dataDir, 'settings.json'), JSON.stringify(unversioned));
  const before = await snapshot(dataDir);
  const settings = await exportFrom(dataDir);
  assert.deepEqual(await snapshot(dataDir), before, 'the file is not migrated on disk');
  assert.equal(settings.version, SETTINGS_VERSION, 'migrated in memory');
  assert.equal(
    settings.loadIssue,
    undefined,
    `no load issue: ${JSON.stringify(settings.loadIssue)}`,
  );
  const accounts = settings.accounts as Array<Record<string, unknown>>;
  assert.equal(accounts[0]?.label, 'My broker account', "the trader's real account");
  assert.equal((settings.preferences as { theme: string }).theme, 'dark');
  await rm(dataDir, { recursive: true, force: true });
});
