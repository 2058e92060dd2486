import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequestScheduler } from '../../../electron/core/limiter/request-scheduler';
import type { Priority } from '../../../electron/core/limiter/request-scheduler';
import type { BudgetState } from '../../../shared/ipc/channels/budget';
import { memoryDayStore } from '../../../electron/core/limiter/day-budget';
import { BrokerError } from '../../../electron/core/broker/broker-error';
import { FakeClock } from './fake-clock';

function setup(extra: Parameters<typeof createRequestScheduler>[0] = {}) {
  const clock = new FakeClock();
  const sent: { label: string; at: number }[] = [];
  const s = createRequestScheduler({ clock, marginMs: { second: 0, minute: 0 }, ...extra });
  const job = (label: string, priority: Priority = 'user', key?: string) =>
    s.schedule({
      priority,
      key,
      label,
      run: async () => {
        sent.push({ label, at: clock.now() });
        return label;
      },
    });
  return { clock, sent, s, job };
}

test('never more than 10 requests in any 1-second window', async () => {
  const { clock, sent, s, job } = setup();
  const all = Array.from({ length: 35 }, (_, i) => job(`r${i}`, 'order'));
  await clock.advance(5000);
  await Promise.all(all);
  assert.equal(sent.length, 35);
  for (const a of sent) {
    const inWindow = sent.filter((b) => b.at >= a.at && b.at < a.at + 1000).length;
    assert.ok(inWindow <= 10, `window starting ${a.at} holds ${inWindow}`);
  }
  assert.equal(sent[10]!.at - sent[0]!.at, 1000);
  s.dispose();
});

test('never more than the ceiling (150 of 200) in any minute; the 151st waits for the window', async () => {
  const { clock, sent, s, job } = setup();
  const all = Array.from({ length: 151 }, (_, i) => job(`r${i}`, 'order'));
  await clock.advance(30_000);
  assert.equal(sent.length, 150, 'a quarter of the minute stays free for other clients');
  await clock.advance(29_999);
  assert.equal(sent.length, 150, 'still inside the first minute');
  await clock.advance(1);
  assert.equal(sent.length, 151);
  await Promise.all(all);
  s.dispose();
});

test('order actions go before user reads before background refresh', async () => {
  const { clock, sent, s, job } = setup({ limits: { perSecond: 1 } });
  const jobs = [job('bg', 'background'), job('user', 'user'), job('order', 'order')];
  // 'bg' went out at once (empty window); the rest wait and leave in priority order.
  await clock.advance(3000);
  await Promise.all(jobs);
  assert.deepEqual(
    sent.map((x) => x.label),
    ['bg', 'order', 'user'],
  );
  s.dispose();
});

test('lower priorities leave headroom: background uses at most half of the ceiling, orders all of it', async () => {
  const { clock, sent, s, job } = setup();
  const bg = Array.from({ length: 10 }, (_, i) => job(`bg${i}`, 'background'));
  await clock.flush();
  assert.equal(sent.length, 4, 'background stops at 50% of the 8-a-second ceiling');
  const orders = Array.from({ length: 5 }, (_, i) => job(`o${i}`, 'order'));
  await clock.flush();
  assert.equal(sent.length, 8, 'orders get the rest of the ceiling; 2 a second stay free');
  await clock.advance(3000);
  await Promise.all([...bg, ...orders]);
  s.dispose();
});

test('identical in-flight reads are coalesced into one request', async () => {
  const clock = new FakeClock();
  let calls = 0;
  let release!: () => void;
  const s = createRequestScheduler({ clock });
  const run = () =>
    new Promise<string>((resolve) => {
      calls++;
      release = () => resolve('book');
    });
  const a = s.schedule({ priority: 'background', key: 'GET /orders', run });
  const b = s.schedule({ priority: 'user', key: 'GET /orders', run });
  const c = s.schedule({ priority: 'user', key: 'GET /positions', run: async () => 'pos' });
  await clock.flush();
  release();
  assert.deepEqual(await Promise.all([a, b, c]), ['book', 'book', 'pos']);
  assert.equal(calls, 1);
  // Once settled, the next identical read is a new request.
  const d = s.schedule({ priority: 'user', key: 'GET /orders', run: async () => 'again' });
  assert.equal(await d, 'again');
  s.dispose();
});

test('a coalesced higher-priority caller lifts the queued request', async () => {
  const { clock, sent, s, job } = setup({ limits: { perSecond: 1 } });
  const first = job('first', 'order');
  const bg = job('book', 'background', 'GET /orders');
  const u = job('user-read', 'user');
  const lifted = job('book', 'order', 'GET /orders');
  await clock.advance(5000);
  await Promise.all([first, bg, u, lifted]);
  assert.deepEqual(
    sent.map((x) => x.label),
    ['first', 'book', 'user-read'],
  );
  s.dispose();
});

test('Retry-After pauses everything, then the refused read is sent once more; orders are not', async () => {
  const clock = new FakeClock();
  const s = createRequestScheduler({ clock });
  const states: BudgetState[] = [];
  s.subscribe((st) => states.push(st));
  let attempts = 0;
  const read = s.schedule({
    priority: 'user',
    run: async () => {
      attempts++;
      if (attempts === 1) throw BrokerError.fromEnvelope(429, -353, 'limit', 5000);
      return 'ok';
    },
  });
  const order = s.schedule({
    priority: 'order',
    run: async () => {
      throw BrokerError.fromEnvelope(429, -353, 'limit', 5000);
    },
  });
  const orderRefused = assert.rejects(
    order,
    (e: BrokerError) => e.code === -353 && e.action === 'wait',
  );
  await clock.flush();
  await orderRefused;
  const sentAfter: number[] = [];
  const other = s.schedule({
    priority: 'order',
    run: async () => {
      sentAfter.push(clock.now());
      return 1;
    },
  });
  // Retry-After and a second's margin for the broker's clock.
  await clock.advance(5999);
  assert.equal(sentAfter.length, 0, 'nothing is sent during the pause');
  assert.ok(states.some((st) => st.pausedUntil !== null));
  await clock.advance(1);
  assert.equal(await read, 'ok');
  await other;
  assert.equal(attempts, 2);
  assert.equal(s.getState().rateLimitedCount, 2);
  s.dispose();
});

test('state is published with window usage and queue lengths', async () => {
  const { clock, s, job } = setup({ limits: { perSecond: 2 }, headroom: { second: 1 } });
  const seen: BudgetState[] = [];
  s.subscribe((st) => seen.push(st));
  const jobs = [job('a', 'order'), job('b', 'order'), job('c', 'background')];
  await clock.flush();
  const last = seen.at(-1)!;
  assert.equal(last.second.used, 2);
  assert.equal(last.second.limit, 2);
  assert.equal(last.second.ceiling, 2);
  assert.deepEqual(last.breaches, { count: 0, unseen: 0, allowed: 3, level: 'clear' });
  assert.equal(last.queued.background, 1);
  assert.equal(last.day.used, 2);
  await clock.advance(2000);
  await Promise.all(jobs);
  s.dispose();
});

test('the day count comes from the store and blocks at the daily limit until IST midnight', async () => {
  const clock = new FakeClock(Date.UTC(2026, 10, 20, 12, 30, 0)); // 18:00 IST
  const store = memoryDayStore({ day: '2026-11-20', count: 10_000, clean: true });
  const s = createRequestScheduler({ clock, store });
  let sent = 0;
  const p = s.schedule({ priority: 'order', run: async () => ++sent });
  await clock.advance(6 * 3600_000 - 1);
  assert.equal(sent, 0);
  await clock.advance(1);
  assert.equal(await p, 1);
  s.dispose();
  assert.equal(store.value?.day, '2026-11-21');
  assert.equal(store.value?.count, 1);
});

test('dispose rejects queued requests and clears timers', async () => {
  const { clock, s, job } = setup({ limits: { perSecond: 1 } });
  const a = job('a', 'order');
  const b = job('b', 'order');
  await a;
  s.dispose();
  await assert.rejects(b, /shut down/);
  assert.equal(clock.pending(), 0);
});

test('background refresh keeps a small guaranteed floor while the trader saturates reads', async () => {
  const { clock, sent, s, job } = setup({
    limits: { perSecond: 1000, perMinute: 100 },
    headroom: { minute: 0.9 },
  });
  const all = [
    ...Array.from({ length: 200 }, (_, i) => job(`u${i}`, 'user')),
    ...Array.from({ length: 20 }, (_, i) => job(`b${i}`, 'background')),
  ];
  await clock.advance(59_000);
  const bg = sent.filter((x) => x.label.startsWith('b')).length;
  // The ceiling is 90 of the 100 (headroom); shares are of the ceiling.
  assert.equal(bg, 9, 'background got its 10% floor, not more');
  assert.equal(sent.length, 72, 'the last 20% stays reserved for order actions');
  const order = job('o', 'order');
  await clock.flush();
  assert.equal(sent.at(-1)?.label, 'o', 'an order action still goes at once');
  s.dispose();
  await Promise.allSettled([...all, order]);
});
