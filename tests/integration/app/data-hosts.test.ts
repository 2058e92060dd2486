/**
 * The v2 data API on two hosts, through the app as it ships (issue 20, "Quotes and depth go to
 * the wrong host"): the broker's v2 SDK sends quotes and depth to its data host and history to
 * the broker's own origin, and the sandbox now serves each only there. The composed app on the
 * v2 Demo account must read a quote, the ticket's depth and a chart's candles, each from the
 * address announced for it: an app that sends all three to one data URL fails here.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { DEMO_APP_ID, freeLoopbackPort } from '../../../sandbox/demo-app';
import { startSandbox, type SandboxHandle } from '../../../sandbox/index';
import { inProcessDemo } from '../../support/in-process-demo';
import { eventually } from '../../support/fake-data-socket';
import { startComposedApp, type ComposedApp } from './composed-app';

const SBIN = 'NSE:SBIN-EQ';

describe('v2 quotes and depth on the data host, history on the broker origin (composed app)', () => {
  let sandbox: SandboxHandle;
  let app: ComposedApp;
  /** Every request either origin answered: "data GET /data/quotes/ 200 3ms" or "GET /… 200 …". */
  const lines: string[] = [];

  before(async () => {
    sandbox = await startSandbox({
      autoApprove: true,
      testControls: true,
      requestLog: (line) => void lines.push(line),
      apps: [
        {
          app_id: DEMO_APP_ID,
          secret: randomBytes(8).toString('hex').toUpperCase(),
          redirect_uri: `http://127.0.0.1:${await freeLoopbackPort()}/callback`,
          template: 'orders',
        },
      ],
    });
    app = await startComposedApp({
      dialect: 'fyers-v2',
      deps: { demoProcess: inProcessDemo(sandbox) },
    });
    await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
  });

  after(async () => {
    await app?.close();
    await sandbox?.close();
  });

  it('the Demo account keeps the two addresses apart, as the sandbox announced them', () => {
    const account = app.core.settings.activeAccount();
    assert.equal(account?.dataBaseUrl, sandbox.dataUrl);
    assert.equal(account?.historyBaseUrl, sandbox.historyUrl);
    assert.notEqual(new URL(sandbox.dataUrl).origin, new URL(sandbox.historyUrl).origin);
  });

  it('reads depth and quotes from the data host and candles from the history address', async () => {
    const depth = await app.call('marketdata.depth', { symbol: SBIN });
    assert.ok(depth && depth.depth.bids.length === 5, 'the ticket’s five levels');
    const h = await app.call('marketdata.history', { symbol: SBIN, resolution: 5 });
    assert.ok(h.candles.length > 5, `candles: ${h.candles.length}`);
    await app.call('marketdata.subscribe', { owner: 'watch', reason: 'watch', symbols: [SBIN] });
    await eventually(
      'a quotes read on the data host',
      () => lines.some((l) => l.startsWith('data GET /data/quotes')),
      30_000,
    );
    const [q] = await app.call('marketdata.snapshot', { symbols: [SBIN] });
    assert.ok((q?.ltp ?? 0) > 0, 'SBIN is priced');
    const data = lines.filter((l) => /^data GET \/data\/(quotes|depth)/.test(l));
    assert.ok(
      data.every((l) => / 200 /.test(l)),
      `every data-host read answered: ${data.join('; ')}`,
    );
    assert.ok(
      lines.some((l) => /^GET \/data-rest\/v2\/history\/? 200 /.test(l)),
      'history read on the broker origin',
    );
    const misplaced = lines.filter(
      (l) => /^GET \/data-rest\/v2\/(quotes|depth)/.test(l) || /^data GET \/data\/history/.test(l),
    );
    assert.deepEqual(misplaced, [], 'nothing sent to the other host');
  });
});
