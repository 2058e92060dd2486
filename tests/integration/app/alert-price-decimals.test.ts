/**
 * An order alert names its prices at the decimals of the instrument's tick, as every price
 * cell does (shared/format/price.ts). A USDINR future ticks in 0.0025: its fill at 89.5375
 * read "filled at ₹89.54" in the alert (seen on CI beside an order book showing 89.5375), a
 * price the trader never dealt at. Through the composed app on the Demo sandbox over HTTP.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Alert } from '../../../shared/alerts/alert';
import { Exchange, OrderType, Segment, Side } from '../../../shared/broker/enums';
import { formatPrice } from '../../../shared/format/price';
import { DEMO_APP_ID, freeLoopbackPort } from '../../../sandbox/demo-app';
import { startSandbox, type SandboxHandle } from '../../../sandbox/index';
import { inProcessDemo } from '../../support/in-process-demo';
import { startComposedApp, type ComposedApp } from './composed-app';

describe('order alerts: prices at the tick’s decimals (composed app)', () => {
  let sandbox: SandboxHandle;
  let app: ComposedApp;

  before(async () => {
    sandbox = await startSandbox({
      autoApprove: true,
      testControls: true,
      tickMs: 0,
      latency: 'easy',
      apps: [
        {
          app_id: DEMO_APP_ID,
          secret: randomBytes(8).toString('hex').toUpperCase(),
          redirect_uri: `http://127.0.0.1:${await freeLoopbackPort()}/callback`,
          template: 'orders',
        },
      ],
    });
    app = await startComposedApp({ deps: { demoProcess: inProcessDemo(sandbox) } });
    await app.control('market', {
      exchange: Exchange.NSE,
      segment: Segment.Currency,
      status: 'OPEN',
    });
  });

  after(async () => {
    await app?.close();
    await sandbox?.close();
  });

  it('a USDINR fill alert reads its price to four decimals, as the order book does', async () => {
    const fut = sandbox.instruments
      .filter((i) => i.underlying === 'USDINR' && i.segment === Segment.Currency)
      .filter((i) => i.ticker.endsWith('FUT') && i.expiry !== null)
      .sort((a, b) => (a.expiry ?? 0) - (b.expiry ?? 0))[0];
    assert.ok(fut, 'a USDINR future in the master');
    assert.equal(fut.tickSize, 0.0025);
    // A price only four decimals say: at two it reads 89.54.
    await app.control('price', { symbol: fut.ticker, ltp: 89.5375 });
    const placed = await app.call('orders.place', {
      draft: {
        symbol: fut.ticker,
        qty: 1,
        type: OrderType.Market,
        side: Side.Buy,
        productType: 'INTRADAY',
      },
      confirmGuards: true,
    });
    assert.equal(placed.status, 'done', placed.note);
    const fillAlert = (): Alert | undefined =>
      app.events
        .filter((e) => e.name === 'alerts.raised')
        .map((e) => e.payload as Alert)
        .find((a) => a.orderId === placed.orderId && a.kind === 'fill');
    const deadline = Date.now() + 60_000;
    while (!fillAlert()) {
      assert.ok(Date.now() < deadline, 'no fill alert within 60 s');
      await app.control('tick', { n: 1 });
      await app.call('portfolio.orderBook', { refresh: true });
      await new Promise((r) => setTimeout(r, 200));
    }
    const order = (await app.call('portfolio.orderBook', { refresh: true })).orders?.find(
      (o) => o.id === placed.orderId,
    );
    assert.ok(order && order.tradedPrice > 0, 'the filled order in the book');
    const shown = formatPrice(order.tradedPrice, fut.tickSize, { symbol: true });
    assert.match(shown, /\.\d{4}$/);
    assert.match(fillAlert()!.body, new RegExp(`is filled at ${shown.replace(/[.$]/g, '\\$&')} `));
  });
});
