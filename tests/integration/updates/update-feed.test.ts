/**
 * The updater against a local HTTP feed (issue 23 #2): electron-updater's own AppUpdater (its
 * AppImage flavour, which runs outside Electron when given an app adapter and a Node HTTP
 * executor) reads a generic-provider feed served on 127.0.0.1, downloads in the background
 * and checks the sha512 the feed names. A newer release becomes "ready" with its notes; a
 * tampered one (file and feed disagree) is refused and nothing is installed; a ready update
 * never installs in market hours or with an order unsettled. What only the packaged app can
 * show (the installer running, Windows/macOS signature checks) is for tests/electron on CI.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import {
  createServer,
  request,
  type IncomingMessage,
  type RequestOptions,
  type Server,
} from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  configureRequestOptions,
  configureRequestUrl,
  HttpExecutor,
  type DownloadOptions,
} from 'builder-util-runtime';
import { AppImageUpdater } from 'electron-updater/out/AppImageUpdater';
import type { AppAdapter } from 'electron-updater/out/AppAdapter';
import type { IntentStatus } from '../../../shared/broker/models';
import { istToEpoch } from '../../../shared/format/ist';
import {
  createUpdateController,
  type UpdateEngine,
} from '../../../electron/core/updates/update-controller';
import { HoldReason } from '../../../electron/core/updates/update-policy';
import { createUpdatesHub } from '../../../electron/core/updates/updates-hub';
import type { UpdateState } from '../../../shared/ipc/channels/updates';

/**
 * electron-updater's HTTP over plain Node: in Electron it is ElectronHttpExecutor (Electron's
 * net module); this does the same download through builder-util-runtime's own doDownload,
 * which is where the feed's sha512 is checked (DigestTransform), so verification is theirs.
 */
class NodeExecutor extends HttpExecutor<ReturnType<typeof request>> {
  createRequest(options: RequestOptions, callback: (res: IncomingMessage) => void) {
    return request(options, callback);
  }
  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise((resolve, reject, onCancel) => {
      const requestOptions = { headers: options.headers ?? undefined, redirect: 'manual' };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error: Error | null) => (error ? reject(error) : resolve(destination)),
          responseHandler: null,
        },
        0,
      );
    });
  }
}

const RELEASE = Buffer.from('a newer Tickdesk AppImage (test bytes)');
const sha512 = (b: Buffer) => createHash('sha512').update(b).digest('base64');
const NOTES = '<h2>What changed</h2><ul><li>Faster order book</li><li>Fix: basket totals</li></ul>';

function feed(version: string, hash: string): string {
  return [
    `version: ${version}`,
    'files:',
    `  - url: Tickdesk-${version}.AppImage`,
    `    sha512: ${hash}`,
    `    size: ${RELEASE.length}`,
    `path: Tickdesk-${version}.AppImage`,
    `sha512: ${hash}`,
    `releaseDate: '2026-11-27T00:00:00.000Z'`,
    `releaseNotes: '${NOTES}'`,
    '',
  ].join('\n');
}

/** Saturday 11:00 IST: markets closed. Friday 11:00 IST: open. */
const WEEKEND = istToEpoch({ year: 2026, month: 11, day: 28, hour: 11, minute: 0, second: 0 });
const MARKET = istToEpoch({ year: 2026, month: 11, day: 27, hour: 11, minute: 0, second: 0 });

describe('electron-updater against a local feed, run by the update controller', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tickdesk-updates-'));
  let server: Server;
  let base = '';
  const served: string[] = [];

  before(async () => {
    server = createServer((req, res) => {
      const url = req.url ?? '';
      served.push(url);
      // /good: the feed names the file's real sha512. /tampered: the file was replaced.
      const [, kind, file] = url.split('?')[0]!.split('/');
      if (file?.startsWith('latest') && file.endsWith('.yml')) {
        const hash = kind === 'tampered' ? sha512(Buffer.from('what was signed')) : sha512(RELEASE);
        res.end(feed('0.2.0', hash));
      } else if (file?.endsWith('.AppImage')) {
        res.setHeader('content-length', RELEASE.length);
        res.end(RELEASE);
      } else {
        res.statusCode = 404;
        res.end();
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    // AppImageUpdater wants the running AppImage's path (for differential downloads, off here).
    process.env.APPIMAGE = join(dir, 'Tickdesk-0.1.0.AppImage');
    writeFileSync(process.env.APPIMAGE, 'the running version');
  });

  after(async () => {
    await new Promise<void>((r) => server.close(() => r()));
    rmSync(dir, { recursive: true, force: true });
  });

  function engine(kind: 'good' | 'tampered', name: string) {
    const home = join(dir, name);
    mkdirSync(home, { recursive: true });
    // What electron-builder writes into the packaged app's resources (publish config).
    writeFileSync(
      join(home, 'app-update.yml'),
      `provider: generic\nurl: ${base}/${kind}\nupdaterCacheDirName: tickdesk-updater\n`,
    );
    const adapter: AppAdapter = {
      version: '0.1.0',
      name: 'Tickdesk',
      isPackaged: true,
      appUpdateConfigPath: join(home, 'app-update.yml'),
      userDataPath: home,
      baseCachePath: home,
      whenReady: () => Promise.resolve(),
      relaunch: () => {},
      quit: () => {},
      onQuit: () => {},
    };
    const updater = new AppImageUpdater(null, adapter);
    // The executor first: setFeedURL builds the provider around it.
    (updater as unknown as { httpExecutor: HttpExecutor<never> }).httpExecutor =
      new NodeExecutor() as unknown as HttpExecutor<never>;
    updater.setFeedURL({ provider: 'generic', url: `${base}/${kind}` });
    updater.disableDifferentialDownload = true;
    updater.logger = null;
    const installs: { silent?: boolean; runAfter?: boolean }[] = [];
    // The real install replaces the AppImage and quits: recorded instead.
    updater.quitAndInstall = (silent?: boolean, runAfter?: boolean) => {
      installs.push({ silent, runAfter });
    };
    return { updater: updater as unknown as UpdateEngine, installs };
  }

  it('finds the newer release, downloads and verifies it, and shows what changed', async () => {
    const { updater, installs } = engine('good', 'good');
    let now = WEEKEND;
    const readies: unknown[] = [];
    const c = createUpdateController({
      engine: updater,
      clock: { now: () => now },
      checksEnabled: () => true,
      intents: () => [],
      onReady: (s) => readies.push(s),
    });
    const state = await c.check();
    assert.equal(state.status, 'ready', JSON.stringify(state));
    assert.equal(state.status === 'ready' && state.version, '0.2.0');
    assert.equal(
      state.status === 'ready' && state.notes,
      'What changed\nFaster order book\nFix: basket totals',
    );
    assert.equal(readies.length, 1);
    assert.ok(
      served.some((u) => u.startsWith('/good/Tickdesk-0.2.0.AppImage')),
      'downloaded',
    );
    assert.equal(updater.autoInstallOnAppQuit, false, 'the engine never installs on its own');
    assert.deepEqual(installs, [], 'nothing installed by the check');

    now = MARKET;
    const held = c.installNow();
    assert.equal(held.install === false && held.reason, HoldReason.MarketHours);
    assert.equal(c.decideAtQuit(), false, 'not at a quit in market hours either');
    assert.deepEqual(installs, []);

    now = WEEKEND;
    const decided = c.decideAtQuit();
    assert.equal(decided, true);
    c.applyAtQuit(decided);
    assert.deepEqual(
      installs,
      [{ silent: true, runAfter: false }],
      'installed at quit, no restart',
    );
  });

  it("tells the core's updates hub every step, for Settings and the support bundle", async () => {
    const { updater, installs } = engine('good', 'hub');
    let now = MARKET;
    const told: UpdateState[] = [];
    const hub = createUpdatesHub({ initialWhy: 'not started', emit: (s) => told.push(s) });
    assert.equal(hub.state().status, 'unavailable');
    assert.equal(hub.install().installing, false, 'nothing to install before an updater runs');
    const c = createUpdateController({
      engine: updater,
      clock: { now: () => now },
      checksEnabled: () => true,
      intents: () => [],
      onChange: (s) => hub.changed(s),
    });
    hub.attach(c);
    const state = await hub.check();
    assert.equal(state.status, 'ready', JSON.stringify(state));
    assert.deepEqual(
      told.map((s) => s.status),
      ['idle', 'downloading', 'ready'],
      'attached (idle), then each step of the check, once',
    );
    // In market hours the policy's answer reaches the trader in words; nothing installs.
    const held = hub.install();
    assert.equal(held.installing, false);
    assert.match(held.message, /Markets are open/);
    assert.deepEqual(installs, []);
    now = WEEKEND;
    assert.equal(hub.install().installing, true);
    assert.deepEqual(installs, [{ silent: false, runAfter: true }]);
    hub.unavailable('this build does not update itself: a test');
    assert.deepEqual(hub.state(), {
      status: 'unavailable',
      why: 'this build does not update itself: a test',
    });
  });

  it('refuses a tampered release whose sha512 does not match the feed, and installs nothing', async () => {
    const { updater, installs } = engine('tampered', 'tampered');
    const c = createUpdateController({
      engine: updater,
      clock: { now: () => WEEKEND },
      checksEnabled: () => true,
      intents: () => [],
    });
    const state = await c.check();
    assert.equal(state.status, 'failed', JSON.stringify(state));
    assert.match(state.status === 'failed' ? state.message : '', /sha512 checksum mismatch/);
    assert.equal(c.installNow().install, false);
    assert.equal(c.decideAtQuit(), false);
    assert.deepEqual(installs, []);
  });

  it('waits while an order is unconfirmed, and never checks when turned off', async () => {
    const { updater, installs } = engine('good', 'orders');
    let intents: { status: IntentStatus }[] = [{ status: 'unconfirmed' }];
    const c = createUpdateController({
      engine: updater,
      clock: { now: () => WEEKEND },
      checksEnabled: () => true,
      intents: () => intents,
    });
    assert.equal((await c.check()).status, 'ready');
    const held = c.installNow();
    assert.equal(held.install === false && held.reason, HoldReason.OrderUnconfirmed);
    assert.deepEqual(installs, []);
    intents = [{ status: 'confirmed-done' }];
    assert.equal(c.installNow().install, true);
    assert.deepEqual(
      installs,
      [{ silent: false, runAfter: true }],
      'the trader chose: restart after',
    );

    const off = engine('good', 'off');
    const before = served.length;
    const disabled = createUpdateController({
      engine: off.updater,
      clock: { now: () => WEEKEND },
      checksEnabled: () => false,
      intents: () => [],
    });
    const stop = disabled.start();
    stop();
    assert.deepEqual(await disabled.check(), { status: 'off' });
    assert.equal(served.length, before, 'no request reached the feed');
  });
});
