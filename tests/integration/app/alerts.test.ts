/**
 * Alerts through the composed app (createAppCore in Demo mode, the sandbox over HTTP, the
 * real router and event bus): a market order filled with the market open raises one fill
 * alert, a broker rejection one rejection alert, a triggered stop order one stop-loss
 * alert (a stop-limit one when its trigger is hit, filled or not), the broker's square-off at the close a square-off alert; the same fill read again (pushed and polled) raises nothing more, the orders of
 * the first book raise nothing, and a kind turned off in Settings is not raised.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Alert } from '../../../shared/alerts/alert';
import { DEFAULT_ALERT_SETTINGS } from '../../../shared/settings/alert-settings';
import { inProcessDemo } from '../../support/in-process-demo';
import { startDemoSandbox } from '../safety/composed-app';
import { startComposedApp, type ComposedApp } from './composed-app';

const SBIN = 'NSE:SBIN-EQ';

describe('alerts (composed app, sandbox over HTTP)', () => {
  let app: ComposedApp;
  const alerts = () =>
    app.events.filter((e) => e.name === 'alerts.raised').map((e) => e.payload as Alert);
  const invalid = () => app.events.filter((e) => e.name.startsWith('invalid:'));

  /** Ticks the sandbox market until an alert matches (pushed or polled, whichever first). */
  async function alertFor(match: (a: Alert) => boolean, what: string): Promise<Alert> {
    for (let i = 0; i < 80; i++) {
      const found = alerts().find(match);
      if (found) return found;
      await app.control('tick', { n: 1 });
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no ${what} alert; raised: ${JSON.stringify(alerts())}`);
  }

  before(async () => {
    app = await startComposedApp();
    await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    await app.control('price', { symbol: SBIN, ltp: 945 });
  });
  after(() => app?.close());

  it('a market order filled with the market open: one fill alert, even when read again', async () => {
    const placed = await app.call('orders.place', {
      draft: { symbol: SBIN, qty: 2, type: 2, side: 1, productType: 'INTRADAY' },
      confirmGuards: true,
    });
    assert.equal(placed.status, 'done', placed.note);
    const fill = await alertFor((a) => a.orderId === placed.orderId && a.kind === 'fill', 'fill');
    assert.equal(fill.title, `Bought 2 ${SBIN}`);
    assert.match(fill.body, /is filled at ₹9\d\d\.\d\d/);
    assert.equal(fill.symbol, SBIN);
    assert.equal(fill.notify, true, 'the default shows a notification');
    // The same fill read again, as the refresher and a trader's refresh would.
    await app.call('portfolio.orderBook', { refresh: true });
    await app.call('portfolio.orders');
    await app.control('tick', { n: 2 });
    await app.call('portfolio.orders');
    const forOrder = alerts().filter((a) => a.orderId === placed.orderId);
    assert.equal(forOrder.length, 1, JSON.stringify(forOrder));
    assert.deepEqual(invalid(), []);
  });

  it('a rejected order: a rejection alert with the broker’s reason', async () => {
    const r = await app.call('orders.place', {
      draft: { symbol: SBIN, qty: 90_000, type: 1, side: 1, productType: 'CNC', limitPrice: 900 },
      confirmGuards: true,
    });
    assert.equal(r.status, 'failed', r.note);
    // The rejected row reaches the app with the next read of the book.
    await app.call('portfolio.orderBook', { refresh: true });
    const rej = await alertFor((a) => a.kind === 'rejection', 'rejection');
    assert.equal(rej.title, `Order rejected: ${SBIN}`);
    assert.match(rej.body, /The broker says: .*Insufficient funds/);
  });

  it('a stop order whose trigger is hit: a stop-loss alert', async () => {
    const sl = await app.call('orders.place', {
      draft: { symbol: SBIN, qty: 1, type: 3, side: -1, productType: 'INTRADAY', stopPrice: 940 },
      confirmGuards: true,
    });
    assert.equal(sl.status, 'done', `${sl.note} ${JSON.stringify(sl.violations)}`);
    await app.control('tick', { n: 2 });
    await app.call('portfolio.orderBook', { refresh: true });
    assert.equal(
      alerts().filter((a) => a.orderId === sl.orderId).length,
      0,
      'nothing while the trigger waits',
    );
    await app.control('price', { symbol: SBIN, ltp: 935 });
    const hit = await alertFor((a) => a.orderId === sl.orderId, 'stop-loss');
    assert.equal(hit.kind, 'stop-loss');
    assert.match(hit.body, /trigger ₹940\.00/);
  });

  it('a stop-limit order alerts when its trigger is hit, though its limit keeps it unfilled', async () => {
    // Sell SL-L: trigger 940, limit 938. The market gaps to 930: the trigger is hit (the
    // order is live at the exchange now) but a sell limit of 938 does not trade at 930.
    // Back above the trigger, and known to the app (its price checks refuse a sell stop
    // above the last price it holds).
    await app.control('price', { symbol: SBIN, ltp: 945 });
    for (let i = 0; i < 40 && (app.core.quotes.get(SBIN)?.ltp ?? 0) < 942; i++) {
      await app.control('tick', { n: 1 });
      await new Promise((r) => setTimeout(r, 100));
    }
    const sl = await app.call('orders.place', {
      draft: {
        symbol: SBIN,
        qty: 1,
        type: 4,
        side: -1,
        productType: 'INTRADAY',
        stopPrice: 940,
        limitPrice: 938,
      },
      confirmGuards: true,
    });
    assert.equal(sl.status, 'done', `${sl.note} ${JSON.stringify(sl.violations)}`);
    await app.control('tick', { n: 2 });
    await app.call('portfolio.orderBook', { refresh: true });
    assert.equal(alerts().filter((a) => a.orderId === sl.orderId).length, 0, 'trigger not hit yet');
    await app.control('price', { symbol: SBIN, ltp: 930 });
    const hit = await alertFor((a) => a.orderId === sl.orderId, 'stop-loss trigger');
    assert.equal(hit.kind, 'stop-loss');
    assert.match(hit.body, /trigger ₹940\.00/);
    assert.match(hit.body, /limit order at ₹938\.00/);
    assert.match(hit.body, /not filled yet/);
    const row = (await app.call('portfolio.orders')).find((o) => o.id === sl.orderId);
    assert.equal(row?.filledQty, 0, 'the alert came before any fill');
    // Read again and ticked on: still one alert for the order.
    await app.control('tick', { n: 2 });
    await app.call('portfolio.orderBook', { refresh: true });
    assert.equal(alerts().filter((a) => a.orderId === sl.orderId).length, 1);
    await app.call('orders.cancel', { id: sl.orderId });
  });

  it('a kind turned off in Settings is not raised; another kind’s choices travel with it', async () => {
    await app.call('settings.updatePreferences', {
      patch: {
        alerts: {
          ...DEFAULT_ALERT_SETTINGS,
          fill: { enabled: false, notify: true, sound: false },
          rejection: { enabled: true, notify: false, sound: true },
        },
      },
    });
    const placed = await app.call('orders.place', {
      draft: { symbol: SBIN, qty: 1, type: 2, side: 1, productType: 'INTRADAY' },
      confirmGuards: true,
    });
    assert.equal(placed.status, 'done', placed.note);
    const rejected = await app.call('orders.place', {
      draft: { symbol: SBIN, qty: 90_000, type: 1, side: 1, productType: 'CNC', limitPrice: 900 },
      confirmGuards: true,
    });
    assert.equal(rejected.status, 'failed');
    const rej = await alertFor(
      (a) => a.kind === 'rejection' && a.orderId !== null && a.notify === false,
      'second rejection',
    );
    assert.equal(rej.sound, true);
    // By now the market order has filled too (one tick fills it); it raised nothing.
    for (let i = 0; i < 40; i++) {
      const book = await app.call('portfolio.orders');
      if (book.find((o) => o.id === placed.orderId)?.filledQty === 1) break;
      await app.control('tick', { n: 1 });
    }
    const book = await app.call('portfolio.orders');
    assert.equal(book.find((o) => o.id === placed.orderId)?.filledQty, 1, 'the order filled');
    assert.equal(alerts().filter((a) => a.orderId === placed.orderId).length, 0);
  });

  it('the broker’s intraday square-off at the close: the position and the cancelled order alert', async () => {
    const open = await app.call('orders.place', {
      draft: { symbol: SBIN, qty: 1, type: 1, side: 1, productType: 'INTRADAY', limitPrice: 900 },
      confirmGuards: true,
    });
    assert.equal(open.status, 'done', open.note);
    await app.control('tick', { n: 2 });
    await app.call('portfolio.orderBook', { refresh: true });
    await app.control('market', { exchange: 10, segment: 10, status: 'CLOSE' });
    const squared = await alertFor(
      (a) => a.kind === 'square-off' && a.title.startsWith('Squared off'),
      'square-off',
    );
    assert.match(
      squared.body,
      /The broker squared off your intraday position: sold \d+ NSE:SBIN-EQ/,
    );
    const cancelled = await alertFor(
      (a) => a.kind === 'square-off' && a.orderId === open.orderId,
      'square-off cancellation',
    );
    assert.equal(cancelled.title, `Cancelled by square-off: ${SBIN}`);
    await app.control('market', { exchange: 10, segment: 10, status: 'AUTO' });
  });
});

describe('alerts at login (composed app on a sandbox that outlives it)', () => {
  it('the day’s orders from before the app started raise nothing; a later fill of one does', async () => {
    const sandbox = await startDemoSandbox();
    const on = () => ({ deps: { demoProcess: inProcessDemo(sandbox) } });
    let second: ComposedApp | null = null;
    try {
      const first = await startComposedApp(on());
      await first.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
      await first.control('price', { symbol: SBIN, ltp: 945 });
      const filled = await first.call('orders.place', {
        draft: { symbol: SBIN, qty: 1, type: 2, side: 1, productType: 'INTRADAY' },
        confirmGuards: true,
      });
      const open = await first.call('orders.place', {
        draft: { symbol: SBIN, qty: 1, type: 1, side: 1, productType: 'INTRADAY', limitPrice: 930 },
        confirmGuards: true,
      });
      await first.call('orders.place', {
        draft: { symbol: SBIN, qty: 90_000, type: 1, side: 1, productType: 'CNC', limitPrice: 900 },
        confirmGuards: true,
      });
      await first.control('tick', { n: 3 });
      assert.equal(
        (await first.call('portfolio.orders')).find((o) => o.id === filled.orderId)?.filledQty,
        1,
      );
      await first.close();

      second = await startComposedApp(on());
      const app2 = second;
      for (let i = 0; i < 3; i++) {
        await app2.call('portfolio.orderBook', { refresh: true });
        await app2.control('tick', { n: 1 });
      }
      const raised = () => app2.events.filter((e) => e.name === 'alerts.raised');
      assert.deepEqual(raised(), [], 'no flood at login');
      // The order still open at login fills now: that is news, and it alerts.
      await app2.control('price', { symbol: SBIN, ltp: 925 });
      for (let i = 0; i < 60 && raised().length === 0; i++) {
        await app2.control('tick', { n: 1 });
        await app2.call('portfolio.orders');
      }
      assert.deepEqual(
        raised().map((e) => [(e.payload as Alert).kind, (e.payload as Alert).orderId]),
        [['fill', open.orderId]],
      );
    } finally {
      await second?.close();
      await sandbox.close();
    }
  });
});
