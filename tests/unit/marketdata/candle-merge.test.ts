import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mergeTick, type Candle, type MergeState } from '../../../shared/marketdata/candle';

// 09:15 IST on a trading day, epoch seconds: NSE's 5-minute candles start here.
const OPEN = Date.UTC(2026, 10, 24, 3, 45) / 1000;

function day(): Candle[] {
  return [
    { time: OPEN, open: 100, high: 101, low: 99, close: 100.5, volume: 1000 },
    { time: OPEN + 300, open: 100.5, high: 102, low: 100, close: 101, volume: 500 },
  ];
}

test('a tick inside the last candle moves its high, low, close and volume', () => {
  const candles = day();
  const state: MergeState = { lastDayVolume: 1500 };
  const at = (OPEN + 300 + 42) * 1000;
  assert.equal(mergeTick(candles, { ltp: 103, at, volume: 1600 }, 5, state), 'updated');
  assert.equal(mergeTick(candles, { ltp: 99.5, at: at + 1000, volume: 1650 }, 5, state), 'updated');
  assert.equal(candles.length, 2);
  assert.deepEqual(candles[1], {
    time: OPEN + 300,
    open: 100.5,
    high: 103,
    low: 99.5,
    close: 99.5,
    volume: 650,
  });
});

test('a tick past the last candle starts a new one on the session grid', () => {
  const candles = day();
  const state: MergeState = { lastDayVolume: null };
  // 12 minutes after the second candle's start: two 5-minute buckets later, at +10.
  const at = (OPEN + 300 + 12 * 60 + 7) * 1000;
  assert.equal(mergeTick(candles, { ltp: 104, at, volume: 2000 }, 5, state), 'added');
  assert.deepEqual(candles[2], {
    time: OPEN + 300 + 600,
    open: 104,
    high: 104,
    low: 104,
    close: 104,
    volume: 0,
  });
  // The next day's first tick lands on 09:15 again (a whole number of 5-minute steps away).
  const next = (OPEN + 86_400 + 3) * 1000;
  assert.equal(mergeTick(candles, { ltp: 105, at: next, volume: null }, 5, state), 'added');
  assert.equal(candles[3]?.time, OPEN + 86_400);
});

test('a 60-minute chart keeps the 09:15 alignment the broker uses', () => {
  const candles: Candle[] = [{ time: OPEN, open: 100, high: 100, low: 100, close: 100, volume: 0 }];
  const state: MergeState = { lastDayVolume: null };
  mergeTick(candles, { ltp: 101, at: (OPEN + 3600 + 1800) * 1000, volume: null }, 60, state);
  assert.equal(candles[1]?.time, OPEN + 3600, '10:15, not 10:00');
});

test('bad or old ticks change nothing', () => {
  const candles = day();
  const before = structuredClone(candles);
  const state: MergeState = { lastDayVolume: null };
  const at = (OPEN + 310) * 1000;
  for (const ltp of [NaN, Infinity, 0, -5])
    assert.equal(mergeTick(candles, { ltp, at, volume: null }, 5, state), 'ignored');
  assert.equal(
    mergeTick(candles, { ltp: 100, at: (OPEN - 60) * 1000, volume: null }, 5, state),
    'ignored',
  );
  assert.equal(mergeTick(candles, { ltp: 100, at: NaN, volume: null }, 5, state), 'ignored');
  assert.deepEqual(candles, before);
});

test('an empty chart starts its first candle on the resolution grid', () => {
  const candles: Candle[] = [];
  const state: MergeState = { lastDayVolume: 10 };
  assert.equal(
    mergeTick(candles, { ltp: 50, at: (OPEN + 130) * 1000, volume: 25 }, 1, state),
    'added',
  );
  assert.deepEqual(candles, [
    { time: OPEN + 120, open: 50, high: 50, low: 50, close: 50, volume: 15 },
  ]);
});
