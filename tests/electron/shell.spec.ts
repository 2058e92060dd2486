/**
 * What only the real Electron shell shows (issue 23 #1): the Demo broker in its own utility
 * process, the keychain of this OS (Credential Manager, Keychain, Secret Service), a renderer
 * crash that is reloaded and leaves a minidump, the tickdesk:// protocol registration, and a
 * quit with an order in flight that waits for it. They skip where the Electron binary cannot
 * be downloaded, with the reason printed by playwright.config.ts; on the CI runners
 * TICKDESK_REQUIRE_ELECTRON=1 makes a missing binary fail instead.
 */
import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { electronBinary } from './electron-binary';
import { call, demoLogin, launch, root } from './launch';

const binary = electronBinary();

test.describe('the real shell', () => {
  test.skip('missing' in binary, 'missing' in binary ? binary.missing : '');

  test.beforeAll(() => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], {
      cwd: root,
      stdio: 'inherit',
    });
    expect(build.status).toBe(0);
  });

  test('the Demo broker runs in its own utility process, started at the first Demo login', async () => {
    const { app, page, dataDir } = await launch();
    try {
      const names = () =>
        app.evaluate(({ app }) => app.getAppMetrics().map((m) => m.name ?? m.serviceName ?? ''));
      expect(await names()).not.toContain('Tickdesk Demo broker');
      await demoLogin(page);
      await expect.poll(names, { timeout: 20_000 }).toContain('Tickdesk Demo broker');
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("secrets go to this OS's keychain, never to memory only", async () => {
    // Linux runners need a Secret Service (the workflow starts gnome-keyring under dbus).
    const { app, page, dataDir } = await launch();
    try {
      await demoLogin(page);
      const s = await call<{ secretStorage: string }>(page, 'session', 'state');
      expect(s.secretStorage).toBe('keychain');
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('a crashed renderer is reloaded, answers again, and leaves a minidump in the data folder', async () => {
    const { app, page, dataDir } = await launch();
    try {
      await expect(page.getByTestId('environment')).toHaveText('DEMO');
      await app.evaluate(({ BrowserWindow }) => {
        BrowserWindow.getAllWindows()[0]!.webContents.forcefullyCrashRenderer();
      });
      // The same window is reloaded (shell/renderer-recovery.ts): no new window opens.
      const again = page;
      await expect(again.getByTestId('environment')).toHaveText('DEMO', { timeout: 30_000 });
      expect(await call<{ status: string }>(again, 'session', 'state')).toHaveProperty('status');
      const dumps = () => {
        const dir = join(dataDir, 'Crashpad');
        if (!existsSync(dir)) return 0;
        return readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.dmp'))
          .length;
      };
      await expect.poll(dumps, { timeout: 30_000 }).toBeGreaterThan(0);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('registers tickdesk:// for login redirects with the OS', async () => {
    const { app, dataDir } = await launch();
    try {
      const registered = await app.evaluate(({ app }) =>
        app.isDefaultProtocolClient(
          'tickdesk',
          process.execPath,
          process.defaultApp ? [process.argv[1]!] : [],
        ),
      );
      expect(registered).toBe(true);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('quitting with an order in flight waits for it: the journal is whole and the process gone', async () => {
    const { app, page, dataDir } = await launch();
    await demoLogin(page);
    const pid = await app.evaluate(() => process.pid);
    // The order is sent and the app told to quit at once, without waiting for the answer.
    await page.evaluate(() => {
      const api = (
        globalThis as unknown as { tickdesk: { orders: { place(i: unknown): Promise<unknown> } } }
      ).tickdesk;
      void api.orders.place({
        draft: {
          symbol: 'NSE:SBIN-EQ',
          qty: 1,
          type: 1,
          side: 1,
          productType: 'INTRADAY',
          limitPrice: 1,
          stopPrice: 0,
          disclosedQty: 0,
          validity: 'DAY',
          offlineOrder: false,
          stopLoss: 0,
          takeProfit: 0,
        },
        confirmGuards: true,
      });
    });
    await app.close();
    expect(() => process.kill(pid, 0)).toThrow();
    const dir = join(dataDir, 'journal');
    const lines = readdirSync(dir)
      .filter((f) => f.endsWith('.jsonl'))
      .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n'))
      .filter((l) => l.trim() !== '');
    expect(lines.length).toBeGreaterThan(0);
    // Every line whole: the journal was closed after the action in flight, not cut.
    for (const l of lines) expect(() => JSON.parse(l)).not.toThrow();
    const steps = lines.map((l) => (JSON.parse(l) as { step: string }).step);
    expect(steps).toContain('intent');
    expect(steps.some((s) => s !== 'intent')).toBe(true);
    rmSync(dataDir, { recursive: true, force: true });
  });
});
