/**
 * The scheduler's answer to 429s and the broker's day block (issue 18, finding 1): a 429
 * pauses the whole client past the broker's minute and lowers the ceiling; breaches are
 * counted per episode and persisted; the levels hold more traffic as the block nears; and
 * the order lane never carries more than 10 order actions a second.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequestScheduler } from '../../../electron/core/limiter/request-scheduler';
import { DayBlockRiskError } from '../../../electron/core/limiter/scheduler-errors';
import type { Priority } from '../../../electron/core/limiter/request-scheduler';
import { memoryDayStore } from '../../../electron/core/limiter/day-budget';
import { BrokerError } from '../../../electron/core/broker/broker-error';
import { FakeClock } from './fake-clock';
import { BACKGROUND_COOL_DOWN_MS } from '../../../electron/core/limiter/breach-guard';

const limited = (retryAfterMs: number) =>
  BrokerError.fromEnvelope(429, -353, 'API limit exceeded', retryAfterMs);

function setup(store = memoryDayStore(), clock = new FakeClock()) {
  const s = createRequestScheduler({ clock, store, marginMs: { second: 0, minute: 0 } });
  const sent: string[] = [];
  const job = (label: string, priority: Priority, orderActions?: number) =>
    s.schedule({
      priority,
      label,
      ...(orderActions ? { orderActions } : {}),
      run: async () => {
        sent.push(label);
        return label;
      },
    });
  const refused = (label: string, retryAfterMs: number) =>
    s.schedule({
      priority: 'order',
      label,
      orderActions: 1,
      run: async () => {
        sent.push(label);
        throw limited(retryAfterMs);
      },
    });
  return { clock, s, sent, job, refused, store };
}

test('a 429 pauses everything until Retry-After plus a margin, counts one breach per episode and lowers the ceiling', async () => {
  const { clock, s, sent, job, refused } = setup();
  const reads = Array.from({ length: 100 }, (_, i) => job(`r${i}`, 'user'));
  await clock.advance(20_000);
  const before = s.getState().minute.used;
  assert.ok(before >= 100, `the reads went out (${before})`);
  // Two refusals from the same broker minute (both on the wire at once) are one breach.
  const a = assert.rejects(refused('o1', 30_000), (e: BrokerError) => e.code === -353);
  const b = assert.rejects(refused('o2', 30_000), (e: BrokerError) => e.code === -353);
  await clock.flush();
  await Promise.all([a, b]);
  const st = s.getState();
  // One seen, one assumed unseen (the other client's refusals): background refresh held.
  assert.deepEqual(st.breaches, { count: 1, unseen: 1, allowed: 3, level: 'held' });
  assert.equal(st.pausedUntil, new Date(clock.now() + 31_000).toISOString());
  assert.equal(
    st.minute.ceiling,
    Math.floor(0.75 * (before + 2)),
    'three quarters of what was sent',
  );
  const late = job('after', 'order', 1);
  await clock.advance(30_999);
  assert.ok(!sent.includes('after'), 'nothing goes before the broker minute surely rolled');
  await clock.advance(1);
  assert.ok(!sent.includes('after'), 'nor while the last minute holds more than the new ceiling');
  // The user lane sent 6 a second from 0 s: the 27th oldest leaves the window at 64 s.
  await clock.advance(13_000);
  assert.equal(await late, 'after');
  assert.ok(s.getState().minute.used <= s.getState().minute.ceiling);
  await Promise.all(reads);
  await s.dispose();
});

test('breaches persist with the day count and are forgotten at IST midnight', async () => {
  const clock = new FakeClock(Date.UTC(2026, 10, 20, 12, 30, 0)); // 18:00 IST
  const first = setup(memoryDayStore(), clock);
  await assert.rejects(first.refused('o', 2_000));
  assert.equal(first.store.value?.breaches, 1, 'written at once');
  await first.s.dispose();
  const again = setup(first.store, clock);
  assert.equal(again.s.getState().breaches.count, 1, 'a restart the same day remembers');
  assert.equal(again.s.getState().minute.ceiling, 100, 'and starts held');
  await clock.advance(6 * 3600_000);
  assert.deepEqual(again.s.getState().breaches, {
    count: 0,
    unseen: 0,
    allowed: 3,
    level: 'clear',
  });
  assert.equal(again.s.getState().minute.ceiling, 150);
  await again.s.dispose();
});

test('one breach seen and one assumed unseen hold background refresh; two seen refuse order actions before sending, reads still go', async () => {
  const { clock, s, sent, job, refused } = setup();
  await assert.rejects(refused('o1', 1_000));
  assert.deepEqual(s.getState().breaches, { count: 1, unseen: 1, allowed: 3, level: 'held' });
  const bg = job('bg', 'background');
  await clock.advance(5_000);
  assert.ok(!sent.includes('bg'), 'background refresh waits at two breaches (one unseen)');
  const third = assert.rejects(refused('o2', 1_000));
  // Queued behind o2 (11 order actions would exceed 10 in a second), then refused unsent.
  const queued = job('queued-multi', 'order', 10);
  const queuedRefused = assert.rejects(queued, DayBlockRiskError);
  await clock.flush();
  await third;
  await queuedRefused;
  // Two seen and one unseen: the next may block the day.
  assert.deepEqual(s.getState().breaches, { count: 2, unseen: 1, allowed: 3, level: 'stopped' });
  // The app had sent almost nothing (another client spent the minutes): the 10% floor.
  assert.equal(s.getState().minute.ceiling, 20);
  const runs: string[] = [];
  await assert.rejects(
    s.schedule({
      priority: 'order',
      orderActions: 1,
      run: async () => runs.push('sent') as never,
    }),
    (e: unknown) => e instanceof DayBlockRiskError && !e.blocked,
  );
  assert.deepEqual(runs, [], 'refused before anything was sent');
  // The reads that confirm orders already sent, and the trader's reads, still go.
  const check = job('check', 'order');
  const view = job('view', 'user');
  await clock.advance(3_000);
  assert.equal(await check, 'check');
  assert.equal(await view, 'view');
  assert.ok(!sent.includes('bg') && !sent.includes('queued-multi'));
  await s.dispose();
  await assert.rejects(bg);
});

test('background refresh waits out a breach and the cool-down, then resumes; a restart cools down from the start', async () => {
  const { clock, s, sent, job, refused, store } = setup();
  await assert.rejects(refused('o1', 1_000));
  const t0 = clock.now();
  // Held for the pause (Retry-After + 1 s) and the cool-down, not until midnight.
  assert.equal(
    s.getState().backgroundHeldUntil,
    new Date(t0 + 2_000 + BACKGROUND_COOL_DOWN_MS).toISOString(),
  );
  const bg = job('bg', 'background');
  await clock.advance(2_000 + BACKGROUND_COOL_DOWN_MS - 1_000);
  assert.ok(!sent.includes('bg'), 'not during the cool-down');
  await clock.advance(1_000);
  assert.ok(sent.includes('bg'), 'back after the cool-down, the level still held');
  assert.equal(s.getState().breaches.level, 'held');
  assert.equal(s.getState().backgroundHeldUntil, null);
  await bg;
  await s.dispose();
  // A restart the same day does not know when the breach fell: it cools down from the start.
  const again = setup(store, clock);
  assert.equal(
    again.s.getState().backgroundHeldUntil,
    new Date(clock.now() + BACKGROUND_COOL_DOWN_MS).toISOString(),
  );
  const bg2 = again.job('bg2', 'background');
  await clock.advance(BACKGROUND_COOL_DOWN_MS - 1);
  assert.ok(!again.sent.includes('bg2'));
  await clock.advance(1);
  assert.equal(await bg2, 'bg2');
  await again.s.dispose();
});

test('a day-long Retry-After is the broker block: order actions refused as blocked', async () => {
  const { clock, s, refused } = setup();
  await assert.rejects(refused('o', 6 * 3600_000));
  assert.equal(s.getState().breaches.level, 'blocked');
  await assert.rejects(
    s.schedule({ priority: 'order', orderActions: 1, run: async () => 1 }),
    (e: unknown) => e instanceof DayBlockRiskError && e.blocked,
  );
  await clock.flush();
  await s.dispose();
});

test('the order lane never carries more than 10 order actions a second', async () => {
  const { clock, s, sent, job } = setup();
  const multi1 = job('multi1', 'order', 10);
  const multi2 = job('multi2', 'order', 10);
  const single = job('single', 'order', 1);
  const read = job('read', 'order');
  await clock.flush();
  assert.deepEqual(
    sent,
    ['multi1'],
    'a second multi of 10 waits (and so does what queues behind it)',
  );
  await clock.advance(999);
  assert.deepEqual(sent, ['multi1']);
  await clock.advance(1);
  assert.deepEqual(sent, ['multi1', 'multi2']);
  await clock.advance(1000);
  assert.deepEqual(sent, ['multi1', 'multi2', 'single', 'read']);
  await Promise.all([multi1, multi2, single, read]);
  await s.dispose();
});

test('a refusal of the per-second window is paused for, never counted as a minute breach', async () => {
  const { clock, s, refused } = setup();
  for (let i = 0; i < 4; i++) {
    const r = assert.rejects(
      s.schedule({
        priority: 'order',
        label: `s${i}`,
        orderActions: 1,
        run: async () => {
          throw BrokerError.fromEnvelope(
            429,
            -353,
            'API limit exceeded: 10 requests per second',
            1000,
          );
        },
      }),
    );
    await clock.flush();
    await r;
    await clock.advance(5_000);
  }
  assert.deepEqual(s.getState().breaches, { count: 0, unseen: 0, allowed: 3, level: 'clear' });
  // A minute refusal still counts.
  const m = assert.rejects(refused('m', 30_000));
  await clock.flush();
  await m;
  assert.equal(s.getState().breaches.count, 1);
});

test('a 429 answered late for a request sent inside the counted episode is the same breach', async () => {
  const { clock, s, refused } = setup();
  // One request leaves now and its answer takes 10 s; another leaves and is refused at once.
  let answerLate!: (e: unknown) => void;
  const slow = assert.rejects(
    s.schedule({
      priority: 'order',
      label: 'slow',
      orderActions: 1,
      run: () =>
        new Promise((_, reject) => {
          answerLate = reject;
        }),
    }),
  );
  const quick = assert.rejects(refused('quick', 1_000));
  await clock.flush();
  await quick;
  assert.equal(s.getState().breaches.count, 1);
  await clock.advance(10_000);
  answerLate(limited(1_000)); // sent in the same broker minute, answered after the pause
  await slow;
  await clock.flush();
  assert.equal(s.getState().breaches.count, 1, 'counted once: it was sent before the pause');
});

test('on a blocked day an order-priority read is refused at once, never held until midnight', async () => {
  const { clock, s, refused, sent } = setup();
  const r = assert.rejects(refused('block', 8 * 3_600_000)); // the day block: until midnight
  await clock.flush();
  await r;
  assert.equal(s.getState().breaches.level, 'blocked');
  const read = s.schedule({
    priority: 'order',
    label: 'positions before an exit',
    run: async () => {
      sent.push('read');
      return 1;
    },
  });
  await assert.rejects(read, (e: unknown) => e instanceof DayBlockRiskError && e.blocked);
  assert.ok(!sent.includes('read'), 'nothing was sent');
});

test('a second episode surely in the broker minute already counted slows again but is one breach; near the minute edge it counts', async () => {
  // 04:00:10 UTC: both refusals fall well inside the 04:00 minute.
  const { clock, s, refused } = setup(
    memoryDayStore(),
    new FakeClock(Date.UTC(2026, 10, 20, 4, 0, 10)),
  );
  await assert.rejects(refused('a', 1_000));
  assert.equal(s.getState().breaches.count, 1);
  const ceiling = s.getState().minute.ceiling;
  await clock.advance(20_000); // the pause is over; another client keeps the minute full
  await assert.rejects(refused('b', 1_000));
  assert.equal(s.getState().breaches.count, 1, 'the broker counts a minute of refusals once');
  assert.ok(s.getState().minute.ceiling <= ceiling, 'and the client slows again');
  // 04:00:59: the broker's minute may already have turned: counted, the safe side.
  await clock.advance(29_000);
  await assert.rejects(refused('c', 1_000));
  assert.equal(s.getState().breaches.count, 2);
  await s.dispose();
});
