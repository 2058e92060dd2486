/**
 * Which desktop builds update themselves (issue 23 #2): only packaged release builds with a
 * feed (app-update.yml); on Linux only the AppImage — a .deb is updated by installing the newer
 * package, as Debian does. Loaded under the fake electron.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

register('./electron-loader.mjs', import.meta.url);
const { updatesUnavailable } = await import('../../../electron/shell/updater');

test('unpackaged runs and builds without a feed do not update themselves', () => {
  assert.equal(updatesUnavailable(false), 'not a packaged build');
  const saved = process.resourcesPath;
  const dir = mkdtempSync(join(tmpdir(), 'tickdesk-resources-'));
  try {
    Object.defineProperty(process, 'resourcesPath', { value: dir, configurable: true });
    assert.equal(updatesUnavailable(true), 'this build has no release feed');
    writeFileSync(join(dir, 'app-update.yml'), 'provider: github\n');
    const savedImage = process.env.APPIMAGE;
    delete process.env.APPIMAGE;
    if (process.platform === 'linux') {
      assert.match(updatesUnavailable(true) ?? '', /\.deb: install the newer package/);
      process.env.APPIMAGE = join(dir, 'Tickdesk.AppImage');
    }
    assert.equal(updatesUnavailable(true), null, 'a release build with a feed updates');
    if (savedImage === undefined) delete process.env.APPIMAGE;
    else process.env.APPIMAGE = savedImage;
  } finally {
    Object.defineProperty(process, 'resourcesPath', { value: saved, configurable: true });
    rmSync(dir, { recursive: true, force: true });
  }
});
