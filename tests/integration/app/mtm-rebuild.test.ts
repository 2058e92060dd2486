/**
 * The day's MTM when the app opens late, through the composed app (createAppCore in Demo
 * mode, real settings, the sandbox over HTTP): trades made at 10:00, 10:20 and 10:40 sandbox
 * time by one run of the app, then a second run opened at 11:00 reads `marketdata.mtm` as the
 * charts screen does. The series starts at the first fill's minute, rebuilt from the trade
 * book and the sandbox's 1-minute candles, meets the Positions screen's formula, and costs one
 * history read per traded symbol for the day. A third run with the history API failing still
 * shows its samples and says what could not be rebuilt.
 *
 * The app and the sandbox share one time source, moved forward by the test, so "10:20" is
 * the same instant on both sides of the wire (real time otherwise).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Exchange, OrderType, Segment, Side, type SideCode } from '../../../shared/broker/enums';
import { istParts, istToEpoch } from '../../../shared/format/ist';
import { positionPlAt } from '../../../shared/marketdata/live-pnl';
import { MtmSeries } from '../../../shared/marketdata/mtm';
import { systemClock } from '../../../electron/core/limiter/clock';
import { DEMO_APP_ID, freeLoopbackPort } from '../../../sandbox/demo-app';
import { startSandbox, type SandboxHandle } from '../../../sandbox/index';
import { eventually } from '../../support/fake-data-socket';
import { inProcessDemo } from '../../support/in-process-demo';
import { startComposedApp, type ComposedApp } from './composed-app';

const SBIN = 'NSE:SBIN-EQ';
const TCS = 'NSE:TCS-EQ';
const MINUTE = 60_000;
const HISTORY_ROUTE = 'GET /data-rest/v2/history/';

/** Today (IST) at hh:mm, epoch ms. */
function todayAt(hour: number, minute: number): number {
  return istToEpoch({ ...istParts(Date.now()), hour, minute, second: 0, millisecond: 0 });
}

describe('the day’s MTM from the first fill when the app opens late (composed app)', () => {
  let offset = todayAt(10, 0) - Date.now();
  const now = () => Date.now() + offset;
  const moveTo = (at: number) => (offset = at - Date.now());
  const requests: string[] = [];
  let sandbox: SandboxHandle;
  const apps: ComposedApp[] = [];
  const open = async () => {
    const app = await startComposedApp({
      deps: { demoProcess: inProcessDemo(sandbox), clock: { ...systemClock, now } },
    });
    apps.push(app);
    return app;
  };

  before(async () => {
    sandbox = await startSandbox({
      autoApprove: true,
      testControls: true,
      // The market moves only when the test ticks it, so each minute's candle is the test's.
      tickMs: 0,
      timeSource: now,
      requestLog: (line) => void requests.push(line),
      apps: [
        {
          app_id: DEMO_APP_ID,
          secret: randomBytes(8).toString('hex').toUpperCase(),
          redirect_uri: `http://127.0.0.1:${await freeLoopbackPort()}/callback`,
          template: 'orders',
        },
      ],
    });
  });
  after(async () => {
    for (const app of apps) await app.close().catch(() => undefined);
    await sandbox?.close();
  });

  it('opened at 11:00, the series starts at the 10:00 fill, rebuilt, then sampled', async () => {
    const morning = await open();
    // Weekends and nights too: the test's market is open.
    await morning.control('market', {
      exchange: Exchange.NSE,
      segment: Segment.CapitalMarket,
      status: 'OPEN',
    });
    const trade = async (at: number, symbol: string, side: SideCode, qty: number) => {
      moveTo(at);
      await morning.control('tick', { n: 2 });
      const intent = await morning.call('orders.place', {
        draft: { symbol, qty, type: OrderType.Market, side, productType: 'INTRADAY' },
        confirmGuards: true,
      });
      assert.equal(intent.status, 'done', intent.note);
      await morning.control('tick', { n: 2 });
    };
    await trade(todayAt(10, 0), SBIN, Side.Buy, 10);
    await trade(todayAt(10, 20), SBIN, Side.Sell, 4);
    await trade(todayAt(10, 40), TCS, Side.Buy, 1);
    const fills = await morning.call('portfolio.trades');
    assert.equal(fills.length, 3, 'three fills in the trade book');
    await morning.close();

    // The trader opens the app again at 11:00: its first positions read is now.
    moveTo(todayAt(11, 0));
    const late = await open();
    await late.control('tick', { n: 2 });
    await eventually('a positions read', () => late.core.mtm.sampled().length > 0, 20_000);
    const historyReads = () =>
      requests.filter((l) => l.startsWith('GET /data-rest/v2/history')).length;
    const before = historyReads();
    // The sandbox logs a request when its connection closes, which may be just after the answer.
    const readsSettle = () => new Promise((r) => setTimeout(r, 200));

    const series = await late.call('marketdata.mtm');
    assert.ok(MtmSeries.safeParse(series).success);
    const firstFill = Math.min(...fills.map((f) => Date.parse(f.tradedAt!)));
    assert.equal(firstFill - (firstFill % MINUTE), todayAt(10, 0));
    assert.equal(series.rebuiltFrom, todayAt(10, 0));
    assert.deepEqual(series.notes, []);
    const first = series.points[0]!;
    assert.equal(first.at, todayAt(10, 0), 'starts at the first fill, not at the 11:00 read');
    assert.equal(first.source, 'rebuilt');
    const sampled = series.points.filter((p) => p.source === 'sampled');
    const rebuilt = series.points.filter((p) => p.source === 'rebuilt');
    assert.ok(sampled.length >= 1 && sampled[0]!.at >= todayAt(11, 0), 'the samples from 11:00');
    assert.ok(rebuilt.at(-1)!.at < sampled[0]!.at, 'rebuilt before, sampled after');
    assert.equal(series.points.indexOf(sampled[0]!), rebuilt.length);
    await readsSettle();
    assert.equal(historyReads() - before, 2, 'one history read per traded symbol');

    // Checked against what the app shows elsewhere: the 10:00 point is the fill marked at the
    // 10:00 candle's close; the last rebuilt one is the Positions screen's formula at the
    // candles' closes (no fill after 10:40).
    const closes = async (symbol: string) =>
      (await late.call('marketdata.history', { symbol, resolution: 1 })).candles.filter(
        (c) => c.time * 1000 >= todayAt(10, 0) && c.time * 1000 < todayAt(11, 0),
      );
    const sbin = await closes(SBIN);
    const tcs = await closes(TCS);
    const sbinFill = fills.find((f) => f.symbol === SBIN && f.side === Side.Buy)!;
    const at10 = sbin.filter((c) => c.time * 1000 <= todayAt(10, 0)).at(-1)!;
    assert.ok(Math.abs(first.pl - 10 * (at10.close - sbinFill.price)) < 0.011, `10:00 ${first.pl}`);
    const last = rebuilt.at(-1)!;
    const closeAt = (list: typeof sbin) =>
      list.filter((c) => c.time * 1000 <= last.at).at(-1)!.close;
    const positions = (await late.call('portfolio.positions')).positions;
    const expected = positions.reduce(
      (sum, p) => sum + positionPlAt(p, closeAt(p.symbol === SBIN ? sbin : tcs)).pl,
      0,
    );
    assert.ok(Math.abs(last.pl - expected) < 0.02, `last rebuilt ${last.pl} vs ${expected}`);

    // The screen asks again every half minute: the day's reads are kept.
    const again = await late.call('marketdata.mtm');
    assert.deepEqual(
      again.points.filter((p) => p.source === 'rebuilt'),
      rebuilt,
    );
    await readsSettle();
    assert.equal(historyReads() - before, 4, 'only the two reads of this test’s own checks');
    await late.close();
  });

  it('with the history API failing, the samples are still shown and the failure is said', async () => {
    moveTo(todayAt(11, 5));
    const app = await open();
    await app.control('faults', { route: HISTORY_ROUTE, mode: 'http500', times: 20 });
    await app.control('tick', { n: 2 });
    await eventually('a positions read', () => app.core.mtm.sampled().length > 0, 20_000);
    const series = await app.call('marketdata.mtm');
    assert.ok(MtmSeries.safeParse(series).success);
    assert.ok(series.points.length >= 1);
    // SBIN was open from 10:00 on: without its candles no earlier minute can be priced.
    assert.ok(series.points.every((p) => p.source === 'sampled'));
    assert.equal(series.rebuiltFrom, todayAt(10, 0), 'the rebuild was tried');
    assert.deepEqual(series.notes.map((n) => [n.kind, n.symbol]).sort(), [
      ['history-failed', SBIN],
      ['history-failed', TCS],
    ]);
    assert.match(series.notes[0]!.text, /could not be read/);
    await app.control('faults', { route: HISTORY_ROUTE, mode: 'delay', delayMs: 0 });
  });
});
