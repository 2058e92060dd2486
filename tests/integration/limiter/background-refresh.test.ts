/**
 * The background refresher against the sandbox: fast while an order is pending, slow once
 * nothing is, and every refresh counted in the one budget at background priority.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSession } from '../broker/sandbox-session';
import { createBackgroundRefresher } from '../../../electron/core/limiter/background-refresher';

let s: Awaited<ReturnType<typeof startSession>>;
before(async () => {
  s = await startSession();
  await s.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
  await s.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 812.5 });
});
after(async () => {
  await s.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('fast while an order is pending, slow after it is cancelled', async (t) => {
  const ack = await s.broker.placeOrder({
    symbol: 'NSE:SBIN-EQ',
    qty: 1,
    type: 1,
    side: 1,
    productType: 'INTRADAY',
    limitPrice: 700,
    stopPrice: 0,
    disclosedQty: 0,
    validity: 'DAY',
    offlineOrder: false,
    stopLoss: 0,
    takeProfit: 0,
  });
  await s.control('tick', { n: 1 });
  let books = 0;
  let positionReads = 0;
  let pendingSeen = false;
  const r = createBackgroundRefresher({
    source: s.broker,
    budget: () => s.scheduler.getState(),
    fastMs: 200,
    slowMs: 3000,
    onOrders: (orders) => {
      books++;
      pendingSeen ||= orders.some((o) => o.id === ack.id && o.status === 6);
    },
    onPositions: () => {
      positionReads++;
    },
  });
  const before = s.scheduler.getState().day.used;
  // A failed assertion must not leave it running: the file would never end.
  t.after(() => r.stop());
  r.start();
  await sleep(1500);
  const fast = books;
  assert.equal(
    positionReads,
    1,
    'nothing filled while pending: positions read once, not every fast cycle',
  );
  assert.ok(pendingSeen, 'the pending order was seen');
  assert.ok(fast >= 4, `refreshed often while pending (${fast} in 1.5 s)`);
  await s.broker.cancelOrder(ack.id);
  await sleep(500); // the next refresh sees nothing pending and slows down
  const atSlow = books;
  await sleep(1500);
  assert.ok(books - atSlow <= 1, `slow once nothing is pending (${books - atSlow} in 1.5 s)`);
  assert.equal(r.currentIntervalMs(), 3000);
  r.stop();
  await sleep(300); // a cycle in flight at stop() still completes and reports
  const spent = s.scheduler.getState().day.used - before;
  assert.equal(
    spent,
    books + positionReads + 1,
    'every refresh (orders, and positions when due) and the cancel counted in the budget',
  );
});
