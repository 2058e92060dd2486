/**
 * After every sandbox fault mode the order service must end with the truth and no
 * duplicate: it never resends, reads the order book (or positions), and reports the action
 * confirmed done or confirmed not done. Each case uses its own limit price so its orders
 * can be counted in the book.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { sbinLimit, startOrderFixture } from './order-fixture';

let f: Awaited<ReturnType<typeof startOrderFixture>>;
before(async () => {
  f = await startOrderFixture({ transport: { timeoutMs: 800 } });
});
after(async () => {
  await f.close();
});

async function countAt(price: number): Promise<number> {
  return (await f.broker.getOrders()).filter(
    (o) => o.symbol === 'NSE:SBIN-EQ' && o.limitPrice === price,
  ).length;
}

const cases = [
  { mode: 'drop-before', price: 781, expect: 'confirmed-not-done', orders: 0 },
  { mode: 'drop-after-commit', price: 782, expect: 'confirmed-done', orders: 1 },
  { mode: 'http500', price: 783, expect: 'confirmed-not-done', orders: 0 },
  { mode: 'ack201', price: 784, expect: 'confirmed-done', orders: 1 },
  { mode: 'malformed', price: 785, expect: 'confirmed-done', orders: 1 },
] as const;

test('place with fault delay shorter than the timeout: just slow, placed once', async () => {
  await f.control('faults', { route: 'POST /api/v2/orders', mode: 'delay', delayMs: 150 });
  const i = await f.orders.place(sbinLimit({ limitPrice: 779 }));
  assert.equal(i.status, 'done');
  assert.equal(await countAt(779), 1);
});

test('place with fault delay longer than the timeout: unconfirmed, outcome agrees with the book, no duplicate', async () => {
  await f.control('faults', { route: 'POST /api/v2/orders', mode: 'delay', delayMs: 1500 });
  const first = await f.orders.place(sbinLimit({ limitPrice: 780 }));
  assert.equal(first.status, 'unconfirmed');
  assert.equal(first.error?.kind, 'timeout');
  const settled = await f.orders.settled(first.intentId);
  assert.ok(
    settled.status === 'confirmed-done' || settled.status === 'confirmed-not-done',
    settled.status,
  );
  await new Promise((r) => setTimeout(r, 1600));
  assert.equal(await countAt(780), settled.status === 'confirmed-done' ? 1 : 0, settled.note);
});

for (const c of cases) {
  test(`place with fault ${c.mode}: unconfirmed, then ${c.expect}, never a duplicate`, async () => {
    await f.control('faults', {
      route: 'POST /api/v2/orders',
      mode: c.mode,
      ...('delayMs' in c ? { delayMs: c.delayMs } : {}),
    });
    const first = await f.orders.place(sbinLimit({ limitPrice: c.price }));
    assert.equal(first.status, 'unconfirmed', `${c.mode}: ${first.note}`);
    assert.equal(first.resendAllowed, false);
    const settled = await f.orders.settled(first.intentId);
    assert.equal(settled.status, c.expect, settled.note);
    if (c.expect === 'confirmed-done') assert.ok(settled.orderId);
    assert.equal(await countAt(c.price), c.orders, 'orders in the book');
    if (c.expect === 'confirmed-not-done') {
      const again = await f.orders.resend(first.intentId);
      assert.equal(again.status, 'done');
      assert.equal(await countAt(c.price), 1, 'the trader-chosen resend placed exactly one order');
    } else {
      await assert.rejects(f.orders.resend(first.intentId), /cannot be sent again/);
    }
  });
}

test('multi place dropped after commit: every item found, none duplicated', async () => {
  await f.control('faults', { route: 'POST /api/v2/orders-multi', mode: 'drop-after-commit' });
  const intents = await f.orders.placeMany([
    sbinLimit({ limitPrice: 788 }),
    sbinLimit({ limitPrice: 788 }),
    sbinLimit({ limitPrice: 789 }),
  ]);
  assert.deepEqual(
    intents.map((i) => i.status),
    ['unconfirmed', 'unconfirmed', 'unconfirmed'],
  );
  const settled = await Promise.all(intents.map((i) => f.orders.settled(i.intentId)));
  assert.deepEqual(
    settled.map((i) => i.status),
    ['confirmed-done', 'confirmed-done', 'confirmed-done'],
  );
  assert.equal(
    new Set(settled.map((i) => i.orderId)).size,
    3,
    'two identical orders map to two distinct broker orders',
  );
  assert.equal(await countAt(788), 2);
  assert.equal(await countAt(789), 1);
});

test('modify dropped after commit is confirmed applied; cancel with a 500 is confirmed not done', async () => {
  const placed = await f.orders.place(sbinLimit({ limitPrice: 790 }));
  await f.tick();
  await f.control('faults', { route: 'PUT /api/v2/orders', mode: 'drop-after-commit' });
  const mod = await f.orders.modify({ id: placed.orderId!, limitPrice: 791 });
  assert.equal(mod.status, 'unconfirmed');
  assert.equal((await f.orders.settled(mod.intentId)).status, 'confirmed-done');
  await f.control('faults', { route: 'DELETE /api/v2/orders', mode: 'http500' });
  const cancel = await f.orders.cancel(placed.orderId!);
  assert.equal(cancel.status, 'unconfirmed');
  assert.equal((await f.orders.settled(cancel.intentId)).status, 'confirmed-not-done');
  assert.equal((await f.broker.getOrder(placed.orderId!))?.status, 6);
  await f.control('faults', { route: 'DELETE /api/v2/orders', mode: 'malformed' });
  const cancel2 = await f.orders.cancel(placed.orderId!);
  assert.equal((await f.orders.settled(cancel2.intentId)).status, 'confirmed-done');
  assert.equal((await f.broker.getOrder(placed.orderId!))?.status, 1);
});

test('exit dropped after commit is confirmed from positions, not sent twice', async () => {
  const buy = await f.orders.place(sbinLimit({ type: 2, limitPrice: 0, qty: 4 }));
  assert.equal(buy.status, 'done');
  await f.tick(3);
  await f.control('faults', { route: 'DELETE /api/v2/positions', mode: 'drop-after-commit' });
  const exit = await f.orders.exit('NSE:SBIN-EQ-INTRADAY');
  assert.equal(exit.status, 'unconfirmed');
  const settled = await f.orders.settled(exit.intentId);
  assert.equal(settled.status, 'confirmed-done', settled.note);
  await f.tick(3);
  const p = (await f.broker.getPositions()).positions.find((x) => x.id === 'NSE:SBIN-EQ-INTRADAY');
  assert.equal(p?.netQty ?? 0, 0, 'flat, not reversed by a second exit');
});
