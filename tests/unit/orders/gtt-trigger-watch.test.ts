/**
 * The GTT trigger watch (electron/core/gtt/gtt-trigger-watch.ts): a pushed order new to it
 * that a GTT placed (its `<n>:GTT` tag) reads the GTT book once (debounced), only while a GTT
 * may trigger, and never within the minimum gap of the watch's read before (a sign inside the
 * gap reads once at the gap's end). Untagged orders, legs with a parent (bracket and
 * cover exits, multi-leg legs) and orders already seen read nothing; `seen` is cleared at the
 * IST day change.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Order } from '../../../shared/broker/models';
import {
  createGttTriggerWatch,
  GTT_TRIGGER_MIN_GAP_MS,
} from '../../../electron/core/gtt/gtt-trigger-watch';
import { FakeClock } from '../limiter/fake-clock';

const order = (id: string, tag?: string, parentId: string | null = null): Order =>
  ({ id, parentId, ...(tag ? { tag } : {}) }) as unknown as Order;

function setup(armed = true) {
  const clock = new FakeClock();
  let reads = 0;
  const watch = createGttTriggerWatch({
    clock,
    armed: () => armed,
    read: () => void reads++,
  });
  return { clock, watch, reads: () => reads };
}

test('a GTT-tagged order reads the GTT book once for a burst; orders already seen read nothing', async () => {
  const s = setup();
  s.watch.observe([order('a1', '1:GTTUntagged')]);
  s.watch.observe([order('a1', '1:GTTUntagged'), order('a2', '2:GTTmine')]);
  assert.equal(s.reads(), 0, 'debounced');
  await s.clock.advance(1_000);
  assert.equal(s.reads(), 1);
  s.watch.observe([order('a1', '1:GTTUntagged'), order('a2', '2:GTTmine')]);
  await s.clock.advance(10_000);
  assert.equal(s.reads(), 1, 'orders already seen read nothing');
});

test('untagged orders (ours, another device’s) and legs with a parent read nothing', async () => {
  const s = setup();
  s.watch.observe([order('mine'), order('phone'), order('exit', undefined, 'parent-1')]);
  s.watch.observe([order('leg2', '1:GTTx', 'basket-1')]);
  await s.clock.advance(10_000);
  assert.equal(s.reads(), 0);
});

test('a burst of 200 orders over a minute reads at most once per gap; a burst inside the gap reads once, at its end', async () => {
  const s = setup();
  s.watch.observe([order('first', '1:GTTUntagged')]);
  await s.clock.advance(1_000);
  assert.equal(s.reads(), 1, 'the first sign reads after the debounce');
  // Inside the gap of that read: one read, at the gap's end, not none.
  for (let i = 0; i < 20; i++) s.watch.observe([order(`g${i}`, '1:GTTUntagged')]);
  await s.clock.advance(GTT_TRIGGER_MIN_GAP_MS - 2_000);
  assert.equal(s.reads(), 1, 'no read within the gap of the last read');
  await s.clock.advance(2_000);
  assert.equal(s.reads(), 2, 'one read at the gap’s end for the whole burst');

  // 200 orders over a simulated minute: untagged, parented, GTT-tagged, mixed.
  const start = s.reads();
  for (let i = 0; i < 200; i++) {
    const kind = i % 4;
    const o =
      kind === 0
        ? order(`u${i}`)
        : kind === 1
          ? order(`p${i}`, undefined, `parent${i}`)
          : kind === 2
            ? order(`m${i}`, 'mine')
            : order(`t${i}`, `${(i % 2) + 1}:GTTUntagged`);
    s.watch.observe([o]);
    await s.clock.advance(300);
  }
  await s.clock.advance(GTT_TRIGGER_MIN_GAP_MS);
  const inMinute = s.reads() - start;
  assert.ok(inMinute >= 1, 'the tagged orders still read the book');
  assert.ok(inMinute <= 13, `${inMinute} GTT book reads in a minute`);
});

test('with no GTT that may trigger, nothing is read', async () => {
  const s = setup(false);
  s.watch.observe([order('x', '1:GTTUntagged')]);
  await s.clock.advance(10_000);
  assert.equal(s.reads(), 0);
});

test('dispose cancels a pending read', async () => {
  const s = setup();
  s.watch.observe([order('x', '1:GTTUntagged')]);
  s.watch.dispose();
  await s.clock.advance(10_000);
  assert.equal(s.reads(), 0);
});

test('the orders seen are forgotten at the IST day change (an id seen yesterday reads again)', async () => {
  const s = setup();
  s.watch.observe([order('x', '1:GTTUntagged')]);
  await s.clock.advance(10_000);
  assert.equal(s.reads(), 1);
  s.watch.observe([order('x', '1:GTTUntagged')]);
  await s.clock.advance(10_000);
  assert.equal(s.reads(), 1);
  await s.clock.advance(24 * 3_600_000);
  s.watch.observe([order('x', '1:GTTUntagged')]);
  await s.clock.advance(10_000);
  assert.equal(s.reads(), 2, 'a new day starts a new set');
});
