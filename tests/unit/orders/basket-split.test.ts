/**
 * A basket larger than the broker's multi limit: cut into requests of at most 10, sent one
 * after the other, and a request whose answer is lost is reconciled (never resent) before
 * the next one leaves, so identical orders of later requests are never claimed by it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { splitIntoRequests } from '../../../electron/core/orders/actions/batch-split';
import { createOrderService } from '../../../electron/core/orders/actions/order-service';
import { memoryJournal } from '../../../electron/core/orders/journal/order-journal';
import { FakeClock } from '../limiter/fake-clock';
import { FakeBroker, sbinLimitBuy } from './fake-broker';

test('splitIntoRequests: full requests of the limit, the rest last, in basket order', () => {
  assert.deepEqual(splitIntoRequests(23, 10), [
    [0, 10],
    [10, 20],
    [20, 23],
  ]);
  assert.deepEqual(splitIntoRequests(10, 10), [[0, 10]]);
  assert.deepEqual(splitIntoRequests(11, 10), [
    [0, 10],
    [10, 11],
  ]);
  assert.deepEqual(splitIntoRequests(1, 10), [[0, 1]]);
  assert.deepEqual(splitIntoRequests(0, 10), []);
  assert.throws(() => splitIntoRequests(5, 0), RangeError);
  assert.throws(() => splitIntoRequests(-1, 10), RangeError);
});

function setup() {
  const clock = new FakeClock();
  const broker = new FakeBroker(() => clock.now());
  let n = 0;
  const svc = createOrderService({
    broker: broker.api(),
    instruments: {
      rulesFor: (s) =>
        s === 'NSE:SBIN-EQ' ? { tickSize: 0.05, lotSize: 1, exchange: 10, segment: 10 } : undefined,
      lastPrice: () => ({ ltp: 812, source: 'quote', ageMs: 0, stale: false }),
    },
    journal: memoryJournal(),
    clock,
    newId: () => `intent-${++n}`,
    reconcileDelaysMs: [100, 500, 1000],
  });
  return { clock, broker, svc };
}

/** 23 identical orders: the hardest case for matching by fields. */
const basket = Array.from({ length: 23 }, () => ({ ...sbinLimitBuy }));

test('23 orders go out as 10 + 10 + 3, each placed once, each with its own order id', async () => {
  const { broker, svc } = setup();
  const intents = await svc.placeMany(basket);
  assert.deepEqual(broker.multiSizes, [10, 10, 3]);
  assert.deepEqual(new Set(intents.map((i) => i.status)), new Set(['done']));
  assert.equal(new Set(intents.map((i) => i.batchId)).size, 1, 'one basket');
  assert.equal(new Set(intents.map((i) => i.orderId)).size, 23);
  assert.equal(broker.book.length, 23);
});

test('the second answer lost: its 10 are reconciled before the third request, never resent', async () => {
  const { clock, broker, svc } = setup();
  broker.loseMultiAnswer.add(2);
  const sending = svc.placeMany(basket);
  await clock.flush();
  assert.deepEqual(broker.multiSizes, [10, 10], 'the third waits for the second to be known');
  await clock.advance(100);
  const intents = await sending;
  assert.deepEqual(broker.multiSizes, [10, 10, 3]);
  assert.deepEqual(
    intents.map((i) => i.status),
    [
      ...Array<string>(10).fill('done'),
      ...Array<string>(10).fill('confirmed-done'),
      ...Array<string>(3).fill('done'),
    ],
  );
  const ids = intents.map((i) => i.orderId);
  assert.equal(new Set(ids).size, 23, 'no order claimed twice');
  assert.deepEqual(
    ids.slice(10, 20).sort(),
    broker.book
      .slice(10, 20)
      .map((o) => o.id)
      .sort(),
    'the lost request is matched to its own orders, not the third request’s',
  );
  assert.equal(broker.book.length, 23, 'nothing resent');
});

test('an answer that stays unknown (book unreadable) holds the rest of the basket back', async () => {
  const { clock, broker, svc } = setup();
  broker.loseMultiAnswer.add(1);
  broker.failReads = 1000;
  const sending = svc.placeMany(basket);
  await clock.advance(2000);
  const intents = await sending;
  assert.deepEqual(broker.multiSizes, [10]);
  assert.ok(intents.slice(0, 10).every((i) => i.status === 'unconfirmed'));
  assert.ok(intents.slice(10).every((i) => i.status === 'blocked'));
  assert.match(intents[10]!.note, /earlier part of this basket is still unconfirmed/);
  assert.equal(broker.book.length, 10);
});

test('a basket over the cap is refused with the cap named; a bad order blocks every part', async () => {
  const { broker, svc } = setup();
  await assert.rejects(
    svc.placeMany(Array.from({ length: 51 }, () => ({ ...sbinLimitBuy }))),
    /1 to 50 orders \(got 51\)/,
  );
  const bad = [...basket.slice(0, 15), { ...sbinLimitBuy, limitPrice: 812.51 }];
  const blocked = await svc.placeMany(bad);
  assert.ok(blocked.every((i) => i.status === 'blocked'));
  assert.equal(blocked[15]!.violations[0]?.field, 'limitPrice');
  assert.equal(broker.multiSizes.length, 0, 'nothing half-sent');
});
