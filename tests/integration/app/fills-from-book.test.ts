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

  /** The app's open SBIN intraday quantity. */
  async function openQty(): Promise<number> {
    const pos = await app.call('portfolio.positions');
    return pos.positions?.find((p) => p.id === `${SBIN}-INTRADAY`)?.netQty ?? 0;
  }

  /**
   * Buys `qty` SBIN intraday at market and waits until all of it has filled; answers the
   * open quantity then (earlier tests' buys stay open too).
   */
  async function openLong(qty: number): Promise<number> {
    await app.control('price', { symbol: SBIN, ltp: 940 });
    const placed = await app.call('orders.place', {
      draft: { symbol: SBIN, qty, type: 2, side: 1, productType: 'INTRADAY' },
      confirmGuards: true,
    });
    assert.equal(placed.status, 'done', `${placed.note} ${JSON.stringify(placed.violations)}`);
    await untilOrder(placed.orderId!, (o) => o.status === OrderStatus.Traded, 'opening buy');
    return openQty();
  }

  /** Ticks until the app shows no open SBIN intraday quantity. */
  async function untilFlat(what: string): Promise<void> {
    for (let n = 0; n < 60; n++) {
      if ((await openQty()) === 0) return;
      await app.control('tick', { n: 1 });
    }
    assert.fail(`${what}: the position stayed open`);
  }

  /** The SBIN sell trades the app shows that are not in `before`. */
  async function newSells(before: Set<string>) {
    const trades = await app.call('portfolio.trades');
    return trades.filter((t) => t.symbol === SBIN && t.side === -1 && !before.has(t.id));
  }

  it('exiting a large position sells into the bids level by level, not all at the last price', async () => {
    const held = await openLong(1500);
    assert.ok(held >= 1500, `open ${held}`);
    const before = new Set((await app.call('portfolio.trades')).map((t) => t.id));
    await app.control('price', { symbol: SBIN, ltp: 940 });
    const exit = await app.call('orders.exitPosition', { positionId: `${SBIN}-INTRADAY` });
    assert.equal(exit.status, 'done', exit.note);
    await untilFlat('exit');
    const sells = await newSells(before);
    assert.equal(
      sells.reduce((n, t) => n + t.qty, 0),
      held,
      'the exit sold the whole position',
    );
    const prices = new Set(sells.map((t) => t.price));
    assert.ok(prices.size >= 2, `one price only: ${[...prices].join(', ')}`);
    // One trade per bid level taken, and a level holds at most 400 shares.
    for (const t of sells) assert.ok(t.qty <= 400, `an exit trade of ${t.qty} at ${t.price}`);
  });

  it('the broker’s square-off at the close sells into the bids too: several prices, within the five best bids', async () => {
    const held = await openLong(1500);
    assert.ok(held >= 1500, `open ${held}`);
    const before = new Set((await app.call('portfolio.trades')).map((t) => t.id));
    await app.control('price', { symbol: SBIN, ltp: 940 });
    await app.control('market', { exchange: 10, segment: 10, status: 'CLOSE' });
    try {
      await untilFlat('square-off');
      const sells = await newSells(before);
      assert.equal(
        sells.reduce((n, t) => n + t.qty, 0),
        held,
        'the square-off sold the whole position',
      );
      const prices = new Set(sells.map((t) => t.price));
      assert.ok(prices.size >= 2, `one price only: ${[...prices].join(', ')}`);
      // The walk goes down the five best bids, one tick (₹0.05) apart: no wider than four ticks.
      const spread = Math.max(...prices) - Math.min(...prices);
      assert.ok(spread <= 0.2 + 1e-9, `square-off prices ${[...prices].join(', ')}`);
    } finally {
      await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    }
  });

  it('with the real 20% band (the default), a limit 25% below the market is acknowledged, then rejected by the exchange', async () => {
    await app.control('price', { symbol: SBIN, ltp: 940 });
    const placed = await app.call('orders.place', {
      draft: { symbol: SBIN, qty: 1, type: 1, side: 1, productType: 'INTRADAY', limitPrice: 700 },
      confirmGuards: true,
    });
    assert.equal(placed.status, 'done', 'the broker accepted it: the range is the exchange’s');
    const id = placed.orderId!;
    const rejected = await untilOrder(id, (o) => o.status === OrderStatus.Rejected, 'band');
    assert.match(rejected.message, /outside the exchange's price range/);
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
