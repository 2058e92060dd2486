/**
 * The real electron/main.ts, every handler installed (the app-wide guard included), under
 * the fake electron with its network on: a live login completes in the login window by
 * the broker's form post and its https redirect (and a login window the trader closes ends
 * the login without a session), the eDIS depository window completes its
 * round trip, and the main window still refuses to leave app://tickdesk. The broker and
 * depository are the sandbox over HTTP; the "trader" reads each page and submits its form.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type SandboxHandle } from '../../../sandbox/index';
import { DEMO_USER } from '../../../sandbox/auth/user';

register('./electron-loader.mjs', import.meta.url);
const fake = await import('./fake-electron');
const { recorded, network } = fake;
type Contents = InstanceType<typeof fake.FakeWebContents>;
type Win = InstanceType<typeof fake.FakeBrowserWindow>;

/** An https page the app owner controls: it must never be requested (it would get the code). */
const REDIRECT = 'https://app.example.com/tickdesk/callback';
const APP_ID = 'NAVWIN01-100';

const appPath = mkdtempSync(join(tmpdir(), 'tickdesk-nav-test-'));
mkdirSync(join(appPath, 'dist/renderer'), { recursive: true });
writeFileSync(join(appPath, 'dist/renderer/index.html'), '<!doctype html><title>Tickdesk</title>');
recorded.appPath = appPath;
network.online = true;

let sandbox: SandboxHandle;
let shutdown: () => Promise<void> = async () => {};

/** Calls a contract channel the way the preload does, from our own top frame. */
async function call<T>(channel: string, input?: unknown): Promise<T> {
  const handler = recorded.ipcHandlers.get(channel);
  assert.ok(handler, `no handler for ${channel}`);
  const res = (await handler(
    { senderFrame: { url: 'app://tickdesk/index.html', parent: null }, sender: { id: 1 } },
    input,
  )) as { ok: boolean; data?: T; error?: unknown };
  assert.equal(res.ok, true, `${channel}: ${JSON.stringify(res.error)}`);
  return res.data as T;
}

async function until<T>(
  what: string,
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  ms = 20_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The window whose session partition starts with `prefix` and shows a page with a form. */
function windowShowingForm(prefix: string): Win | undefined {
  return recorded.windows.find((w) => {
    const ses = w.options.webPreferences?.session as { name?: string } | undefined;
    return ses?.name?.startsWith(prefix) && !w.isDestroyed() && /<form\b/i.test(w.webContents.html);
  });
}

/** What the trader does: fill the page's form (hidden fields kept) and press submit. */
function submitForm(contents: Contents, typed: Record<string, string>): Promise<boolean> {
  const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/i.exec(contents.html);
  assert.ok(form, 'the page has a form');
  const attr = (tag: string, name: string) =>
    new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(tag)?.[1]?.replace(/&amp;/g, '&');
  const body = new URLSearchParams();
  for (const m of (form[2] ?? '').matchAll(/<input\b([^>]*)>/gi)) {
    const name = attr(m[1] ?? '', 'name');
    if (!name) continue;
    body.set(name, typed[name] ?? attr(m[1] ?? '', 'value') ?? '');
  }
  return contents.navigateFromPage(attr(form[1] ?? '', 'action') ?? contents.url, {
    method: (attr(form[1] ?? '', 'method') ?? 'GET').toUpperCase(),
    body: body.toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
}

before(async () => {
  delete process.env.TICKDESK_DEV;
  sandbox = await startSandbox({
    tickMs: 0,
    apps: [{ app_id: APP_ID, secret: 'NAVSECRET1', redirect_uri: REDIRECT, template: 'orders' }],
  });
  const main = await import('../../../electron/main');
  shutdown = main.shutdown;
  await main.ready;
});
after(async () => {
  await shutdown();
  await sandbox?.close();
});

describe('every window under its own navigation policy, all handlers installed', () => {
  it('the main window loads app://tickdesk and refuses to navigate anywhere else', async () => {
    const main = recorded.windows[0]!;
    await until('the main window to load', () => main.webContents.status === 200);
    assert.equal(main.webContents.url, 'app://tickdesk/index.html');
    const before = main.webContents.requested.length;
    assert.equal(await main.webContents.navigateFromPage('https://evil.example/'), false);
    assert.equal(await main.webContents.navigateFromPage(`${sandbox.url}/api/v2/profile`), false);
    assert.equal(await main.webContents.navigateFromPage('file:///etc/passwd'), false);
    assert.equal(main.webContents.requested.length, before, 'nothing was requested');
    assert.equal(await main.webContents.navigateFromPage('app://tickdesk/index.html'), true);
  });

  it('a live login completes in the login window: broker form post, then the https redirect', async () => {
    const saved = await call<{ accounts: { id: string; appId: string }[] }>(
      'settings.saveAccount',
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
    await call('settings.setActiveAccount', { id });
    // Resolves when the login ends, so it is awaited only after the trader has acted.
    const loggedIn = call<{ status: string; lastError: unknown }>('session.login', {
      accountId: id,
    });

    const win = await until('the broker login page', () => windowShowingForm('login-'));
    const page = win.webContents;
    assert.equal(new URL(page.url).origin, sandbox.url, 'the broker page loaded');
    // The trader changes a setting while the broker's page is open: the app's window is told.
    await call('settings.updatePreferences', { patch: { theme: 'dark' } });
    const main = recorded.windows[0]!.webContents;
    await until('the settings event', () => main.sent.some((s) => s.name === 'settings.changed'));
    assert.equal(
      await page.navigateFromPage('https://evil.example/phish'),
      false,
      'the login window stays on the broker',
    );
    const submitted = await submitForm(page, {
      svc_id: DEMO_USER.svc_id,
      password: DEMO_USER.password,
      pin: DEMO_USER.pin,
    });
    assert.ok(
      page.requested.includes(`${sandbox.url}/api/v2/login`),
      'the form post reached the broker',
    );
    assert.equal(submitted, false, 'the redirect ended the navigation before it was loaded');

    const session = await loggedIn;
    assert.equal(session.status, 'active', JSON.stringify(session.lastError));
    assert.equal(win.isDestroyed(), true, 'the login window closed');
    assert.equal(
      page.requested.some((u) => u.startsWith('https://app.example.com')),
      false,
      'the redirect (with the auth code) was never requested',
    );
    assert.equal(
      page.requested.some((u) => u.startsWith('https://evil.example')),
      false,
    );
    assert.deepEqual(
      page.sent.map((s) => s.name),
      [],
      "none of the app's events (session, budget, orders) reached the broker's page",
    );
  });

  it('closing the login window ends the login without a session, and the next login opens a fresh window', async () => {
    await call('session.logout');
    const accounts = await call<{ accounts: { id: string; appId: string }[] }>('settings.get');
    const id = accounts.accounts.find((a) => a.appId === APP_ID)!.id;
    const loggedIn = call<{ status: string; lastError: unknown }>('session.login', {
      accountId: id,
    });
    const win = await until('the broker login page', () => windowShowingForm('login-'));
    win.close();
    const session = await loggedIn;
    assert.notEqual(session.status, 'active', 'no session from a closed login window');
    assert.equal(win.isDestroyed(), true);
    // Logged in again for the depository test that follows.
    const again = call<{ status: string; lastError: unknown }>('session.login', { accountId: id });
    const next = await until('a new login page', () => windowShowingForm('login-'));
    assert.notEqual(next, win, 'a new window, not the closed one');
    await submitForm(next.webContents, {
      svc_id: DEMO_USER.svc_id,
      password: DEMO_USER.password,
      pin: DEMO_USER.pin,
    });
    const session2 = await again;
    assert.equal(session2.status, 'active', JSON.stringify(session2.lastError));
  });

  it('the depository window completes its round trip (TPIN and OTP on its own page)', async () => {
    const holdings = await call<{ holdings: { symbol: string }[] }>('portfolio.holdings');
    const first = holdings.holdings[0];
    assert.ok(first, 'the sandbox account has holdings');
    const isin = sandbox.instruments.find((i) => i.ticker === first.symbol)?.isin;
    assert.ok(isin, `ISIN of ${first.symbol}`);

    const authorized = call<{ outcome: string; message: string }>('edis.authorize', {
      items: [{ isin, qty: 1 }],
    });
    const win = await until('the depository page', () => windowShowingForm('edis-'));
    const page = win.webContents;
    // The depository has an origin of its own, and the window stays on it.
    assert.equal(new URL(page.url).origin, sandbox.depositoryUrl);
    assert.notEqual(sandbox.depositoryUrl, sandbox.url);
    const actionsBefore = page.requested.length;
    await submitForm(page, { tpin: DEMO_USER.tpin, otp: DEMO_USER.otp });
    assert.ok(page.requested.length > actionsBefore, 'the TPIN form post reached the depository');
    const result = await authorized;
    assert.equal(result.outcome, 'completed', result.message);
    assert.equal(win.isDestroyed(), true, 'the depository window closed');
    assert.deepEqual(
      page.sent.map((s) => s.name),
      [],
      "none of the app's events reached the depository's page",
    );
  });
});
