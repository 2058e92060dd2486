/**
 * The broker's clock need not agree with ours (in tests the sandbox clock is often moved to
 * market hours). Reconciliation must still find a lost order, and still never duplicate it.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { sbinLimit, startOrderFixture } from './order-fixture';

let f: Awaited<ReturnType<typeof startOrderFixture>>;
before(async () => {
  f = await startOrderFixture({ sandbox: { now: new Date(Date.now() - 5 * 3600_000) } });
});
after(async () => {
  await f.close();
});

test('broker clock 5 h behind: a dropped placement is still found, once', async () => {
  // Prices within the 5% distance guard of SBIN's last price (about 812), which the app now
  // knows from the price feed, as reconciliation.test.ts does since the market-data merge.
  const warm = await f.orders.place(sbinLimit({ limitPrice: 790 }));
  assert.equal(warm.status, 'done');
  f.orders.observeOrders(await f.broker.getOrders()); // what the refresher does; also learns the offset
  await f.control('faults', { route: 'POST /api/v2/orders', mode: 'drop-after-commit' });
  const lost = await f.orders.place(sbinLimit({ limitPrice: 791 }));
  assert.equal(lost.status, 'unconfirmed');
  const settled = await f.orders.settled(lost.intentId);
  assert.equal(settled.status, 'confirmed-done', settled.note);
  const book = await f.broker.getOrders();
  assert.equal(book.filter((o) => o.limitPrice === 791).length, 1);
});
