/**
 * In-memory order state stays bounded (issue 12, retention): when the tracker forgets a
 * settled intent, the late-arrival watch and the pre-resend check go with it; a late match
 * for an intent no longer held warns instead of throwing; the caches of orders and ids keep
 * only the most recent entries.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createOrderService } from '../../../electron/core/orders/actions/order-service';
import { BoundedMap, BoundedSet } from '../../../electron/core/orders/actions/bounded-collections';
import { OrderContext } from '../../../electron/core/orders/actions/order-context';
import { ORDER_CACHE_LIMITS } from '../../../electron/core/orders/actions/account-cache';
import { IntentTracker } from '../../../electron/core/orders/reconcile/intent-tracker';
import { memoryJournal } from '../../../electron/core/orders/journal/order-journal';
import { FakeClock } from '../limiter/fake-clock';
import { FakeBroker, sbinLimitBuy } from './fake-broker';

test('forgetting a settled intent drops its late watch and pre-resend check; a late order then claims nothing', async () => {
  const clock = new FakeClock();
  const broker = new FakeBroker(() => clock.now());
  const warnings: string[] = [];
  let n = 0;
  const svc = createOrderService({
    broker: broker.api(),
    instruments: {
      rulesFor: () => ({ tickSize: 0.05, lotSize: 1, exchange: 10, segment: 10 }),
      lastPrice: () => ({ ltp: 812, source: 'quote', ageMs: 0, stale: false }),
    },
    journal: memoryJournal(),
    clock,
    newId: () => `intent-${++n}`,
    reconcileDelaysMs: [100, 500, 1000],
    maxSettled: 2,
    logger: { warn: (m) => void warnings.push(m) },
  });
  broker.mode = 'timeout-before-commit';
  const lost = await svc.place(sbinLimitBuy);
  await clock.advance(1000);
  assert.equal((await svc.settled(lost.intentId)).status, 'confirmed-not-done');
  assert.deepEqual(svc.heldIntentState(), { checks: 0, lateWatch: 1, notDone: 1 });

  broker.mode = 'ok';
  for (let i = 0; i < 3; i++) await svc.place({ ...sbinLimitBuy, limitPrice: 800 + i });
  assert.ok(!svc.list().some((i) => i.intentId === lost.intentId), 'the old intent is forgotten');
  assert.deepEqual(svc.heldIntentState(), { checks: 0, lateWatch: 0, notDone: 0 });

  // The lost order now turns up (a late arrival): nothing throws, nothing is revived.
  await broker.api().placeOrder(sbinLimitBuy);
  assert.doesNotThrow(() => svc.observeOrders(broker.book));
  await svc.idle();
  assert.ok(!svc.list().some((i) => i.intentId === lost.intentId));
  await assert.rejects(svc.resend(lost.intentId), /not known/);
});

test('a late match for an intent the tracker no longer holds is a warning, not a throw', async () => {
  const clock = new FakeClock();
  const broker = new FakeBroker(() => clock.now());
  const warnings: Array<{ m: string; f?: Record<string, unknown> }> = [];
  const tracker = new IntentTracker({ journal: memoryJournal(), clock, newId: () => 'x' });
  const ctx = new OrderContext({
    broker: broker.api(),
    tracker,
    instruments: { rulesFor: () => undefined, lastPrice: () => undefined },
    clock,
    limits: () => ({}) as never,
    reconcileDelaysMs: [100],
    skewMs: 5000,
    log: { warn: (m, f) => void warnings.push({ m, ...(f ? { f } : {}) }) },
  });
  assert.equal(await ctx.settleLate('gone', '123'), null);
  assert.equal(warnings.length, 1);
  assert.match(warnings[0]!.m, /late arrival/);
  assert.deepEqual(warnings[0]!.f, { intentId: 'gone', orderId: '123' });
});

test('the order and id caches keep only the most recent entries', () => {
  const m = new BoundedMap<string, number>(3);
  for (const k of ['a', 'b', 'c', 'd']) m.set(k, 1);
  m.set('b', 2); // refreshed: now the newest
  m.set('e', 1);
  assert.deepEqual([...m.keys()], ['d', 'b', 'e']);
  const s = new BoundedSet<string>(2);
  for (const v of ['a', 'b', 'a', 'c']) s.add(v);
  assert.deepEqual([...s], ['a', 'c']);

  const clock = new FakeClock();
  const broker = new FakeBroker(() => clock.now());
  const tracker = new IntentTracker({ journal: memoryJournal(), clock, newId: () => 'x' });
  const ctx = new OrderContext({
    broker: broker.api(),
    tracker,
    instruments: { rulesFor: () => undefined, lastPrice: () => undefined },
    clock,
    limits: () => ({}) as never,
  });
  for (let i = 0; i < ORDER_CACHE_LIMITS.ids + 10; i++) ctx.claim(`id-${i}`);
  assert.equal(ctx.claimedIds.size, ORDER_CACHE_LIMITS.ids);
  assert.equal(ctx.knownIds.size, ORDER_CACHE_LIMITS.ids);
  assert.ok(ctx.claimedIds.has(`id-${ORDER_CACHE_LIMITS.ids + 9}`), 'the newest id is kept');
  assert.ok(!ctx.claimedIds.has('id-0'), 'the oldest id is dropped');
});

test('the tracker forgets that a forgotten intent was resent', async () => {
  let n = 0;
  const tracker = new IntentTracker({
    journal: memoryJournal(),
    clock: new FakeClock(),
    newId: () => `i${n++}`,
    maxSettled: 1,
  });
  const a = await tracker.create('place', 'a', {});
  await tracker.update(a.intentId, { status: 'confirmed-not-done' });
  assert.equal(tracker.consumeResend(a.intentId), true);
  assert.equal(tracker.resentCount(), 1);
  for (let i = 0; i < 2; i++) {
    const b = await tracker.create('place', 'b', {});
    await tracker.update(b.intentId, { status: 'done' });
  }
  assert.equal(tracker.has(a.intentId), false);
  assert.equal(tracker.resentCount(), 0);
});
