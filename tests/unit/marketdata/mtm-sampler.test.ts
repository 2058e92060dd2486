import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Position, Positions } from '../../../shared/broker/models';
import { createMtmSampler, totalMtm } from '../../../electron/core/marketdata/mtm-sampler';
import type { Clock } from '../../../electron/core/limiter/clock';

function position(over: Partial<Position>): Position {
  return {
    id: 'NSE:SBIN-EQ-INTRADAY',
    symbol: 'NSE:SBIN-EQ',
    productType: 'INTRADAY',
    side: 1,
    netQty: 10,
    qty: 10,
    buyQty: 10,
    sellQty: 0,
    buyAvg: 800,
    sellAvg: 0,
    netAvg: 800,
    buyValue: 8000,
    sellValue: 0,
    realizedPl: 0,
    unrealizedPl: 50,
    pl: 50,
    crossCurrency: false,
    rbiRefRate: 1,
    commodityMultiplier: 1,
    segment: 10,
    exchange: 10,
    slNo: 1,
    ltp: 805,
    token: '10100000003045',
    ...over,
  };
}

function book(list: Position[]): Positions {
  return {
    positions: list,
    overall: {
      count: list.length,
      openCount: list.length,
      plTotal: 0,
      plRealized: 0,
      plUnrealized: 0,
    },
  };
}

/** A clock whose timers run only when the test moves time. */
function manualClock(start: number) {
  let now = start;
  const timers: { at: number; fn: () => void; id: number }[] = [];
  let next = 1;
  const clock: Clock = {
    now: () => now,
    setTimeout(fn, ms) {
      const id = next++;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimeout(h) {
      const k = timers.findIndex((t) => t.id === h);
      if (k >= 0) timers.splice(k, 1);
    },
  };
  return {
    clock,
    pending: () => timers.length,
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const t = timers[0];
        if (!t || t.at > end) break;
        timers.shift();
        now = t.at;
        t.fn();
      }
      now = end;
    },
  };
}

test('the total moves each position by its live price; closed ones keep the broker figure', () => {
  const open = position({});
  const closed = position({ id: 'x', symbol: 'NSE:TCS-EQ', netQty: 0, pl: -120, ltp: 3000 });
  const prices: Record<string, number> = { 'NSE:SBIN-EQ': 810, 'NSE:TCS-EQ': 2900 };
  // SBIN: 50 + (810 - 805) × 10 = 100; TCS closed: -120 whatever the price.
  assert.equal(
    totalMtm(book([open, closed]), (s) => prices[s]),
    -20,
  );
  assert.equal(
    totalMtm(book([open]), () => undefined),
    50,
    'no live price: the broker figure',
  );
});

test('one sample at once, then one a minute, bounded, and a new IST day starts over', async () => {
  // 10:00 IST.
  const t0 = Date.UTC(2026, 10, 24, 4, 30);
  const m = manualClock(t0);
  let ltp = 805;
  const sampler = createMtmSampler({
    quotes: { get: () => ({ ltp }) as never },
    clock: m.clock,
    maxPoints: 5,
  });
  assert.deepEqual(sampler.series(), []);
  sampler.observe(book([position({})]));
  assert.deepEqual(sampler.series(), [{ at: t0, pl: 50, positions: 1, source: 'sampled' }]);
  assert.equal(sampler.anchor()?.at, t0, 'the first sample is where a rebuild meets the series');
  ltp = 815;
  m.advance(60_000);
  assert.deepEqual(sampler.series().at(-1), {
    at: t0 + 60_000,
    pl: 150,
    positions: 1,
    source: 'sampled',
  });
  assert.equal(sampler.anchor()?.at, t0, 'later samples do not move it');
  m.advance(10 * 60_000);
  assert.equal(sampler.series().length, 5, 'bounded');
  // Past IST midnight: yesterday's series is not shown, the next sample starts today's.
  m.advance(15 * 3_600_000);
  const points = sampler.series();
  assert.ok(points.length >= 1 && points.length <= 5);
  assert.ok(
    points.every((p) => p.at > Date.UTC(2026, 10, 24, 18, 30)),
    'only today',
  );
  const anchor = sampler.anchor()!.at;
  assert.ok(
    anchor >= Date.UTC(2026, 10, 24, 18, 30) && anchor <= points[0]!.at,
    'a new day, a new anchor',
  );
  await sampler.dispose();
  assert.equal(m.pending(), 0, 'no timer left after dispose');
});

test('no positions, no samples; the first read with positions samples at once', () => {
  const t0 = Date.UTC(2026, 10, 24, 4, 30);
  const m = manualClock(t0);
  const sampler = createMtmSampler({ quotes: { get: () => undefined }, clock: m.clock });
  sampler.observe(book([]));
  m.advance(5 * 60_000);
  assert.deepEqual(sampler.series(), []);
  assert.equal(sampler.anchor(), null, 'no positions, nothing to meet');
  m.advance(10_000);
  sampler.observe(book([position({})]));
  assert.deepEqual(sampler.series(), [
    { at: t0 + 310_000, pl: 50, positions: 1, source: 'sampled' },
  ]);
  assert.equal(m.pending(), 1, 'one timer, however many reads');
});
