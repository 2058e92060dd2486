import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SlidingWindow } from '../../../electron/core/limiter/sliding-window';
import { DayBudget, memoryDayStore } from '../../../electron/core/limiter/day-budget';
import { istDayKey } from '../../../shared/format/ist';

test('sliding window admits up to the limit, then waits until the oldest request leaves', () => {
  const w = new SlidingWindow(3, 1000);
  for (const t of [0, 100, 200]) {
    assert.equal(w.waitMs(t), 0);
    w.record(t);
  }
  assert.equal(w.used(300), 3);
  assert.equal(w.waitMs(300), 700, 'the request at 0 leaves the window at 1000');
  assert.equal(w.waitMs(1000), 0);
  assert.equal(w.used(1000), 2);
});

test('a lower cap reserves headroom: cap 2 of 3 waits for the second-oldest', () => {
  const w = new SlidingWindow(3, 1000);
  w.record(0);
  w.record(500);
  assert.equal(w.waitMs(600, 2), 400);
  assert.equal(w.waitMs(600, 3), 0);
});

test('day budget persists, survives a restart and resets at IST midnight', () => {
  const store = memoryDayStore();
  // 20 Nov 2026 23:59:00 IST = 18:29:00 UTC
  const beforeMidnight = Date.UTC(2026, 10, 20, 18, 29, 0);
  const b = new DayBudget(5, store, beforeMidnight, 1);
  b.record(beforeMidnight);
  b.record(beforeMidnight);
  assert.deepEqual(store.value, { day: '2026-11-20', count: 2, clean: false });
  const restarted = new DayBudget(5, store, beforeMidnight + 1000, 1);
  assert.equal(restarted.used(beforeMidnight + 1000), 2, 'count survives a restart the same day');
  const afterMidnight = beforeMidnight + 60_000;
  assert.equal(istDayKey(afterMidnight), '2026-11-21');
  assert.equal(restarted.used(afterMidnight), 0, 'new IST day starts at zero');
  assert.equal(store.value?.day, '2026-11-21');
});

test('day budget assumes an unwritten batch was spent after a crash, not after a clean shutdown', () => {
  const now = Date.UTC(2026, 10, 20, 6, 0, 0);
  const crashed = new DayBudget(100, memoryDayStore({ day: '2026-11-20', count: 40 }), now, 10);
  assert.equal(crashed.used(now), 49);
  const clean = new DayBudget(
    100,
    memoryDayStore({ day: '2026-11-20', count: 40, clean: true }),
    now,
    10,
  );
  assert.equal(clean.used(now), 40);
});

test('spent day budget waits until IST midnight', () => {
  const now = Date.UTC(2026, 10, 20, 12, 30, 0); // 18:00 IST
  const b = new DayBudget(1, memoryDayStore(), now);
  b.record(now);
  assert.equal(b.waitMs(now), 6 * 3600_000);
});

test('a request awaiting its answer counts until the answer is back, then a window from it', () => {
  const w = new SlidingWindow(2, 1000);
  const closeA = w.open();
  w.record(0);
  assert.equal(w.used(5_000), 1, 'the one still out counts however long it takes');
  assert.equal(w.waitMs(5_000, 1), Infinity, 'only its answer can make room');
  assert.equal(w.nextExpiryMs(5_000), Infinity);
  closeA(5_000);
  closeA(9_000); // a second call changes nothing
  assert.equal(w.used(5_500), 1, 'counted for a window from its answer');
  assert.equal(w.waitMs(5_500, 1), 500);
  assert.equal(w.used(6_000), 0);
});
