/**
 * The two windows only the real shell opens on a broker's pages (issue 23 #1): the login
 * window, whose https redirect (carrying the auth code) is captured before it is requested,
 * and the depository (eDIS) window, whose TPIN and OTP page completes its round trip. The
 * broker and the depository are the sandbox over HTTP, started here; the app is the real
 * Electron with a live account pointed at it. The same flows run under the fake electron
 * through the whole of main.ts in tests/unit/shell/window-navigation.test.ts, which runs on
 * every machine. These skip where the Electron binary cannot be downloaded, with the reason
 * printed by playwright.config.ts; on the CI runners TICKDESK_REQUIRE_ELECTRON=1 makes a
 * missing binary fail instead.
 */
import { expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { startSandbox, type SandboxHandle } from '../../sandbox/index';
import { DEMO_USER } from '../../sandbox/auth/user';
import { electronBinary } from './electron-binary';
import { call, launch, root, type Launched } from './launch';

const binary = electronBinary();

/** An https page of the app's owner: it must never be requested (it would get the code). */
const REDIRECT = 'https://app.example.com/tickdesk/callback';
const APP_ID = 'SHELLWIN01-100';

interface SessionState {
  status: string;
  lastError?: unknown;
}

/** The first window of `app` whose page is on `origin` and shows `selector`. */
async function windowOn(app: ElectronApplication, origin: string, selector: string): Promise<Page> {
  let found: Page | undefined;
  await expect
    .poll(
      async () => {
        for (const w of app.windows()) {
          if (w.isClosed()) continue;
          const url = w.url();
          if (!url.startsWith(origin)) continue;
          if (
            (await w
              .locator(selector)
              .count()
              .catch(() => 0)) > 0
          ) {
            found = w;
            return true;
          }
        }
        return false;
      },
      { timeout: 30_000, message: `a window on ${origin} showing ${selector}` },
    )
    .toBe(true);
  return found!;
}

/** Saves a live account for the sandbox and makes it the active one; returns its id. */
async function liveAccount(page: Page, sandbox: SandboxHandle): Promise<string> {
  const saved = await call<{ accounts: { id: string; appId: string }[] }>(
    page,
    'settings',
    'saveAccount',
    {
      account: {
        label: 'Live (sandbox)',
        environment: 'live',
        appId: APP_ID,
        redirectUrl: REDIRECT,
        template: 'orders',
        baseUrl: sandbox.url,
      },
    },
  );
  const id = saved.accounts.find((a) => a.appId === APP_ID)!.id;
  await call(page, 'settings', 'setActiveAccount', { id });
  return id;
}

/** Logs in through the login window as a trader would: the broker's form, then its redirect. */
async function logInThroughWindow(
  launched: Launched,
  sandbox: SandboxHandle,
  requested: string[],
): Promise<{ login: Page; session: SessionState }> {
  const { app, page } = launched;
  const id = await liveAccount(page, sandbox);
  // Resolves when the login ends, so it is awaited only after the trader has acted.
  const loggedIn = call<SessionState>(page, 'session', 'login', { accountId: id });
  const login = await windowOn(app, sandbox.url, '#login-form');
  login.on('request', (r) => requested.push(r.url()));
  await login.fill('#svc_id', DEMO_USER.svc_id);
  await login.fill('#password', DEMO_USER.password);
  await login.fill('#pin', DEMO_USER.pin);
  await login.click('#login-submit');
  const session = await loggedIn;
  return { login, session };
}

test.describe('the broker windows of the real shell', () => {
  test.skip('missing' in binary, 'missing' in binary ? binary.missing : '');

  let sandbox: SandboxHandle;

  test.beforeAll(async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], {
      cwd: root,
      stdio: 'inherit',
    });
    expect(build.status).toBe(0);
    sandbox = await startSandbox({
      tickMs: 0,
      apps: [
        { app_id: APP_ID, secret: 'SHELLSECRET1', redirect_uri: REDIRECT, template: 'orders' },
      ],
    });
  });
  test.afterAll(async () => {
    await sandbox?.close();
  });

  test("the login window captures the broker's https redirect before it is requested, and closes", async () => {
    const launched = await launch();
    const { app, page, dataDir } = launched;
    try {
      const windowsBefore = app.windows().length;
      const requested: string[] = [];
      const { login, session } = await logInThroughWindow(launched, sandbox, requested);
      expect(session.status, JSON.stringify(session.lastError)).toBe('active');
      expect(requested).toContain(`${sandbox.url}/api/v2/login`);
      expect(
        requested.filter((u) => u.startsWith('https://app.example.com')),
        'the redirect (with the auth code) was never requested',
      ).toEqual([]);
      await expect.poll(() => login.isClosed(), { timeout: 15_000 }).toBe(true);
      expect(app.windows().filter((w) => !w.isClosed())).toHaveLength(windowsBefore);
      // The app's own window shows the session, the code never having passed through it.
      expect((await call<SessionState>(page, 'session', 'state')).status).toBe('active');
      expect(page.url()).toMatch(/^app:\/\/tickdesk\//);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('the login window stays on the broker: a page elsewhere is refused, and closing it ends the login', async () => {
    const { app, page, dataDir } = await launch();
    try {
      const id = await liveAccount(page, sandbox);
      const loggedIn = call<SessionState>(page, 'session', 'login', { accountId: id });
      const login = await windowOn(app, sandbox.url, '#login-form');
      const requested: string[] = [];
      login.on('request', (r) => requested.push(r.url()));
      // A link the broker's page might carry, to anywhere else, is not followed.
      await login.evaluate(() => {
        location.href = 'https://evil.example/phish';
      });
      await login.waitForTimeout(1_000);
      expect(login.url().startsWith(sandbox.url)).toBe(true);
      expect(requested.filter((u) => u.startsWith('https://evil.example'))).toEqual([]);
      // The trader closes the window: the login ends without a session, and says so.
      await app.evaluate(({ BrowserWindow }, origin) => {
        for (const w of BrowserWindow.getAllWindows()) {
          if (w.webContents.getURL().startsWith(origin)) w.close();
        }
      }, sandbox.url);
      const session = await loggedIn;
      expect(session.status).not.toBe('active');
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('the depository window completes the eDIS round trip (TPIN and OTP on its own page) and closes', async () => {
    const launched = await launch();
    const { app, page, dataDir } = launched;
    try {
      const { session } = await logInThroughWindow(launched, sandbox, []);
      expect(session.status, JSON.stringify(session.lastError)).toBe('active');
      const { holdings } = await call<{ holdings: { symbol: string }[] }>(
        page,
        'portfolio',
        'holdings',
      );
      const first = holdings[0];
      expect(first, 'the sandbox account has holdings').toBeTruthy();
      const isin = sandbox.instruments.find((i) => i.ticker === first!.symbol)?.isin;
      expect(isin, `ISIN of ${first!.symbol}`).toBeTruthy();

      const authorized = call<{ outcome: string; message: string }>(page, 'edis', 'authorize', {
        items: [{ isin, qty: 1 }],
      });
      // The depository has an origin of its own, and its form is on its own page.
      expect(sandbox.depositoryUrl).not.toBe(sandbox.url);
      const depository = await windowOn(app, sandbox.depositoryUrl, '#edis-auth-form');
      await depository.fill('#tpin', DEMO_USER.tpin);
      await depository.fill('#otp', DEMO_USER.otp);
      await depository.click('#edis-submit');
      const result = await authorized;
      expect(result.outcome, result.message).toBe('completed');
      await expect.poll(() => depository.isClosed(), { timeout: 15_000 }).toBe(true);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
