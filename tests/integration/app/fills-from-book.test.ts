/**
 * Issue 20 #1, #2 through the app as the trader runs it (createAppCore, real router, the
 * embedded sandbox over HTTP): the sandbox fills as an exchange does, not "at the last
 * price". A large market order walks the depth and the app shows the walk's average price;
 * a limit order rests until the market trades through it and then fills at its own price;
 * an order the exchange acknowledges and then rejects reaches the book as Rejected with the
 * exchange's reason.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Order } from '../../../shared/broker/models';
import { OrderStatus } from '../../../shared/broker/enums';
import { startComposedApp, type ComposedApp } from './composed-app';

const SBIN = 'NSE:SBIN-EQ';

describe('fills from the book (composed app, sandbox over HTTP)', () => {
  let app: ComposedApp;
  before(async () => {
    app = await startComposedApp();
    await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
  });
  after(() => app?.close());

  /** Ticks the market until the app's order book shows the order as `want` says. */
  async function untilOrder(id: string, want: (o: Order) => boolean, what: string): Promise<Order> {
    let last: Order | undefined;
    for (let n = 0; n < 60; n++) {
      const book = await app.call('portfolio.orderBook', { refresh: true });
      last = book.orders?.find((o) => o.id === id);
      if (last && want(last)) return last;
      await app.control('tick', { n: 1 });
    }
    assert.fail(`${what}: the order stayed ${JSON.stringify(last)}`);
  }

  it('a large market buy walks the depth: several prices, one trade per level, and the order shows their average', async () => {
    await app.control('price', { symbol: SBIN, ltp: 940 });
    // Five levels of at most 400 shares each: 1,500 shares take more than the best ask.
    const placed = await app.call('orders.place', {
      draft: { symbol: SBIN, qty: 1500, type: 2, side: 1, productType: 'INTRADAY' },
      confirmGuards: true,
    });
    assert.equal(placed.status, 'done', `${placed.note} ${JSON.stringify(placed.violations)}`);
    const id = placed.orderId!;
    const done = await untilOrder(id, (o) => o.status === OrderStatus.Traded, 'market buy');
    const trades = (await app.call('portfolio.trades')).filter((t) => t.orderId === id);
    assert.equal(
      trades.reduce((n, t) => n + t.qty, 0),
      1500,
    );
    const prices = new Set(trades.map((t) => t.price));
    assert.ok(prices.size >= 2, `one price only: ${[...prices].join(', ')}`);
    const avg = trades.reduce((n, t) => n + t.qty * t.price, 0) / 1500;
    assert.ok(Math.abs(done.tradedPrice - avg) < 0.01, `order ${done.tradedPrice}, trades ${avg}`);
    // One trade per level taken, and a level holds at most 400 shares.
    for (const t of trades) assert.ok(t.qty <= 400, `a trade of ${t.qty}`);
  });

  it('a limit buy below the market rests, untouched, until the market trades through it; then it fills at its own price', async () => {
    await app.control('price', { symbol: SBIN, ltp: 940 });
    const placed = await app.call('orders.place', {
      draft: { symbol: SBIN, qty: 5, type: 1, side: 1, productType: 'INTRADAY', limitPrice: 930 },
      confirmGuards: true,
    });
    assert.equal(placed.status, 'done', `${placed.note} ${JSON.stringify(placed.violations)}`);
    const id = placed.orderId!;
    await untilOrder(id, (o) => o.status === OrderStatus.Pending, 'acknowledged');
    for (let n = 0; n < 5; n++) {
      await app.control('price', { symbol: SBIN, ltp: 940 });
      await app.control('tick', { n: 1 });
    }
    const resting = await untilOrder(id, () => true, 'read');
    assert.deepEqual([resting.status, resting.filledQty], [OrderStatus.Pending, 0]);
    await app.control('price', { symbol: SBIN, ltp: 925 });
    const filled = await untilOrder(id, (o) => o.status === OrderStatus.Traded, 'crossed');
    assert.equal(filled.tradedPrice, 930, 'a resting limit fills at its price, not the last price');
  });

  it('acknowledged, then rejected by the exchange a moment later: the book ends Rejected with the reason', async () => {
    await app.control('exchange', { rejectNext: 'Rejected by the exchange: test reason 16283' });
    const placed = await app.call('orders.place', {
      draft: { symbol: SBIN, qty: 1, type: 1, side: 1, productType: 'INTRADAY', limitPrice: 900 },
      confirmGuards: true,
    });
    assert.equal(placed.status, 'done', 'the broker accepted it');
    const id = placed.orderId!;
    const rejected = await untilOrder(id, (o) => o.status === OrderStatus.Rejected, 'late reject');
    assert.match(rejected.message, /test reason 16283/);
    assert.equal(rejected.filledQty, 0);
  });
});
