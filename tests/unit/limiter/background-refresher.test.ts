import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBackgroundRefresher } from '../../../electron/core/limiter/background-refresher';
import type { BudgetState } from '../../../shared/ipc/channels/budget';
import type { Order, Positions } from '../../../shared/broker/models';
import { FakeClock } from './fake-clock';

const emptyPositions: Positions = {
  positions: [],
  overall: { count: 0, openCount: 0, plTotal: 0, plRealized: 0, plUnrealized: 0 },
};

function budget(clock: FakeClock, used: number): () => BudgetState {
  return () => ({
    at: new Date(clock.now()).toISOString(),
    second: { used: 0, limit: 10, ceiling: 8 },
    minute: { used: 0, limit: 200, ceiling: 150 },
    day: {
      used,
      limit: 10_000,
      ceiling: 9_800,
      resetsAt: new Date(clock.now() + 3600_000).toISOString(),
    },
    queued: { order: 0, user: 0, background: 0 },
    inFlight: 0,
    pausedUntil: null,
    backgroundHeldUntil: null,
    rateLimitedCount: 0,
    breaches: { count: 0, unseen: 0, allowed: 3, level: 'clear' },
  });
}

function source(statuses: { value: number[] }, calls: string[]) {
  return {
    async getOrders(o: { priority: 'background' }) {
      calls.push(`orders:${o.priority}`);
      return statuses.value.map(
        (status, i) =>
          ({ id: String(i), status, filledQty: status === 2 ? 1 : 0 }) as unknown as Order,
      );
    },
    async getPositions(o: { priority: 'background' }) {
      calls.push(`positions:${o.priority}`);
      return emptyPositions;
    },
  };
}

test('refreshes fast while an order is pending and slowly otherwise, always at background priority', async () => {
  const clock = new FakeClock();
  const statuses = { value: [6] };
  const calls: string[] = [];
  const seen: Order[][] = [];
  const r = createBackgroundRefresher({
    source: source(statuses, calls),
    budget: budget(clock, 0),
    clock,
    fastMs: 2000,
    slowMs: 15_000,
    onOrders: (o) => seen.push(o),
  });
  r.start();
  const count = (what: string) => calls.filter((c) => c.startsWith(what)).length;
  await clock.advance(0);
  assert.equal(calls.length, 2, 'first cycle reads the book and positions');
  assert.ok(calls.every((c) => c.endsWith(':background')));
  await clock.advance(2000);
  assert.equal(count('orders'), 2, 'pending order: next book read after 2 s');
  assert.equal(
    count('positions'),
    1,
    'no fill since the last positions read: positions not read again',
  );
  statuses.value = [2];
  await clock.advance(2000);
  assert.equal(count('orders'), 3);
  assert.equal(count('positions'), 2, 'a fill appeared: positions are read at once');
  await clock.advance(14_999);
  assert.equal(count('orders'), 3, 'nothing pending: waits 15 s');
  await clock.advance(1);
  assert.equal(count('orders'), 4);
  assert.equal(count('positions'), 3, 'positions still refresh at the slow pace');
  assert.equal(seen.length, 4);
  r.stop();
  assert.equal(clock.pending(), 0);
});

test('unconfirmed order actions keep the refresh fast', async () => {
  const clock = new FakeClock();
  const r = createBackgroundRefresher({
    source: source({ value: [] }, []),
    budget: budget(clock, 0),
    clock,
    hasActiveIntents: () => true,
  });
  assert.equal(r.currentIntervalMs(), 2000);
});

test('the interval stretches so the rest of the day budget is not exhausted', () => {
  const clock = new FakeClock();
  // 9,990 of 10,000 used, 1 h left: half of the 10 left is 5 requests, 2 per cycle -> 1440 s.
  const r = createBackgroundRefresher({
    source: source({ value: [] }, []),
    budget: budget(clock, 9990),
    clock,
  });
  assert.equal(r.currentIntervalMs(), 1_440_000);
});

test('with plenty of the day left the chosen pace is kept, whatever the hour', () => {
  const clock = new FakeClock();
  const r = createBackgroundRefresher({
    source: source({ value: [] }, []),
    budget: budget(clock, 6000),
    clock,
    hasActiveIntents: () => true,
  });
  assert.equal(r.currentIntervalMs(), 2000);
});

test('while updates are pushed it reads nothing, unless a watched conversion wants positions', async () => {
  const clock = new FakeClock();
  const calls: string[] = [];
  let wanted = false;
  const r = createBackgroundRefresher({
    source: source({ value: [6] }, calls),
    budget: budget(clock, 0),
    clock,
    slowMs: 15_000,
    pushLive: () => true,
    positionsWanted: () => wanted,
  });
  r.start();
  await clock.advance(0);
  await clock.advance(60_000);
  assert.deepEqual(calls, [], 'pushed updates carry every order change');
  wanted = true;
  await clock.advance(60_000);
  assert.ok(calls.length >= 3, `positions read at the slow pace (${calls.join(', ')})`);
  assert.ok(
    calls.every((c) => c === 'positions:background'),
    'never the book, never urgent',
  );
  wanted = false;
  const before = calls.length;
  await clock.advance(60_000);
  assert.equal(calls.length, before, 'the watch ended: back to reading nothing');
  await r.dispose();
});
