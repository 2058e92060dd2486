import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Side } from '../../../shared/broker/enums';
import type { Position, Trade } from '../../../shared/broker/models';
import { MtmSeries } from '../../../shared/marketdata/mtm';
import { createMtmSampler } from '../../../electron/core/marketdata/mtm-sampler';
import { createMtmService, type MtmReads } from '../../../electron/core/marketdata/mtm-series';
import type { NormalizedCandles } from '../../../electron/core/marketdata/history';
import { fill, ist, minuteCandles, positionAfter } from './mtm-fixtures';

const SBIN = 'NSE:SBIN-EQ';
const TCS = 'NSE:TCS-EQ';

/** A clock that moves only when the test says; timers are never due (one sample per observe). */
function clockAt(start: number) {
  let now = start;
  return {
    clock: { now: () => now, setTimeout: () => 0, clearTimeout: () => undefined },
    set: (t: number) => (now = t),
  };
}

const book = (positions: Position[]) => ({
  positions,
  overall: { count: positions.length, openCount: 0, plTotal: 0, plRealized: 0, plUnrealized: 0 },
});

/** Broker reads that count themselves and fail when told to. */
function fakeReads(trades: Trade[], candles: Record<string, NormalizedCandles>) {
  const calls = { trades: 0, candles: [] as string[] };
  const fail = { trades: false, candles: new Set<string>() };
  const reads: MtmReads = {
    async trades() {
      calls.trades++;
      if (fail.trades) throw new Error('HTTP 500');
      return trades;
    },
    async candles(symbol, from, to) {
      calls.candles.push(symbol);
      assert.equal(from, ist(0, 0), 'the day’s candles from IST midnight');
      assert.ok(to <= ist(14, 0, 30) + 250);
      if (fail.candles.has(symbol)) throw new Error('HTTP 500');
      return candles[symbol] ?? { candles: [], dropped: 0 };
    },
  };
  return { reads, calls, fail };
}

const fills = [
  fill(SBIN, Side.Buy, 10, 800, ist(10, 0, 10)),
  fill(TCS, Side.Buy, 1, 4000, ist(11, 0, 10)),
];
const candles = {
  [SBIN]: { candles: minuteCandles(ist(9, 15), ist(13, 59), () => 802), dropped: 0 },
  [TCS]: { candles: minuteCandles(ist(9, 15), ist(13, 59), () => 4005), dropped: 0 },
};

function start(reads: MtmReads, retryMs?: number) {
  // A quarter second past: day boundaries are whole milliseconds of IST midnight all the same.
  const c = clockAt(ist(14, 0, 30) + 250);
  const quotes = { get: (s: string) => ({ ltp: s === SBIN ? 803 : 4006 }) as never };
  const sampler = createMtmSampler({ quotes, clock: c.clock });
  const service = createMtmService({
    sampler,
    reads,
    clock: c.clock,
    ...(retryMs !== undefined ? { retryMs } : {}),
  });
  return { service, c };
}

test('opened at 14:00: the day from the first fill is rebuilt, then the samples, each point saying which', async () => {
  const f = fakeReads(fills, candles);
  const { service } = start(f.reads);
  assert.deepEqual(await service.series(), { points: [], rebuiltFrom: null, notes: [] });
  assert.equal(f.calls.trades, 0, 'no positions seen: nothing read');

  service.observe(book([positionAfter(SBIN, fills, 803), positionAfter(TCS, fills, 4006)]));
  const s = await service.series();
  assert.ok(MtmSeries.safeParse(s).success);
  assert.equal(s.rebuiltFrom, ist(10, 0));
  assert.deepEqual(s.notes, []);
  const rebuilt = s.points.filter((p) => p.source === 'rebuilt');
  const sampled = s.points.filter((p) => p.source === 'sampled');
  assert.equal(s.points[0]!.at, ist(10, 0), 'starts at the first fill, not at 14:00');
  assert.equal(rebuilt.at(-1)!.at, ist(13, 59));
  assert.deepEqual(
    sampled.map((p) => p.at),
    [ist(14, 0, 30) + 250],
  );
  assert.equal(s.points.indexOf(sampled[0]!), rebuilt.length, 'rebuilt first, then sampled');
  // 10 SBIN bought at 800 and 1 TCS at 4000, marked at 802 and 4005.
  assert.equal(rebuilt.at(-1)!.pl, 25);
  assert.equal(sampled[0]!.pl, 36, 'the sampled point at live prices 803 and 4006');

  // Kept for the day: the screen asks every half minute, the broker is asked once.
  await service.series();
  await service.series();
  assert.equal(f.calls.trades, 1);
  assert.deepEqual(f.calls.candles.sort(), [SBIN, TCS]);
});

test('samples from before the first fill cover the day: nothing rebuilt, no history read', async () => {
  const f = fakeReads(fills, candles);
  const { service, c } = start(f.reads);
  c.set(ist(10, 0, 40));
  service.observe(book([positionAfter(SBIN, fills.slice(0, 1), 801)]));
  const s = await service.series();
  assert.equal(s.rebuiltFrom, null);
  assert.ok(s.points.every((p) => p.source === 'sampled'));
  assert.deepEqual(f.calls.candles, []);
});

test('a failed history read: the rest is rebuilt, the failure said, and it is tried again only later', async () => {
  const f = fakeReads(fills, candles);
  f.fail.candles.add(TCS);
  const { service, c } = start(f.reads, 300_000);
  service.observe(book([positionAfter(SBIN, fills, 803), positionAfter(TCS, fills, 4006)]));
  const s = await service.series();
  assert.deepEqual(
    s.notes.map((n) => [n.kind, n.symbol]),
    [['history-failed', TCS]],
  );
  // SBIN alone until TCS was bought at 11:00.
  const rebuilt = s.points.filter((p) => p.source === 'rebuilt');
  assert.equal(rebuilt[0]!.at, ist(10, 0));
  assert.equal(rebuilt.at(-1)!.at, ist(10, 59));
  assert.equal(s.points.at(-1)!.source, 'sampled', 'the samples are all there');

  await service.series();
  assert.equal(f.calls.candles.filter((x) => x === TCS).length, 1, 'not again at once');
  f.fail.candles.clear();
  c.set(ist(14, 5, 31));
  const later = await service.series();
  assert.equal(f.calls.candles.filter((x) => x === TCS).length, 2, 'again after the wait');
  assert.equal(f.calls.candles.filter((x) => x === SBIN).length, 1, 'SBIN’s candles were kept');
  assert.deepEqual(later.notes, []);
  assert.equal(later.points.filter((p) => p.source === 'rebuilt').at(-1)!.at, ist(13, 59));
});

test('a failed trade book read: the samples, and the failure said', async () => {
  const f = fakeReads(fills, candles);
  f.fail.trades = true;
  const { service } = start(f.reads);
  service.observe(book([positionAfter(SBIN, fills, 803)]));
  const s = await service.series();
  assert.equal(s.points.length, 1);
  assert.equal(s.points[0]!.source, 'sampled');
  assert.deepEqual(
    s.notes.map((n) => n.kind),
    ['trades-failed'],
  );
  assert.match(s.notes[0]!.text, /before 14:00 is not rebuilt/);
  assert.deepEqual(f.calls.candles, []);
});
