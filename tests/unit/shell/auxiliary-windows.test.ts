/**
 * The login and depository windows, under the fake electron: both run without a preload
 * in a sandboxed throwaway session, and the login redirect is stopped before any request
 * is made, so the auth code reaches neither the redirect's server nor our renderer.
 * The one navigation guard main.ts installs is installed here too (each window's policy
 * works only through it); window-navigation.test.ts drives the whole of main.ts.
 */
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { describe, it } from 'node:test';

register('./electron-loader.mjs', import.meta.url);
const { recorded, partitions, app } = await import('./fake-electron');
const { guardNavigation } = await import('../../../electron/shell/navigation-policy');
guardNavigation(app as never);
const { createLoginWindowPort } = await import('../../../electron/shell/login-window');
const { createDepositoryWindowPort } = await import('../../../electron/shell/depository-window');

const REDIRECT = 'https://app.example.com/callback';
const isRedirect = (url: string) => url.startsWith(REDIRECT);
type Prefs = Record<string, unknown>;

function nav(
  contents: { emit(e: string, ...a: unknown[]): boolean },
  name: string,
  url: string,
): boolean {
  let prevented = false;
  // Electron's navigation events carry url and isMainFrame on the event object itself.
  const event = { url, isMainFrame: true, preventDefault: () => (prevented = true) };
  contents.emit(name, event, url, false, true);
  return prevented;
}

describe('login window', () => {
  it('is sandboxed, has no preload and uses its own partition', () => {
    const port = createLoginWindowPort(() => null);
    const handle = port.open({
      authorizeUrl: 'https://broker.example/api/v2/generate-authcode?x=1',
      isRedirect,
      partition: 'login-a',
      accountLabel: 'Live',
    });
    const win = recorded.windows.at(-1)!;
    const prefs = win.options.webPreferences as Prefs;
    assert.equal(prefs.preload, undefined);
    assert.equal(prefs.sandbox, true);
    assert.equal(prefs.contextIsolation, true);
    assert.equal(prefs.nodeIntegration, false);
    assert.equal(prefs.disableBlinkFeatures, 'Auxclick');
    assert.equal((prefs.session as { name: string }).name, 'login-a');
    assert.equal(win.loadedUrl, 'https://broker.example/api/v2/generate-authcode?x=1');
    let granted: boolean | undefined;
    partitions.get('login-a')!.permissionRequest!({}, 'media', (g: boolean) => (granted = g));
    assert.equal(granted, false);
    handle.close();
  });

  it('stops the navigation to the redirect URL and hands it to the flow', async () => {
    const port = createLoginWindowPort(() => null);
    const handle = port.open({
      authorizeUrl: 'https://broker.example/login',
      isRedirect,
      partition: 'login-b',
      accountLabel: 'Live',
    });
    const win = recorded.windows.at(-1)!;
    assert.equal(
      nav(win.webContents, 'will-navigate', 'https://broker.example/login/step2'),
      false,
      'broker pages load',
    );
    assert.equal(
      nav(win.webContents, 'will-navigate', 'http://evil.example/'),
      true,
      'plain http is refused',
    );
    assert.equal(
      nav(win.webContents, 'will-redirect', `${REDIRECT}?auth_code=abc&state=s`),
      true,
      'the redirect is never loaded',
    );
    assert.deepEqual(await handle.result, {
      kind: 'redirect',
      url: `${REDIRECT}?auth_code=abc&state=s`,
    });
    assert.equal(win.isDestroyed(), true);
    assert.deepEqual(win.webContents.windowOpenHandler!({ url: 'https://x.example' }), {
      action: 'deny',
    });
  });

  it('reports a window the trader closed', async () => {
    const port = createLoginWindowPort(() => null);
    const handle = port.open({
      authorizeUrl: 'https://broker.example/login',
      isRedirect,
      partition: 'login-c',
      accountLabel: 'Live',
    });
    recorded.windows.at(-1)!.close();
    assert.deepEqual(await handle.result, { kind: 'closed' });
  });
});

describe('depository window', () => {
  it('posts the form itself in a sandboxed window and ends when the depository is done', async () => {
    const port = createDepositoryWindowPort(() => null);
    const handle = port.open({
      form: {
        action: 'https://depository.example/edis',
        fields: { DPId: '1', ReqId: 'r', Version: '1', TransDtls: 'x' },
      } as never,
      encodedBody: 'DPId=1&ReqId=r&Version=1&TransDtls=x',
      isCompletion: (url) => url.startsWith('https://broker.example/done'),
      partition: 'edis-a',
      title: 'Authorize sale',
    });
    const win = recorded.windows.at(-1)!;
    const prefs = win.options.webPreferences as Prefs;
    assert.equal(prefs.preload, undefined);
    assert.equal(prefs.sandbox, true);
    assert.equal(win.loadedUrl, 'https://depository.example/edis');
    const load = win.loadOptions as { postData: { bytes: Buffer }[]; extraHeaders: string };
    assert.equal(load.postData[0]!.bytes.toString(), 'DPId=1&ReqId=r&Version=1&TransDtls=x');
    assert.match(load.extraHeaders, /application\/x-www-form-urlencoded/);
    assert.equal(nav(win.webContents, 'will-navigate', 'file:///etc/passwd'), true);
    win.webContents.emit('did-navigate', {}, 'https://broker.example/done?txn=1');
    assert.deepEqual(await handle.result, {
      kind: 'completed',
      url: 'https://broker.example/done?txn=1',
    });
  });
});
