/**
 * Exact redirect URIs, both sides, through the composed core (createAppCore, live
 * environment) against the sandbox over HTTP. The sandbox compares redirect_uri with the
 * registered value byte for byte by default, so these logins succeed only if the client
 * sends the registered string unchanged: a loopback redirect with upper case, a trailing
 * `/` and a query, and an https redirect without a path (which URL parsing would end in `/`
 * and lower-case). The sandbox's RFC 8252 option accepts another loopback port, nothing else.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createAppCore, type AppCore } from '../../../electron/core/app/app-core';
import type { LoginWindowPort } from '../../../electron/core/auth/login-window-port';
import { startSandbox, type SandboxHandle } from '../../../sandbox/index';

const HTTPS_REDIRECT = 'https://App.Example.com';
let loopbackRedirect = '';
let sandbox: SandboxHandle;
let core: AppCore;
const dataDir = mkdtempSync(join(tmpdir(), 'tickdesk-exact-redirect-'));
/** Every redirect_uri the client sent, read from the authorize URLs it opened. */
const sent: string[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** The system browser: the authorize URL (auto-approve answers 302), then the Location. */
async function browse(url: string): Promise<void> {
  sent.push(new URL(url).searchParams.get('redirect_uri') ?? '');
  const res = await fetch(url, { redirect: 'manual' });
  await res.arrayBuffer();
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`authorize answered ${res.status}`);
  await (await fetch(location)).arrayBuffer();
}

/** The login window over HTTP: loads the authorize URL and stops at the redirect. */
const loginWindow: LoginWindowPort = {
  open(request) {
    sent.push(new URL(request.authorizeUrl).searchParams.get('redirect_uri') ?? '');
    const result = (async () => {
      const res = await fetch(request.authorizeUrl, { redirect: 'manual' });
      await res.arrayBuffer();
      const location = res.headers.get('location') ?? '';
      if (res.status === 302 && request.isRedirect(location))
        return { kind: 'redirect' as const, url: location };
      return { kind: 'closed' as const };
    })();
    return { result, close: () => undefined };
  },
};

before(async () => {
  loopbackRedirect = `http://127.0.0.1:${await freePort()}/Tickdesk/Callback/?app=desk`;
  sandbox = await startSandbox({
    autoApprove: true,
    master: 'fixture',
    tickMs: 0,
    apps: [
      {
        app_id: 'EXACTLOOP1-100',
        secret: 'S1',
        redirect_uri: loopbackRedirect,
        template: 'orders',
      },
      { app_id: 'EXACTHTTP1-100', secret: 'S2', redirect_uri: HTTPS_REDIRECT, template: 'orders' },
    ],
  });
  core = await createAppCore({
    appName: 'Tickdesk',
    version: '0.0.0-test',
    platform: process.platform,
    host: 'harness',
    environment: 'live',
    dataDir,
    openExternal: browse,
    loginWindow,
    keychain: async () => ({ keychain: null, reason: 'test: memory only' }),
  });
});
after(async () => {
  await core?.close();
  await sandbox?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function loginWith(id: string, appId: string, redirectUrl: string) {
  await core.settings.upsertAccount({
    id,
    label: id,
    environment: 'live',
    appId,
    redirectUrl,
    template: 'orders',
    baseUrl: sandbox.url,
  });
  await core.settings.setActiveAccount(id);
  return core.session.login({ accountId: id });
}

test('a loopback redirect is sent exactly as registered (case, trailing slash, query, port)', async () => {
  const snap = await loginWith('loop', 'EXACTLOOP1-100', loopbackRedirect);
  assert.equal(snap.status, 'active', JSON.stringify(snap.lastError));
  assert.equal(sent.at(-1), loopbackRedirect);
});

test('an https redirect without a path is sent without the "/" URL parsing adds', async () => {
  const snap = await loginWith('https', 'EXACTHTTP1-100', HTTPS_REDIRECT);
  assert.equal(snap.status, 'active', JSON.stringify(snap.lastError));
  assert.equal(sent.at(-1), HTTPS_REDIRECT);
});

test('the sandbox refuses any other spelling by default; RFC 8252 any-port is an option', async () => {
  const authorize = (base: string, redirect: string, appId = 'EXACTLOOP1-100') =>
    fetch(
      `${base}/api/v2/generate-authcode?client_id=${appId}&response_type=code&state=s&redirect_uri=${encodeURIComponent(redirect)}`,
      { redirect: 'manual' },
    ).then(async (r) => {
      await r.arrayBuffer();
      return r.status;
    });
  const otherPort = loopbackRedirect.replace(/:\d+\//, ':1/');
  for (const variant of [
    loopbackRedirect.replace('/?app=desk', '?app=desk'),
    loopbackRedirect.replace('?app=desk', ''),
    loopbackRedirect.toLowerCase(),
    otherPort,
  ]) {
    assert.equal(await authorize(sandbox.url, variant), 400, variant);
  }
  assert.equal(await authorize(sandbox.url, `${HTTPS_REDIRECT}/`, 'EXACTHTTP1-100'), 400);
  assert.equal(await authorize(sandbox.url, loopbackRedirect), 302);

  const lenient = await startSandbox({
    autoApprove: true,
    master: 'fixture',
    tickMs: 0,
    loopbackAnyPort: true,
    apps: [
      {
        app_id: 'EXACTLOOP1-100',
        secret: 'S1',
        redirect_uri: loopbackRedirect,
        template: 'orders',
      },
    ],
  });
  try {
    assert.equal(await authorize(lenient.url, otherPort), 302, 'another port: allowed');
    assert.equal(
      await authorize(lenient.url, otherPort.replace('?app=desk', '')),
      400,
      'but nothing else may differ',
    );
  } finally {
    await lenient.close();
  }
});
