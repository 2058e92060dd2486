/** Listing the crash reporter's minidumps (issue 23 #3): only .dmp files, newest first, capped. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crashDumpsLine, listCrashDumps } from '../../../electron/core/diagnostics/crash-dumps';

test('a missing folder is no dumps, not an error', () => {
  assert.deepEqual(listCrashDumps(join(tmpdir(), 'tickdesk-no-such-folder-xyz')), []);
  assert.equal(crashDumpsLine([]), 'none');
});

test('lists .dmp files in Crashpad sub-folders, newest first, at most the limit', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tickdesk-dumps-'));
  try {
    mkdirSync(join(dir, 'reports'), { recursive: true });
    mkdirSync(join(dir, 'a', 'b', 'c', 'd'), { recursive: true });
    for (let k = 0; k < 5; k++) {
      const f = join(dir, 'reports', `r${k}.dmp`);
      writeFileSync(f, 'x'.repeat(k + 1));
      const at = new Date(Date.UTC(2026, 10, 20 + k));
      utimesSync(f, at, at);
    }
    writeFileSync(join(dir, 'reports', 'r.meta'), 'not a dump');
    writeFileSync(join(dir, 'a', 'b', 'c', 'd', 'deep.dmp'), 'too deep to be Crashpad');
    const all = listCrashDumps(dir);
    assert.deepEqual(
      all.map((d) => [d.file, d.bytes]),
      [4, 3, 2, 1, 0].map((k) => [join('reports', `r${k}.dmp`), k + 1]),
    );
    assert.equal(listCrashDumps(dir, 2).length, 2);
    assert.equal(crashDumpsLine(all), '5, newest 2026-11-24T00:00:00.000Z');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
