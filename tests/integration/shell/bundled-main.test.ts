/**
 * The Electron binary cannot be downloaded here, but the main-process bundle that ships
 * can still be run: this builds dist/ exactly as `npm run build` does, loads
 * dist/electron/main.cjs under Node with a fake 'electron', and drives it through its IPC
 * handlers. It catches what only bundling breaks: the worker entry, import.meta shims,
 * native modules left external, the embedded sandbox.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const here = fileURLToPath(new URL('.', import.meta.url));

describe('the bundled main process (dist/electron/main.cjs)', () => {
  it('builds, starts in Demo mode, logs in, loads the symbol master in its worker, and answers', () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], {
      cwd: root,
      encoding: 'utf8',
    });
    assert.equal(build.status, 0, build.stderr);
    // The Demo broker runs in its own process: not one sandbox module ships inside main.cjs,
    // and the child bundle holds them all.
    const inputs = (name: string) =>
      Object.keys(
        (
          JSON.parse(readFileSync(join(root, 'dist/meta', `${name}.json`), 'utf8')) as {
            inputs: Record<string, unknown>;
          }
        ).inputs,
      );
    const mainInputs = inputs('electron-main');
    assert.ok(mainInputs.length > 100, `main.cjs inputs: ${mainInputs.length}`);
    assert.deepEqual(
      mainInputs.filter((p) => p.startsWith('sandbox/')),
      [],
      'no sandbox module in main.cjs',
    );
    const childSandbox = inputs('sandbox-child').filter((p) => p.startsWith('sandbox/'));
    assert.ok(childSandbox.length >= 50, `sandbox modules in child.cjs: ${childSandbox.length}`);
    const dataDir = mkdtempSync(join(tmpdir(), 'tickdesk-bundle-'));
    try {
      const run = spawnSync(
        process.execPath,
        ['-r', join(here, 'fake-electron-hook.cjs'), join(here, 'drive-bundle.cjs')],
        {
          cwd: root,
          encoding: 'utf8',
          timeout: 120_000,
          env: { ...process.env, TICKDESK_APP_ROOT: root, TICKDESK_DATA_DIR: dataDir },
        },
      );
      assert.equal(run.status, 0, run.stderr);
      const out = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as {
        channels: number;
        login: string;
        symbols: { state: string; instruments: number };
        search: string[];
        holdings: number;
        utilityProcesses: string[];
      };
      assert.ok(out.channels > 30);
      assert.equal(out.login, 'active');
      assert.equal(out.symbols.state, 'ready');
      assert.ok(out.symbols.instruments >= 130_000, `instruments: ${out.symbols.instruments}`);
      assert.equal(out.search[0], 'NSE:SBIN-EQ');
      assert.ok(out.holdings > 0);
      assert.equal(out.utilityProcesses.length, 1, 'one Demo broker process, started on demand');
      assert.match(out.utilityProcesses[0]!, /dist[/\\]sandbox[/\\]child\.cjs$/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
