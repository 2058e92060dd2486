/**
 * Issue 19 #5, the 2026 rules, through the composed app: a market order goes out with market
 * price protection. The sandbox (its market moved only by the test) fills it only within the
 * protection band around the last price when the order arrived; beyond it the order rests
 * unfilled, says why, and fills once the price comes back within the band.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { OrderStatus, OrderType, Side } from '../../../shared/broker/enums';
import type { Order } from '../../../shared/broker/models';
import type { SandboxHandle } from '../../../sandbox/index';
import { sbinBuy, startComposedApp, startDemoSandbox, type ComposedApp } from './composed-app';

let sandbox: SandboxHandle;
let app: ComposedApp;
before(async () => {
  sandbox = await startDemoSandbox(undefined, undefined, { tickMs: 0 });
  app = await startComposedApp({ sandbox });
});
after(async () => {
  await app.close();
  await sandbox.close();
});

async function row(id: string): Promise<Order> {
  const found = (await app.core.broker.getOrders({ fresh: true })).find((o) => o.id === id);
  assert.ok(found, `order ${id} is in the book`);
  return found;
}

test('a market buy beyond its price protection rests unfilled and fills once back within the band', async () => {
  const { core } = app;
  await app.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 800 });
  const placed = await core.orders.place(sbinBuy(0, { type: OrderType.Market, qty: 2 }), {
    confirmGuards: true,
  });
  assert.equal(placed.status, 'done', `${placed.note} ${JSON.stringify(placed.error)}`);
  const id = placed.orderId!;

  // The price jumps 10% before the exchange matches it: far beyond any protection band.
  await app.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 880 });
  await app.control('tick', { n: 1 });
  const resting = await row(id);
  assert.equal(resting.status, OrderStatus.Pending, resting.message);
  assert.equal(resting.filledQty, 0, 'nothing filled beyond the band');
  assert.match(resting.message, /price protection/i);

  // Back within the band: it fills, at no worse than the band's edge.
  await app.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 801 });
  await app.control('tick', { n: 1 });
  const filled = await row(id);
  assert.equal(filled.status, OrderStatus.Traded, filled.message);
  assert.equal(filled.filledQty, 2);
  assert.ok(filled.tradedPrice > 0 && filled.tradedPrice <= 800 * 1.05, `${filled.tradedPrice}`);
});

test('a market sell inside the band fills at once, as before the rule', async () => {
  const { core } = app;
  await app.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 800 });
  const placed = await core.orders.place(
    sbinBuy(0, { type: OrderType.Market, side: Side.Sell, qty: 2 }),
    {
      confirmGuards: true,
    },
  );
  assert.equal(placed.status, 'done', `${placed.note} ${JSON.stringify(placed.error)}`);
  await app.control('tick', { n: 1 });
  const filled = await row(placed.orderId!);
  assert.equal(filled.status, OrderStatus.Traded, filled.message);
});
