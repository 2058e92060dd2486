/**
 * Loads electron/main.ts under Node with a recording fake of 'electron' and checks the
 * hardening the issue asks for and the IPC wiring (the fuses: tests/unit/packaging/).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { channelNames } from '../../../shared/ipc/contract';
import { pageCall } from './page-call';

register('./electron-loader.mjs', import.meta.url);
const fake = await import('./fake-electron');
const { recorded } = fake;

const appPath = mkdtempSync(join(tmpdir(), 'tickdesk-main-test-'));
mkdirSync(join(appPath, 'dist/renderer/assets'), { recursive: true });
writeFileSync(join(appPath, 'dist/renderer/index.html'), '<!doctype html><title>t</title>');
writeFileSync(join(appPath, 'package.json'), '{"secret":"do not serve"}');
recorded.appPath = appPath;

let shutdown: () => Promise<void> = async () => {};
before(async () => {
  delete process.env.TICKDESK_DEV;
  const main = await import('../../../electron/main');
  shutdown = main.shutdown;
  await main.ready;
});
after(() => shutdown());

describe('electron/main.ts under a fake electron', () => {
  it('enables the sandbox for every renderer and takes the single-instance lock', () => {
    assert.equal(recorded.sandboxEnabled, true);
    assert.equal(recorded.singleInstanceLockRequested, true);
  });

  it('starts the crash reporter with dumps kept in the data folder, never uploaded', () => {
    assert.ok(recorded.crashReporter, 'crashReporter.start was called');
    assert.equal(recorded.crashReporter.crashDumps, join(appPath, 'Crashpad'));
    const options = recorded.crashReporter.options as Record<string, unknown>;
    assert.equal(options.uploadToServer, false);
    assert.equal(options.submitURL, undefined, 'no server to send to');
  });

  it('creates the window with context isolation, sandbox, no Node, no DevTools', () => {
    assert.equal(recorded.windows.length, 1);
    const prefs = recorded.windows[0]!.options.webPreferences!;
    assert.equal(prefs.contextIsolation, true);
    assert.equal(prefs.sandbox, true);
    assert.equal(prefs.nodeIntegration, false);
    assert.equal(prefs.webviewTag, false);
    assert.equal(prefs.disableBlinkFeatures, 'Auxclick', 'no middle-click navigations');
    assert.equal(prefs.devTools, false, 'DevTools only in development');
    assert.match(String(prefs.preload), /dist[/\\]electron[/\\]preload\.cjs$/);
    assert.equal(
      recorded.windows[0]!.loadedUrl,
      'app://tickdesk/index.html',
      'served from our scheme, not file://',
    );
  });

  it('registers app:// as a standard, secure scheme and serves the renderer with a strict CSP', async () => {
    const scheme = recorded.privilegedSchemes.find(
      (s) => (s as { scheme: string }).scheme === 'app',
    ) as {
      privileges: { standard: boolean; secure: boolean };
    };
    assert.ok(scheme, 'app scheme registered as privileged');
    assert.equal(scheme.privileges.standard, true);
    assert.equal(scheme.privileges.secure, true);
    const handler = recorded.protocolHandlers.get('app')!;
    const ok = await handler(new Request('app://tickdesk/index.html'));
    assert.equal(ok.status, 200);
    const csp = ok.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self'/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
  });

  it('refuses paths that escape the renderer folder', async () => {
    const handler = recorded.protocolHandlers.get('app')!;
    for (const path of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/assets/..%2f..%2fpackage.json',
      '/..%5cpackage.json',
    ]) {
      const res = await handler(new Request(`app://tickdesk${path}`));
      assert.equal(res.status, 404, path);
    }
    const otherHost = await handler(new Request('app://elsewhere/index.html'));
    assert.equal(otherHost.status, 404);
  });

  it('blocks navigation away from our origin and denies new windows, opening only https externally', () => {
    const contents = recorded.windows[0]!.webContents;
    const navigate = (url: string) => {
      let prevented = false;
      contents.emit('will-navigate', { preventDefault: () => (prevented = true) }, url);
      return prevented;
    };
    assert.equal(navigate('https://evil.example/'), true);
    assert.equal(navigate('file:///etc/passwd'), true);
    assert.equal(navigate('app://tickdesk/index.html'), false);

    const open = contents.windowOpenHandler!;
    assert.deepEqual(open({ url: 'https://www.nseindia.com/' }), { action: 'deny' });
    assert.deepEqual(open({ url: 'http://insecure.example/' }), { action: 'deny' });
    assert.deepEqual(open({ url: 'file:///etc/passwd' }), { action: 'deny' });
    assert.deepEqual(recorded.openedExternally, ['https://www.nseindia.com/']);
  });

  it('denies every permission request and check by default', () => {
    let granted: boolean | undefined;
    recorded.permissionRequestHandler!({}, 'media', (g: boolean) => (granted = g));
    assert.equal(granted, false);
    assert.equal(recorded.permissionCheckHandler!({}, 'notifications'), false);
    assert.equal(recorded.devicePermissionHandler!({}), false);
  });

  it('has an ipcMain handler for every contract channel and nothing else', () => {
    assert.deepEqual([...recorded.ipcHandlers.keys()].sort(), [...channelNames].sort());
  });

  it('installs no menu that could reload the page or open DevTools (Linux/Windows, packaged)', () => {
    if (process.platform === 'darwin') {
      const roles = (recorded.applicationMenu?.template ?? []).map(
        (m) => (m as { role?: string }).role,
      );
      assert.deepEqual(roles, ['appMenu', 'editMenu', 'windowMenu']);
    } else {
      assert.equal(recorded.applicationMenu, null);
    }
  });

  it('registers tickdesk:// for login redirects', () => {
    assert.deepEqual(recorded.protocolClients, ['tickdesk']);
  });

  it('answers our own top frame and refuses an untrusted or embedded frame', async () => {
    const handler = recorded.ipcHandlers.get('app.info')!;
    const call = (url: string, parent: unknown) =>
      handler({ senderFrame: { url, parent }, sender: { id: 1 } }, undefined) as Promise<{
        ok: boolean;
        error?: { kind: string };
        data?: { host: string };
      }>;
    const trusted = await call('app://tickdesk/index.html', null);
    assert.equal(trusted.ok, true);
    assert.equal(trusted.data?.host, 'electron');
    const evil = await call('https://evil.example/', null);
    assert.equal(evil.ok, false);
    assert.equal(evil.error?.kind, 'untrusted-sender');
    const iframe = await call('app://tickdesk/index.html', {});
    assert.equal(iframe.error?.kind, 'untrusted-sender');
  });

  it('says in Settings why this build does not update itself (the fake is packaged, without a feed)', async () => {
    const r = await pageCall('updates.state');
    assert.equal(r.ok, true);
    const state = (r as { data: { status: string; why?: string } }).data;
    assert.equal(state.status, 'unavailable');
    assert.equal(state.why, 'this build does not update itself: this build has no release feed');
  });

  it("writes the router's refusals to the app's redacted log file, not the console", async () => {
    const handler = recorded.ipcHandlers.get('app.info')!;
    await handler(
      {
        senderFrame: { url: 'https://evil.example/?code=AUTHCODE123', parent: null },
        sender: { id: 1 },
      },
      undefined,
    );
    const logDir = join(appPath, 'logs');
    const text = readdirSync(logDir)
      .map((f) => readFileSync(join(logDir, f), 'utf8'))
      .join('');
    const refusal = text.split('\n').find((l) => l.includes('untrusted sender refused'));
    assert.ok(refusal, 'the refusal is in the log file');
    assert.equal(JSON.parse(refusal).scope, 'ipc');
    assert.equal(text.includes('AUTHCODE123'), false, 'redacted on the way in');
  });
});
