/**
 * A crash leaves evidence (issue 23 #3): the minidumps Electron's crash reporter keeps in the
 * data folder (electron/shell/crash-reporter.ts points it there) are listed in the support
 * bundle by name, size and time — never their contents, which can hold memory with secrets.
 * Through the composed app (createAppCore in Demo mode, real settings) and through
 * `--export-diagnostics` (exportDiagnostics, nothing started).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import { createAppCore, type AppCore } from '../../../electron/core/app/app-core';
import { exportDiagnostics } from '../../../electron/core/app/export-diagnostics';
import { DATA_LAYOUT } from '../../../electron/core/diagnostics/bundle-sources';

/** Bytes no bundle part may carry: they stand for a dump's memory contents. */
const INSIDE = 'MINIDUMP-MEMORY-do-not-ship';

function plantDumps(dataDir: string): void {
  const root = join(dataDir, DATA_LAYOUT.crashDumps);
  mkdirSync(join(root, 'completed'), { recursive: true });
  mkdirSync(join(root, 'pending'), { recursive: true });
  writeFileSync(join(root, 'completed', 'older.dmp'), `${INSIDE}-1`);
  writeFileSync(join(root, 'pending', 'newer.dmp'), `${INSIDE}-22`.repeat(10));
  writeFileSync(join(root, 'settings.dat'), 'crashpad database, not a dump');
  utimesSync(
    join(root, 'completed', 'older.dmp'),
    new Date('2026-11-20T09:15:00Z'),
    new Date('2026-11-20T09:15:00Z'),
  );
  utimesSync(
    join(root, 'pending', 'newer.dmp'),
    new Date('2026-11-26T10:00:00Z'),
    new Date('2026-11-26T10:00:00Z'),
  );
}

function entries(path: string): Map<string, string> {
  const files = unzipSync(readFileSync(path));
  return new Map(Object.entries(files).map(([k, v]) => [k, strFromU8(v)]));
}

function assertListed(files: Map<string, string>): void {
  const crashes = JSON.parse(files.get('crashes.json') ?? 'null') as {
    folder: string;
    dumps: { file: string; bytes: number; modifiedAt: string }[];
  };
  assert.ok(crashes, 'the bundle has crashes.json');
  assert.deepEqual(crashes.dumps, [
    {
      file: join('pending', 'newer.dmp'),
      bytes: `${INSIDE}-22`.length * 10,
      modifiedAt: '2026-11-26T10:00:00.000Z',
    },
    {
      file: join('completed', 'older.dmp'),
      bytes: `${INSIDE}-1`.length,
      modifiedAt: '2026-11-20T09:15:00.000Z',
    },
  ]);
  assert.match(crashes.folder, /Crashpad$/);
  assert.match(files.get('summary.txt') ?? '', /crash dumps\s+2, newest 2026-11-26T10:00:00\.000Z/);
  for (const [name, text] of files) {
    assert.equal(text.includes(INSIDE), false, `${name} carries no dump contents`);
  }
}

describe('crash dumps in the support bundle', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tickdesk-crash-'));
  let core: AppCore;

  before(async () => {
    plantDumps(dataDir);
    core = await createAppCore({
      appName: 'Tickdesk',
      version: '0.0.0-test',
      platform: process.platform,
      host: 'harness',
      environment: 'demo',
      dataDir,
      openExternal: async () => {
        throw new Error('not in this test');
      },
      keychain: async () => ({ keychain: null, reason: 'test: memory only' }),
    });
  });

  after(async () => {
    await core.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the running app lists each dump by name, size and time, newest first, without its contents', async () => {
    const bundle = await core.exportSupportBundle();
    assertListed(entries(bundle.path));
  });

  it('the running app says where self-update stands (here: why it has none)', async () => {
    const bundle = await core.exportSupportBundle();
    const snapshots = JSON.parse(entries(bundle.path).get('snapshots.json') ?? '{}');
    assert.deepEqual(snapshots.updates, {
      status: 'unavailable',
      why: 'the browser harness does not update itself',
    });
  });

  it('--export-diagnostics lists them the same way', async () => {
    const out = join(dataDir, 'cli-bundle.zip');
    await exportDiagnostics({ appName: 'Tickdesk', version: '0.0.0-test', dataDir, out });
    assertListed(entries(out));
  });

  it('says so when there are none', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'tickdesk-nocrash-'));
    try {
      const out = join(empty, 'b.zip');
      await exportDiagnostics({ appName: 'Tickdesk', version: '0.0.0-test', dataDir: empty, out });
      const files = entries(out);
      assert.deepEqual(JSON.parse(files.get('crashes.json') ?? 'null')?.dumps, []);
      assert.match(files.get('summary.txt') ?? '', /crash dumps\s+none/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
