/**
 * The packaged app itself (release workflow, after `npm run dist`): the installer's unpacked
 * executable — asar, fuses and all — starts, runs its main process and writes a support
 * bundle with `--export-diagnostics`, which needs no window and no login. Playwright cannot
 * drive the packaged app's main process (the fuses turn off --inspect, on purpose), so the
 * window-level tests run on the same dist/ through the Electron binary (shell.spec.ts).
 * Runs when TICKDESK_PACKAGED_APP=1; skips elsewhere, saying so.
 */
import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { root } from './launch';

/** Where electron-builder leaves the unpacked app of this OS, if it is there. */
function packagedExecutable(): string | undefined {
  const release = join(root, 'release');
  const candidates = [
    join(release, 'linux-unpacked', 'tickdesk'),
    join(release, 'win-unpacked', 'Tickdesk.exe'),
    join(release, 'mac-arm64', 'Tickdesk.app', 'Contents', 'MacOS', 'Tickdesk'),
    join(release, 'mac', 'Tickdesk.app', 'Contents', 'MacOS', 'Tickdesk'),
  ];
  return candidates.find((p) => existsSync(p));
}

const wanted = process.env.TICKDESK_PACKAGED_APP === '1';

test.describe('the packaged app', () => {
  test.skip(
    !wanted,
    'TICKDESK_PACKAGED_APP is not 1: the release workflow runs this after npm run dist',
  );

  test('starts from its installer build and writes a support bundle', () => {
    const exe = packagedExecutable();
    expect(exe, 'npm run dist left an unpacked app in release/').toBeTruthy();
    const dir = mkdtempSync(join(tmpdir(), 'tickdesk-packaged-'));
    try {
      const out = join(dir, 'bundle.zip');
      const run = spawnSync(
        exe!,
        [
          `--user-data-dir=${join(dir, 'data')}`,
          ...(process.platform === 'linux' ? ['--no-sandbox'] : []),
          '--export-diagnostics',
          out,
        ],
        { encoding: 'utf8', timeout: 60_000 },
      );
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain('"bundle"');
      const files = Object.keys(unzipSync(readFileSync(out)));
      expect(files).toEqual(
        expect.arrayContaining(['summary.html', 'manifest.json', 'crashes.json']),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
