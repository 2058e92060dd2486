import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createOrderService } from '../../../electron/core/orders/actions/order-service';
import { memoryJournal } from '../../../electron/core/orders/journal/order-journal';
import type { JournalEntry } from '../../../electron/core/orders/journal/order-journal';
import type { OrderDraft } from '../../../shared/broker/rules';
import { FakeClock } from '../limiter/fake-clock';
import { FakeBroker, sbinLimitBuy } from './fake-broker';

const draft: OrderDraft = sbinLimitBuy;

function setup(lines: Omit<JournalEntry, 'action'>[]) {
  const clock = new FakeClock();
  const broker = new FakeBroker(() => clock.now());
  const journal = memoryJournal();
  journal.entries.push(...lines.map((l) => ({ action: 'place', ...l })));
  const svc = createOrderService({
    broker: broker.api(),
    instruments: { rulesFor: () => ({ tickSize: 0.05, lotSize: 1, exchange: 10, segment: 10 }) },
    journal,
    clock,
    newId: () => 'new-intent',
    reconcileDelaysMs: [100, 500],
  });
  return { clock, broker, journal, svc };
}

const at = (clock: FakeClock, dMs = 0) => new Date(clock.now() + dMs).toISOString();

test('an intent journaled but never sent is settled as not done and may be resent', async () => {
  const clock = new FakeClock();
  const { svc, broker } = setup([
    {
      at: at(clock, -5000),
      intentId: 'a',
      step: 'intent',
      data: { summary: 'BUY', payload: { draft } },
    },
  ]);
  const [i] = await svc.recover();
  assert.equal(i?.status, 'confirmed-not-done');
  assert.equal(i?.resendAllowed, true);
  const again = await svc.resend('a');
  assert.equal(again.status, 'done');
  assert.equal(broker.book.length, 1);
});

test('a request in flight at the crash is reconciled from the book, not resent', async () => {
  const c = new FakeClock();
  const { svc, broker, clock } = setup([
    {
      at: at(c, -2000),
      intentId: 'a',
      step: 'intent',
      data: { summary: 'BUY', payload: { draft } },
    },
    { at: at(c, -1900), intentId: 'a', step: 'request', data: { body: {} } },
  ]);
  // The order reached the broker before the app died.
  broker.mode = 'ok';
  await broker.api().placeOrder(draft);
  broker.calls.length = 0;
  const [i] = await svc.recover();
  assert.equal(i?.status, 'unconfirmed');
  await clock.advance(100);
  const s = await svc.settled('a');
  assert.equal(s.status, 'confirmed-done');
  assert.equal(s.orderId, '101');
  assert.ok(!broker.calls.includes('place'), 'nothing was sent again');
});

test('a request whose answer was journaled settles from that answer; orders of settled intents are not re-claimed', async () => {
  const c = new FakeClock();
  const { svc, broker, clock } = setup([
    {
      at: at(c, -9000),
      intentId: 'old',
      step: 'intent',
      data: { summary: 'BUY', payload: { draft } },
    },
    {
      at: at(c, -9000),
      intentId: 'old',
      step: 'outcome',
      data: { status: 'done', orderId: '101' },
    },
    {
      at: at(c, -3000),
      intentId: 'b',
      step: 'intent',
      data: { summary: 'BUY', payload: { draft } },
    },
    { at: at(c, -2900), intentId: 'b', step: 'request', data: { body: {} } },
    {
      at: at(c, -2800),
      intentId: 'b',
      step: 'response',
      data: { ack: { id: '555', code: 1101, unacknowledged: false } },
    },
    {
      at: at(c, -2000),
      intentId: 'c',
      step: 'intent',
      data: { summary: 'BUY', payload: { draft } },
    },
    { at: at(c, -1900), intentId: 'c', step: 'request', data: { body: {} } },
  ]);
  await broker.api().placeOrder(draft); // id 101, belongs to 'old'
  const out = await svc.recover();
  assert.deepEqual(
    out.map((i) => [i.intentId, i.status]),
    [
      ['b', 'confirmed-done'],
      ['c', 'unconfirmed'],
    ],
  );
  assert.equal(out[0]!.orderId, '555');
  await clock.advance(500);
  assert.equal(
    (await svc.settled('c')).status,
    'confirmed-not-done',
    'order 101 belongs to the older intent',
  );
});
