/**
 * The GTT trigger watch (electron/core/gtt/gtt-trigger-watch.ts): a pushed order new to it
 * that a GTT placed, or that this app did not place, reads the GTT book once (debounced),
 * only while a GTT may trigger; the app's own orders and orders already seen read nothing.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Order } from '../../../shared/broker/models';
import { createGttTriggerWatch } from '../../../electron/core/gtt/gtt-trigger-watch';
import { FakeClock } from '../limiter/fake-clock';

const order = (id: string, tag?: string): Order =>
  ({ id, ...(tag ? { tag } : {}) }) as unknown as Order;

function setup(armed = true, own: string[] = []) {
  const clock = new FakeClock();
  let reads = 0;
  const watch = createGttTriggerWatch({
    clock,
    armed: () => armed,
    ownOrder: (id) => own.includes(id),
    read: () => void reads++,
  });
  return { clock, watch, reads: () => reads };
}

test('a GTT-tagged order (even one this app placed) reads the GTT book once for a burst', async () => {
  const s = setup(true, ['a1']);
  s.watch.observe([order('a1', '1:GTTUntagged')]);
  s.watch.observe([order('a1', '1:GTTUntagged'), order('a2', '2:GTTmine')]);
  assert.equal(s.reads(), 0, 'debounced');
  await s.clock.advance(1_000);
  assert.equal(s.reads(), 1);
  s.watch.observe([order('a1', '1:GTTUntagged'), order('a2', '2:GTTmine')]);
  await s.clock.advance(1_000);
  assert.equal(s.reads(), 1, 'orders already seen read nothing');
});

test("an untagged order this app did not place reads; the app's own does not", async () => {
  const s = setup(true, ['mine']);
  s.watch.observe([order('mine')]);
  await s.clock.advance(1_000);
  assert.equal(s.reads(), 0);
  s.watch.observe([order('mine'), order('theirs')]);
  await s.clock.advance(1_000);
  assert.equal(s.reads(), 1);
});

test('with no GTT that may trigger, nothing is read', async () => {
  const s = setup(false);
  s.watch.observe([order('x', '1:GTTUntagged')]);
  await s.clock.advance(1_000);
  assert.equal(s.reads(), 0);
});

test('dispose cancels a pending read', async () => {
  const s = setup(true);
  s.watch.observe([order('x', '1:GTTUntagged')]);
  s.watch.dispose();
  await s.clock.advance(1_000);
  assert.equal(s.reads(), 0);
});
