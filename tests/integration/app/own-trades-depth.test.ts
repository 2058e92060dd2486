/**
 * Issue 20 #1 (our own trades and the book) through the composed app (createAppCore, real
 * router, the sandbox over HTTP with a market that moves only when the test ticks it): what
 * the trader's order took from the book is gone from the depth the ticket shows, and it
 * comes back over the next steps rather than at once, so a second large order meets a
 * thinner book and walks further.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Order } from '../../../shared/broker/models';
import { inProcessDemo } from '../../support/in-process-demo';
import { startComposedApp, type ComposedApp } from './composed-app';

const SBIN = 'NSE:SBIN-EQ';

describe('our own trades take the depth (composed app, sandbox over HTTP)', () => {
  let app: ComposedApp;
  before(async () => {
    app = await startComposedApp({
      deps: { demoProcess: inProcessDemo({ sandbox: { tickMs: 0 } }) },
    });
    await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    await app.control('price', { symbol: SBIN, ltp: 940 });
  });
  after(() => app?.close());

  /** The app's fresh view of one order. */
  async function order(id: string): Promise<Order | undefined> {
    const book = await app.call('portfolio.orderBook', { refresh: true });
    return book.orders?.find((o) => o.id === id);
  }

  /** Total quantity on the ask side of the depth the app shows now. */
  async function askVolume(): Promise<number> {
    const d = await app.call('marketdata.depth', { symbol: SBIN });
    assert.ok(d, 'the depth is priced');
    return d.depth.asks.reduce((n, l) => n + l.volume, 0);
  }

  it('a buy larger than the five ask levels leaves them empty in the depth the app reads at that step', async () => {
    // Five levels hold at most 2,000 shares: 2,500 takes every one and waits for more.
    const placed = await app.call('orders.place', {
      draft: { symbol: SBIN, qty: 2500, type: 2, side: 1, productType: 'INTRADAY' },
      confirmGuards: true,
    });
    assert.equal(placed.status, 'done', `${placed.note} ${JSON.stringify(placed.violations)}`);
    const id = placed.orderId!;
    let first: Order | undefined;
    for (let n = 0; n < 40 && !(first && first.filledQty > 0); n++) {
      await app.control('tick', { n: 1 });
      first = await order(id);
    }
    assert.ok(first && first.filledQty > 0 && first.filledQty < 2500, JSON.stringify(first));
    assert.equal(await askVolume(), 0, 'what our buy took is gone from the book it shows');

    // One step later part of it has come back, not all: the order takes what is there.
    await app.control('tick', { n: 1 });
    const second = await order(id);
    const tookNext = second!.filledQty - first!.filledQty;
    assert.ok(tookNext > 0, 'the book refills over the steps');
    assert.ok(
      tookNext < first!.filledQty,
      `the next step held less than the first (${tookNext} after ${first!.filledQty})`,
    );
  });
});
