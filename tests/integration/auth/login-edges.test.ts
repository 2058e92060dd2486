/**
 * Login edges through the composed core (createAppCore, live environment) against
 * the sandbox over HTTP, which compares redirect_uri with the registered value byte for byte
 * (issue 18 #8):
 * - A registered redirect URL without a port, or with `:80`, means port 80: the app listens
 *   there and sends the registered string unchanged, or, where it cannot listen on port 80,
 *   says so plainly and opens no browser. It never sends a random port the broker refuses.
 * - A local request on the redirect path with a wrong state is answered 400 and ignored;
 *   the pending login goes on and completes with its own reply. A tickdesk:// deep link
 *   with a wrong state (another program can send one) is ignored the same way.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createAppCore, type AppCore } from '../../../electron/core/app/app-core';
import { LOGIN_FAILURE_TEXT } from '../../../electron/core/auth/errors';
import type { ProtocolEventSource } from '../../../electron/core/auth/protocol-capture';
import { startSandbox, type SandboxHandle } from '../../../sandbox/index';

const NO_PORT = 'http://127.0.0.1/tickdesk-edge/callback';
const PORT_80 = 'http://127.0.0.1:80/tickdesk-edge/callback80';
const DEEP_LINK = 'tickdesk://auth/edge';
/** The OS handing deep links to the app. */
const deepLinks = new Set<(url: string) => void>();
const protocolEvents: ProtocolEventSource = {
  onUrl(listener) {
    deepLinks.add(listener);
    return () => deepLinks.delete(listener);
  },
};
const sendDeepLink = (url: string) => {
  for (const l of [...deepLinks]) l(url);
};
let stateRedirect = '';
let sandbox: SandboxHandle;
let core: AppCore;
const dataDir = mkdtempSync(join(tmpdir(), 'tickdesk-loopback-edges-'));
/** Every redirect_uri the client sent, read from the authorize URLs it opened. */
const sent: string[] = [];
/** What a forged local request (wrong state) was answered, when the browser sends one. */
const forged: number[] = [];
let forgeNext = false;

function freePort(port = 0): Promise<number | null> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(null));
    s.listen(port, '127.0.0.1', () => {
      const got = (s.address() as { port: number }).port;
      s.close(() => resolve(got));
    });
  });
}

/**
 * The system browser: the authorize URL (auto-approve answers 302), then the Location. When
 * `forgeNext`, a request with a wrong state reaches the listener first (another local
 * program, or an old tab).
 */
async function browse(url: string): Promise<void> {
  sent.push(new URL(url).searchParams.get('redirect_uri') ?? '');
  const res = await fetch(url, { redirect: 'manual' });
  await res.arrayBuffer();
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`authorize answered ${res.status}`);
  if (location.startsWith('tickdesk:')) {
    // Another program's deep link with a wrong state first, then the broker's own.
    const bad = new URL(location);
    bad.searchParams.set('state', 'forged-state');
    sendDeepLink(bad.href);
    sendDeepLink(location);
    return;
  }
  if (forgeNext) {
    forgeNext = false;
    const bad = new URL(location);
    bad.searchParams.set('state', 'forged-state');
    bad.searchParams.set('auth_code', 'forged-code');
    const r = await fetch(bad);
    await r.arrayBuffer();
    forged.push(r.status);
    const none = new URL(location);
    none.searchParams.delete('state');
    const r2 = await fetch(none);
    await r2.arrayBuffer();
    forged.push(r2.status);
  }
  await (await fetch(location)).arrayBuffer();
}

before(async () => {
  stateRedirect = `http://127.0.0.1:${await freePort()}/state/callback`;
  sandbox = await startSandbox({
    autoApprove: true,
    master: 'fixture',
    tickMs: 0,
    apps: [
      { app_id: 'EDGENOPORT-100', secret: 'S1', redirect_uri: NO_PORT, template: 'orders' },
      { app_id: 'EDGEPORT80-100', secret: 'S2', redirect_uri: PORT_80, template: 'orders' },
      { app_id: 'EDGESTATE1-100', secret: 'S3', redirect_uri: stateRedirect, template: 'orders' },
      { app_id: 'EDGEDEEP01-100', secret: 'S4', redirect_uri: DEEP_LINK, template: 'orders' },
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
    protocolEvents,
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

for (const [name, appId, registered] of [
  ['without a port', 'EDGENOPORT-100', NO_PORT],
  ['with :80', 'EDGEPORT80-100', PORT_80],
] as const) {
  test(`a loopback redirect ${name} listens on port 80 and sends it as registered, or says it cannot`, async () => {
    const before = sent.length;
    // Whether this machine lets us listen on port 80 (root, or a free unprivileged port 80).
    const port80 = (await freePort(80)) === 80;
    const snap = await loginWith(name.replace(/\W/g, ''), appId, registered);
    if (port80) {
      assert.equal(snap.status, 'active', JSON.stringify(snap.lastError));
      assert.equal(sent.at(-1), registered, 'the registered redirect, byte for byte');
    } else {
      assert.equal(snap.status, 'logged-out');
      assert.equal(snap.lastError?.reason, 'redirect-port-unavailable');
      assert.equal(snap.lastError?.message, LOGIN_FAILURE_TEXT['redirect-port-unavailable']);
      assert.match(snap.lastError?.message ?? '', /port 80/);
      assert.equal(sent.length, before, 'no browser opened with a port the broker would refuse');
    }
  });
}

test('when port 80 is taken, the login says plainly why it cannot listen and opens no browser', async () => {
  // Another program on port 80 (where this test may not listen, nor may the app).
  const holder = createServer();
  await new Promise<void>((resolve) => {
    holder.once('error', () => resolve());
    holder.listen(80, '127.0.0.1', () => resolve());
  });
  try {
    const before = sent.length;
    const snap = await loginWith('taken', 'EDGENOPORT-100', NO_PORT);
    assert.equal(snap.status, 'logged-out');
    assert.equal(snap.lastError?.reason, 'redirect-port-unavailable');
    assert.match(snap.lastError?.message ?? '', /port 80/);
    assert.match(snap.lastError?.message ?? '', /http:\/\/127\.0\.0\.1:8765\/callback/);
    assert.equal(sent.length, before, 'no browser opened with a port the broker would refuse');
  } finally {
    await new Promise<void>((resolve) =>
      holder.listening ? holder.close(() => resolve()) : resolve(),
    );
  }
});

test('a local request with a wrong or no state is answered 400 and ignored; the login completes', async () => {
  forgeNext = true;
  const snap = await loginWith('state', 'EDGESTATE1-100', stateRedirect);
  assert.deepEqual(forged, [400, 400], 'both stray requests refused by the listener');
  assert.equal(snap.status, 'active', JSON.stringify(snap.lastError));
  assert.equal(snap.accountId, 'state');
});

test('a tickdesk:// deep link with a wrong state is ignored; the login completes with its own', async () => {
  const snap = await loginWith('deep', 'EDGEDEEP01-100', DEEP_LINK);
  assert.equal(snap.status, 'active', JSON.stringify(snap.lastError));
  assert.equal(snap.accountId, 'deep');
});
