import { _electron as electron, expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { electronBinary } from './electron-binary';

const root = fileURLToPath(new URL('../..', import.meta.url));
const binary = electronBinary();

test.describe('the packaged-style Electron app', () => {
  test.skip('missing' in binary, 'missing' in binary ? binary.missing : '');

  test.beforeAll(() => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], {
      cwd: root,
      stdio: 'inherit',
    });
    expect(build.status).toBe(0);
  });

  test('launches in Demo mode and answers through the preload bridge', async () => {
    const app = await electron.launch({
      // No flag: Demo is what main.ts starts unless it is given --live.
      args: [root, ...(process.platform === 'linux' ? ['--no-sandbox'] : [])],
      cwd: root,
      env: { ...process.env, TICKDESK_DEV: '' },
    });
    try {
      const page = await app.firstWindow();
      await expect(page.getByTestId('environment')).toHaveText('DEMO');
      await expect(page.getByTestId('host')).toContainText('Desktop');
      expect(page.url()).toBe('app://tickdesk/index.html');
      // The renderer has no Node and no Electron objects: only the contract bridge.
      const globals = await page.evaluate(() => {
        const g = globalThis as Record<string, unknown>;
        return { require: typeof g.require, process: typeof g.process, bridge: typeof g.tickdesk };
      });
      expect(globals).toEqual({ require: 'undefined', process: 'undefined', bridge: 'object' });
    } finally {
      await app.close();
    }
  });
});
