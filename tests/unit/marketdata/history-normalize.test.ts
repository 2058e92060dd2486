import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  chartRange,
  normalizeCandle,
  normalizeCandles,
} from '../../../electron/core/marketdata/history';
import { Candle } from '../../../shared/marketdata/candle';
import { MAX_FUTURE_SKEW_MS } from '../../../electron/core/marketdata/broker-time';

const T = 1_764_000_000;
/** The test's clock: a day after T (epoch ms). */
const NOW = (T + 86_400) * 1000;

test('a well-formed candle becomes a Candle; numeric strings are read as numbers', () => {
  assert.deepEqual(normalizeCandle([T, 100, 101, 99.5, 100.5, 1200], NOW), {
    time: T,
    open: 100,
    high: 101,
    low: 99.5,
    close: 100.5,
    volume: 1200,
  });
  assert.deepEqual(normalizeCandle([String(T), '100', '101', '99', '100', '0'], NOW), {
    time: T,
    open: 100,
    high: 101,
    low: 99,
    close: 100,
    volume: 0,
  });
  // An index candle without volume.
  assert.equal(normalizeCandle([T, 100, 101, 99, 100], NOW)?.volume, 0);
});

test('malformed candles are refused, each for its own reason', () => {
  const bad: [string, unknown][] = [
    ['not a list', { t: T }],
    ['too short', [T, 100, 101, 99]],
    ['NaN open', [T, NaN, 101, 99, 100, 1]],
    ['Infinity high', [T, 100, Infinity, 99, 100, 1]],
    ['text price', [T, 100, 'abc', 99, 100, 1]],
    ['null close', [T, 100, 101, 99, null, 1]],
    ['zero low', [T, 100, 101, 0, 100, 1]],
    ['negative open', [T, -100, 101, 99, 100, 1]],
    ['negative volume', [T, 100, 101, 99, 100, -5]],
    ['text volume', [T, 100, 101, 99, 100, 'lots']],
    ['high below close', [T, 100, 100.5, 99, 101, 1]],
    ['low above open', [T, 100, 102, 100.5, 101, 1]],
    ['high below low', [T, 100, 98, 99, 100, 1]],
    ['fractional time', [T + 0.5, 100, 101, 99, 100, 1]],
    ['zero time', [0, 100, 101, 99, 100, 1]],
    ['negative time', [-T, 100, 101, 99, 100, 1]],
    ['stamped in 2100', [4_102_444_800, 100, 101, 99, 100, 1]],
    ['stamped in 3000', [32_503_680_000, 100, 101, 99, 100, 1]],
    ['milliseconds sent as seconds', [T * 1000, 100, 101, 99, 100, 1]],
    ['after now + the allowed skew', [NOW / 1000 + 3600, 100, 101, 99, 100, 1]],
    ['before 1990', [86_400, 100, 101, 99, 100, 1]],
  ];
  for (const [why, raw] of bad) assert.equal(normalizeCandle(raw, NOW), null, why);
});

test('a list keeps the good candles sorted, drops and counts the bad and the repeated', () => {
  const { candles, dropped } = normalizeCandles(
    [
      [T + 120, 102, 103, 101, 102.5, 10],
      [T, 100, 101, 99, 100.5, 10],
      [T + 60, NaN, 101, 99, 100, 10],
      'garbage',
      [T + 60, 100.5, 102, 100, 101.5, 10],
      [T + 60, 100.5, 102.5, 100, 102, 12],
    ],
    NOW,
  );
  assert.deepEqual(
    candles.map((c) => [c.time, c.close, c.volume]),
    [
      [T, 100.5, 10],
      [T + 60, 102, 12],
      [T + 120, 102.5, 10],
    ],
  );
  // NaN, 'garbage', and the first of the two at T+60.
  assert.equal(dropped, 3);
  for (const c of candles) assert.ok(Candle.safeParse(c).success, 'crosses IPC as it is');
});

test('an answer without a candle list gives no candles and no drops', () => {
  for (const raw of [undefined, null, {}, 'x', 5]) {
    assert.deepEqual(normalizeCandles(raw, NOW), { candles: [], dropped: 0 });
  }
  assert.deepEqual(normalizeCandles([], NOW), { candles: [], dropped: 0 });
});

test('chart ranges end now and reach back further for longer candles', () => {
  const now = Date.UTC(2026, 10, 25, 4, 0);
  const one = chartRange(1, now);
  const hour = chartRange(60, now);
  assert.equal(one.to, now);
  assert.ok(one.from < now - 3 * 86_400_000, '1-minute reaches past a weekend');
  assert.ok(hour.from < one.from);
});

test('a candle starting now, or just inside the allowed clock skew, is kept', () => {
  const now = NOW / 1000;
  assert.equal(normalizeCandle([now, 100, 101, 99, 100, 1], NOW)?.time, now);
  const skew = Math.floor(MAX_FUTURE_SKEW_MS / 1000);
  assert.equal(normalizeCandle([now + skew, 100, 101, 99, 100, 1], NOW)?.time, now + skew);
  // A whole candle ahead is beyond any clock the broker is known to keep (broker-time.ts).
  assert.equal(normalizeCandle([now + 60, 100, 101, 99, 100, 1], NOW), null);
});
