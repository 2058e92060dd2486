/**
 * Issue 20 (our own trades move the market) through the composed app (createAppCore, real
 * settings, the symbol runtime, the sandbox over HTTP and its data sockets, a market that
 * moves only when the test ticks it), in both broker dialects: a fill is a trade on the
 * exchange, so it prints. The depth read, the socket's tick and the position all show the
 * fill's last price at once; the day's volume grows by exactly what we traded; the levels
 * the order walked are gone from the book the next read shows; an option's print moves that
 * contract only, not its index; and the `easy` switch leaves the price alone.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrokerDialectId } from '../../../shared/broker/dialect';
import type { Order, Trade } from '../../../shared/broker/models';
import { OrderStatus, Side } from '../../../shared/broker/enums';
import type { Quote } from '../../../shared/marketdata/quote';
import { eventually } from '../../support/fake-data-socket';
import { inProcessDemo } from '../../support/in-process-demo';
import { startComposedApp, type ComposedApp } from './composed-app';

const SBIN = 'NSE:SBIN-EQ';
const POSITION = `${SBIN}-INTRADAY`;
const NIFTY = 'NSE:NIFTY50-INDEX';

for (const dialect of ['fyers-v2', 'fyers-v3'] as const satisfies readonly BrokerDialectId[]) {
  describe(`our own fills print on the market (${dialect}, composed app, sandbox over HTTP)`, () => {
    let app: ComposedApp;
    before(async () => {
      app = await startComposedApp({
        dialect,
        deps: { demoProcess: inProcessDemo({ sandbox: { tickMs: 0 } }) },
      });
      await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
      await app.control('price', { symbol: SBIN, ltp: 940 });
      const cache = app.core.quotes;
      const putMany = cache.putMany.bind(cache);
      cache.putMany = (list) => {
        delivered.push(...list.filter((q) => q.symbol === SBIN && q.source === 'socket'));
        putMany(list);
      };
      await app.call('marketdata.subscribe', { owner: 'prints', reason: 'watch', symbols: [SBIN] });
      // The market moves only when ticked: tick until a socket tick has priced SBIN.
      for (let n = 0; n < 100 && app.core.quotes.get(SBIN)?.source !== 'socket'; n++) {
        await app.control('tick', { n: 1 });
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.equal(app.core.quotes.get(SBIN)?.source, 'socket', 'the data socket prices SBIN');
    });
    after(() => app?.close());

    /**
     * Every SBIN price the data socket delivered to the app's quote cache, oldest first, as it
     * came (the renderer's events merge it with the order and position feeds' prices).
     */
    const delivered: Quote[] = [];

    /** Ticks the market until the app's order book shows the order as `want` says. */
    async function untilOrder(id: string, want: (o: Order) => boolean): Promise<Order> {
      let last: Order | undefined;
      for (let n = 0; n < 60; n++) {
        const book = await app.call('portfolio.orderBook', { refresh: true });
        last = book.orders?.find((o) => o.id === id);
        if (last && want(last)) return last;
        await app.control('tick', { n: 1 });
      }
      assert.fail(`the order stayed ${JSON.stringify(last)}`);
    }

    /** The order's trades in the order they were booked (one per level walked). */
    async function tradesOf(id: string): Promise<Trade[]> {
      const all = (await app.call('portfolio.trades')).filter((t) => t.orderId === id);
      return all.sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
    }

    /** The app's SBIN intraday position, read fresh. */
    async function position() {
      const p = await app.call('portfolio.positions');
      return p.positions.find((x) => x.id === POSITION);
    }

    it('a market buy that walks the asks prints at its last level: depth read, socket tick and position agree; the walked levels stay taken', async () => {
      const ticksBefore = delivered.length;
      // Five levels hold 10 to 400 shares each: 1,200 shares walk at least three of them.
      const placed = await app.call('orders.place', {
        draft: { symbol: SBIN, qty: 1200, type: 2, side: Side.Buy, productType: 'INTRADAY' },
        confirmGuards: true,
      });
      assert.equal(placed.status, 'done', `${placed.note} ${JSON.stringify(placed.violations)}`);
      const id = placed.orderId!;
      const first = await untilOrder(id, (o) => o.filledQty > 0);
      const trades = await tradesOf(id);
      assert.equal(
        trades.reduce((n, t) => n + t.qty, 0),
        first.filledQty,
      );
      const levels = [...new Set(trades.map((t) => t.price))];
      assert.ok(levels.length >= 3, `walked ${levels.join(', ')}`);
      const lastPrice = Math.max(...levels);

      // The next read, at the same market step: the last price is our last trade's.
      const read = await app.call('marketdata.depth', { symbol: SBIN });
      assert.ok(read, 'the depth is priced');
      assert.equal(read.quote.ltp, lastPrice, 'the quote shows our last fill as the last price');
      // Every level the order emptied is still empty (only the last one may hold a rest).
      for (const p of levels.filter((x) => x !== lastPrice)) {
        const lv = read.depth.asks.find((l) => l.price === p);
        assert.ok(!lv || lv.volume === 0, `ask ${p} holds ${lv?.volume} after we took it`);
      }
      // The socket's tick of that step names the same price…
      // (On a loaded machine the data socket may be reconnecting: its snapshot on resubscribe
      // carries the same step. The failure names what did arrive and the socket's state.)
      await eventually(
        'a data-socket tick at our last fill price, with the volume the read shows',
        () =>
          delivered
            .slice(ticksBefore)
            .some((q) => q.ltp === lastPrice && q.volume === read.quote.volume),
        30_000,
      ).catch((e: Error) => {
        const seen = delivered.slice(ticksBefore).map((q) => `${q.ltp}/${q.volume}`);
        throw new Error(
          `${e.message}: want ${lastPrice}/${read.quote.volume}, socket delivered [${seen.join(', ')}], ` +
            `status ${JSON.stringify(app.core.marketData.status())}`,
        );
      });
      // …and so does the position the order opened.
      const pos = await position();
      assert.ok(pos && pos.netQty >= first.filledQty, JSON.stringify(pos));
      assert.equal(pos.ltp, lastPrice, 'the position is priced at our last fill');
    });

    it('an exit prints at once: volume grows by exactly the exit, and depth read, socket tick and position show its last price', async () => {
      // Let the buy finish, then one more step so the market's own trade of the step is booked.
      const open = await app.call('portfolio.orderBook', { refresh: true });
      for (const o of open.orders ?? [])
        if (o.symbol === SBIN && o.status === OrderStatus.Pending)
          await untilOrder(o.id, (x) => x.status !== OrderStatus.Pending);
      await app.control('tick', { n: 1 });
      const held = (await position())?.netQty ?? 0;
      assert.ok(held > 0, 'a long position to exit');
      const beforeRead = await app.call('marketdata.depth', { symbol: SBIN });
      assert.ok(beforeRead && beforeRead.quote.volume !== null);
      const ticksBefore = delivered.length;

      // The exit trades inside the request: no market step passes before the reads below.
      const exit = await app.call('orders.exitPosition', { positionId: POSITION });
      assert.equal(exit.status, 'done', `${exit.note}`);
      const sells = (await app.call('portfolio.trades')).filter(
        (t) => t.symbol === SBIN && t.side === Side.Sell,
      );
      const sold = sells.reduce((n, t) => n + t.qty, 0);
      assert.ok(sold > 0, 'the exit traded at once');
      const lastSell = Math.min(...sells.map((t) => t.price));

      const after = await app.call('marketdata.depth', { symbol: SBIN });
      assert.ok(after && after.quote.volume !== null);
      assert.equal(after.quote.ltp, lastSell, 'the last price is our last sell');
      assert.equal(
        after.quote.volume - beforeRead.quote.volume,
        sold,
        'the day’s volume grew by exactly what we sold',
      );
      await eventually(
        'a data-socket tick with our sell as the last price and its volume',
        () =>
          delivered
            .slice(ticksBefore)
            .some((q) => q.ltp === lastSell && q.volume === after.quote.volume),
        15_000,
      );
      const pos = await position();
      assert.ok(pos, 'the position row stays');
      assert.equal(pos.ltp, lastSell, 'the position is priced at our last sell');
    });

    it('an option print moves that option only: the chain’s contract shows it, the index does not move', async () => {
      await app.control('market', { exchange: 10, segment: 11, status: 'OPEN' });
      const expiry = (await app.call('symbols.expiries', { underlying: 'NIFTY' }))[0]!.expiry;
      const chain = await app.call('symbols.optionChain', { underlying: 'NIFTY', expiry });
      assert.ok(chain && chain.rows.length > 0, 'a NIFTY chain');
      const call = chain.rows[Math.floor(chain.rows.length / 2)]!.ce!;
      const info = await app.call('symbols.get', { ticker: call });
      assert.ok(info, call);
      const placed = await app.call('orders.place', {
        draft: {
          symbol: call,
          qty: info.lotSize,
          type: 2,
          side: Side.Buy,
          productType: 'INTRADAY',
        },
        confirmGuards: true,
      });
      assert.equal(placed.status, 'done', `${placed.note} ${JSON.stringify(placed.violations)}`);
      await untilOrder(placed.orderId!, (o) => o.status === OrderStatus.Traded);
      await app.control('tick', { n: 1 });
      const spot = await app.call('marketdata.depth', { symbol: NIFTY });
      assert.ok(spot, 'the index is priced');

      // The exit trades inside the request: the reads below are at the same market step.
      const exit = await app.call('orders.exitPosition', { positionId: `${call}-INTRADAY` });
      assert.equal(exit.status, 'done', `${exit.note}`);
      const sells = (await app.call('portfolio.trades')).filter(
        (t) => t.symbol === call && t.side === Side.Sell,
      );
      assert.ok(sells.length > 0, 'the exit traded at once');
      const lastSell = Math.min(...sells.map((t) => t.price));
      const contract = await app.call('marketdata.depth', { symbol: call });
      assert.equal(contract?.quote.ltp, lastSell, 'the contract’s last price is our sell');
      const spotAfter = await app.call('marketdata.depth', { symbol: NIFTY });
      assert.equal(
        spotAfter?.quote.ltp,
        spot.quote.ltp,
        'one option trade does not move the index',
      );
    });

    it('with own trades switched to easy, an exit takes depth but leaves the last price and volume alone', async () => {
      const placed = await app.call('orders.place', {
        draft: { symbol: SBIN, qty: 10, type: 2, side: Side.Buy, productType: 'INTRADAY' },
        confirmGuards: true,
      });
      assert.equal(placed.status, 'done', `${placed.note} ${JSON.stringify(placed.violations)}`);
      await untilOrder(placed.orderId!, (o) => o.status === OrderStatus.Traded);
      await app.control('tick', { n: 1 });
      const before = await app.call('marketdata.depth', { symbol: SBIN });
      assert.ok(before);
      const switched = await app.control('exchange', { ownTrades: 'easy' });
      assert.equal(switched.ownTrades, 'easy');
      try {
        const exit = await app.call('orders.exitPosition', { positionId: POSITION });
        assert.equal(exit.status, 'done', `${exit.note}`);
        assert.equal((await position())?.netQty, 0, 'the exit traded at once');
        const after = await app.call('marketdata.depth', { symbol: SBIN });
        assert.ok(after);
        assert.deepEqual(
          [after.quote.ltp, after.quote.volume],
          [before.quote.ltp, before.quote.volume],
        );
      } finally {
        await app.control('exchange', { ownTrades: 'realistic' });
      }
    });
  });
}
