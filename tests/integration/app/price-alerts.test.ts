/**
 * Price alerts held by the app, through the composed app (createAppCore in Demo mode, the
 * sandbox over HTTP and its real price socket, the real router and event bus, and the desktop
 * shell's notification adapter under the fake electron), issue 21 #2: an alert created over
 * IPC fires once when the sandbox's price is moved across its level, raises the app's alert
 * and an OS notification, and is then shown triggered; a price packet stamped in the future
 * fires nothing; with the price socket down the alerts say they are paused, and a level
 * crossed meanwhile fires once when prices are fresh again.
 */
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { after, before, describe, it } from 'node:test';
import type { Alert } from '../../../shared/alerts/alert';
import type { PriceAlertsView } from '../../../shared/alerts/price-alert';
import { startComposedApp, type ComposedApp } from './composed-app';

register('../../unit/shell/electron-loader.mjs', import.meta.url);
const fake = await import('../../unit/shell/fake-electron');
const { showAlertNotifications } = await import('../../../electron/shell/alert-notifications');

const SBIN = 'NSE:SBIN-EQ';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, probe: () => T | undefined | false, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('price alerts held by the app (composed app, sandbox over HTTP)', () => {
  let app: ComposedApp;
  let stopNotifications: () => void;
  const priceAlerts = (symbolId?: string) =>
    app.events
      .filter((e) => e.name === 'alerts.raised')
      .map((e) => e.payload as Alert)
      .filter((a) => a.kind === 'price' && (!symbolId || a.id.startsWith(`price:${symbolId}:`)));
  const lastView = () =>
    app.events.filter((e) => e.name === 'alerts.priceChanged').at(-1)?.payload as
      PriceAlertsView | undefined;
  /** Moves the sandbox price and waits until the app's cache has a socket tick near it. */
  async function moveTo(ltp: number): Promise<void> {
    await app.control('price', { symbol: SBIN, ltp });
    await until(`a socket tick near ${ltp}`, () => {
      const q = app.core.quotes.get(SBIN);
      return q?.source === 'socket' && Math.abs(q.ltp - ltp) < 3;
    });
  }

  before(async () => {
    fake.FakeNotification.shown = [];
    app = await startComposedApp({
      deps: { marketDataTuning: { pingEveryMs: 300, minBackoffMs: 50, maxBackoffMs: 300 } },
    });
    stopNotifications = showAlertNotifications({
      onAlert: (fn) => app.core.alerts.onAlert(fn),
      open: (a) => app.core.alerts.open(a),
      window: () => null,
    });
    await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    await app.control('price', { symbol: SBIN, ltp: 900 });
    await until('the price socket open', () => app.core.marketData.status().socket === 'open');
  });
  after(async () => {
    stopNotifications?.();
    await app?.close();
  });

  it('an alert fires once when the price crosses its level, with an OS notification', async () => {
    const view = await app.call('alerts.priceList');
    assert.equal(view.heldBy, 'app');
    assert.match(view.note, /only while Tickdesk is open/);
    const created = await app.call('alerts.priceCreate', {
      symbol: SBIN,
      condition: 'price-above',
      value: 930,
      note: 'breakout',
    });
    assert.equal(created.status, 'active');
    // The alert holds its symbol itself: prices flow although no screen subscribed it.
    await moveTo(900);
    assert.equal(priceAlerts().length, 0, 'below the level: nothing');
    await moveTo(940);
    const fired = await until('the price alert', () => priceAlerts()[0]);
    assert.equal(fired.title, `Price alert: ${SBIN}`);
    assert.match(fired.body, /Price crosses above ₹930: the last price is ₹9\d\d/);
    assert.match(fired.body, /Note: breakout/);
    assert.equal(fired.notify, true);
    const shown = await until('the OS notification', () =>
      fake.FakeNotification.shown.find((n) => n.options.title === fired.title),
    );
    assert.equal(shown.options.body, fired.body);
    // A triggered alert lets go of its symbol: a watch screen keeps it priced from here on.
    await app.core.marketData.subscribe('test', 'watch', [SBIN]);
    // More ticks past the level, and a second crossing: a one-shot alert stays fired once.
    await moveTo(920);
    await moveTo(945);
    await sleep(500);
    assert.equal(priceAlerts().length, 1, JSON.stringify(priceAlerts()));
    const listed = (await app.call('alerts.priceList')).alerts.find((a) => a.id === created.id)!;
    assert.equal(listed.status, 'triggered');
    assert.equal(listed.fired, 1);
    assert.equal(lastView()?.alerts.find((a) => a.id === created.id)?.status, 'triggered');
    // Kept with the settings: the store has it as triggered.
    await until('the firing stored', () =>
      app.core.settings
        .get()
        .priceAlerts.find((a) => a.id === created.id && a.status === 'triggered'),
    );
    await app.call('alerts.priceRemove', { id: created.id });
  });

  it('a price packet stamped in the future does not fire', async () => {
    await app.core.marketData.subscribe('test', 'watch', [SBIN]);
    await moveTo(900);
    const before = priceAlerts().length;
    const a = await app.call('alerts.priceCreate', {
      symbol: SBIN,
      condition: 'price-above',
      value: 960,
    });
    const r = await app.control('socket', { action: 'future', symbol: SBIN, ltp: 990 });
    assert.equal(r.affected, 1);
    await until(
      'the future-stamped price reached the cache',
      () => app.core.quotes.get(SBIN)?.ltp === 990,
    );
    await moveTo(900);
    await sleep(500);
    assert.equal(priceAlerts().length, before, JSON.stringify(priceAlerts().slice(before)));
    await app.call('alerts.priceRemove', { id: a.id });
  });

  it('with the price socket down the alerts say they are paused; a level crossed meanwhile fires once when prices are fresh', async () => {
    await app.core.marketData.subscribe('test', 'watch', [SBIN]);
    await moveTo(900);
    const before = priceAlerts().length;
    const a = await app.call('alerts.priceCreate', {
      symbol: SBIN,
      condition: 'price-below',
      value: 880,
    });
    await app.control('socket', { action: 'drop', type: 'symbolUpdate', refuseMs: 3_000 });
    await until('the alerts paused', () => lastView()?.feed === 'paused-feed');
    assert.match(lastView()!.note, /Paused now: the price feed is disconnected/);
    assert.equal((await app.call('alerts.priceList')).feed, 'paused-feed');
    await app.control('price', { symbol: SBIN, ltp: 860 });
    await until('the alerts live again', () => lastView()?.feed === 'live', 30_000);
    const fired = await until('the alert after the feed came back', () => priceAlerts()[before]);
    assert.match(fired.body, /Price crosses below ₹880/);
    await moveTo(900);
    await moveTo(860);
    await sleep(500);
    assert.equal(priceAlerts().length, before + 1, 'fired once');
    await app.call('alerts.priceRemove', { id: a.id });
  });

  it('bad input is refused in words over IPC, and nothing is kept', async () => {
    const r = await app.dispatch('alerts.priceCreate', {
      symbol: SBIN,
      condition: 'price-above',
      value: -5,
    });
    assert.equal(r.ok, false);
    assert.ok(!r.ok && /above zero/.test(r.error.message), JSON.stringify(r));
    const gone = await app.dispatch('alerts.pricePause', { id: 'pa-nope', paused: true });
    assert.ok(!gone.ok && /no longer exists/.test(gone.error.message), JSON.stringify(gone));
    assert.equal((await app.call('alerts.priceList')).alerts.length, 0);
  });
});
