/**
 * `Tickdesk --export-diagnostics <file>`: electron/main.ts under the fake electron writes the
 * support bundle from the data folder and exits, with no window, no IPC and no login.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import { istDayKey } from '../../../shared/format/ist';

register('./electron-loader.mjs', import.meta.url);
const { recorded } = await import('./fake-electron');

describe('electron/main.ts --export-diagnostics', () => {
  it('writes the bundle from the data folder and exits 0 without starting the app', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tickdesk-export-main-'));
    recorded.appPath = dataDir;
    mkdirSync(join(dataDir, 'logs'));
    const day = istDayKey(Date.now());
    writeFileSync(
      join(dataDir, 'logs', `requests-${day}.log`),
      `${JSON.stringify({ ts: new Date().toISOString(), method: 'POST', path: '/api/v2/orders', status: 429, code: -353, ms: 5, failure: 'broker', budget: null, intentIds: ['intent-x'] })}\n`,
    );
    const out = join(dataDir, 'out', 'bundle.zip');
    const argv = process.argv;
    process.argv = [...argv, '--export-diagnostics', out];
    try {
      const main = await import('../../../electron/main');
      await main.ready;
    } finally {
      process.argv = argv;
    }
    assert.equal(recorded.exitCode, 0);
    assert.equal(recorded.windows.length, 0, 'no window');
    assert.equal(recorded.ipcHandlers.size, 0, 'no IPC');
    assert.equal(recorded.singleInstanceLockRequested, false, 'runs beside a running app');
    const files = unzipSync(new Uint8Array(readFileSync(out)));
    const summary = strFromU8(files['summary.txt']!);
    assert.match(summary, /POST \/api\/v2\/orders → 429 {2}code -353/);
    assert.match(summary, /API limit exceeded/);
    assert.match(summary, /command line \(no login\)/);
    assert.ok(files['settings.json'] && files['system.json']);
  });
});
