import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isTickMultiple, roundToTick } from '../../../shared/broker/rules';
import { fixtureInstruments } from '../../../sandbox/market/fixture-instruments';
import { indexInstruments } from '../../../sandbox/market/instrument-index';
import { PriceBook, onGrid } from '../../../sandbox/market/price-book';
import { seededRandom } from '../../../sandbox/market/hash-random';
import { SessionBoard, inSquareOffWindow, scheduledStatus } from '../../../sandbox/market/sessions';
import { basePrice } from '../../../sandbox/market/base-price';

const index = indexInstruments(fixtureInstruments());
const sbin = index.byTicker('NSE:SBIN-EQ')!;
const usd = index.byTicker('NSE:USDINR25DECFUT')!;

test('price walks are deterministic per seed and independent of read order', () => {
  const a = new PriceBook(7, index);
  const b = new PriceBook(7, index);
  a.advance(50);
  b.advance(20);
  b.ltp(usd); // reading another instrument in between must not change SBIN's walk
  b.advance(30);
  assert.equal(a.ltp(sbin), b.ltp(sbin));
  const c = new PriceBook(8, index);
  c.advance(50);
  assert.notEqual(c.ltp(sbin), a.ltp(sbin));
});

test('prices stay on the tick grid and move over time', () => {
  const p = new PriceBook(1, index);
  const seen = new Set<number>();
  for (let k = 0; k < 200; k++) {
    p.advance(1);
    for (const i of index.all)
      assert.ok(isTickMultiple(p.ltp(i), i.tickSize), `${i.ticker} ${p.ltp(i)}`);
    seen.add(p.ltp(sbin));
  }
  assert.ok(seen.size > 10, 'the walk moves');
  p.setLtp(sbin, 812.5);
  assert.equal(p.ltp(sbin), 812.5);
  p.reset();
  assert.equal(p.step, 0);
});

test('base prices are plausible: options below their underlying, futures near it', () => {
  const fut = index.byTicker('NSE:NIFTY25DECFUT')!;
  const ce = index.byTicker('NSE:NIFTY25DEC24000CE')!;
  const f = basePrice(fut, 1, index);
  assert.ok(f > 20_000 && f < 30_000, `future ${f}`);
  const o = basePrice(ce, 1, index);
  assert.ok(o > 0 && o < 3000, `option ${o}`);
});

test('exchange holidays: closed all day, the cash market’s pre-open and closing sessions only on trading days, MCX half days', () => {
  const at = (s: string) => Date.parse(s);
  // Christmas 2026: every exchange closed; the cash evening still reads POSTCLOSE_CLOSED (as observed live).
  for (const t of ['09:05', '10:00', '15:45'])
    assert.equal(scheduledStatus(10, 10, at(`2026-12-25T${t}:00+05:30`)), 'CLOSE', t);
  assert.equal(scheduledStatus(10, 10, at('2026-12-25T19:38:00+05:30')), 'POSTCLOSE_CLOSED');
  assert.equal(scheduledStatus(12, 11, at('2026-12-25T10:00:00+05:30')), 'CLOSE');
  assert.equal(scheduledStatus(11, 20, at('2026-12-25T20:00:00+05:30')), 'CLOSE');
  // A trading day's sessions around the continuous one.
  assert.equal(scheduledStatus(10, 10, at('2026-12-24T09:05:00+05:30')), 'PREOPEN');
  assert.equal(scheduledStatus(10, 10, at('2026-12-24T15:45:00+05:30')), 'POSTCLOSE_START');
  // Guru Nanak Jayanti 2026: NSE closed; MCX's morning closed, its evening open from 17:00.
  assert.equal(scheduledStatus(10, 11, at('2026-11-24T11:00:00+05:30')), 'CLOSE');
  assert.equal(scheduledStatus(11, 20, at('2026-11-24T11:00:00+05:30')), 'CLOSE');
  assert.equal(scheduledStatus(11, 20, at('2026-11-24T17:00:00+05:30')), 'OPEN');
  // New Year 2026: MCX's morning trades, its evening is closed, so the square-off comes before 17:00.
  assert.equal(scheduledStatus(11, 20, at('2026-01-01T12:00:00+05:30')), 'OPEN');
  assert.equal(scheduledStatus(11, 20, at('2026-01-01T18:00:00+05:30')), 'CLOSE');
  assert.equal(inSquareOffWindow(11, 20, at('2026-01-01T16:40:00+05:30')), true);
  assert.equal(inSquareOffWindow(10, 11, at('2026-12-25T15:26:00+05:30')), false);
});

test('session times per segment, weekends closed, square-off window', () => {
  const at = (s: string) => Date.parse(s);
  assert.equal(scheduledStatus(10, 10, at('2026-11-23T09:14:59+05:30')), 'CLOSE');
  assert.equal(scheduledStatus(10, 10, at('2026-11-23T09:15:00+05:30')), 'OPEN');
  assert.equal(scheduledStatus(10, 10, at('2026-11-23T15:30:00+05:30')), 'CLOSE');
  assert.equal(scheduledStatus(10, 12, at('2026-11-23T16:59:00+05:30')), 'OPEN');
  assert.equal(scheduledStatus(11, 20, at('2026-11-23T23:00:00+05:30')), 'OPEN');
  assert.equal(scheduledStatus(11, 20, at('2026-11-22T12:00:00+05:30')), 'CLOSE'); // Sunday
  assert.equal(inSquareOffWindow(10, 11, at('2026-11-23T15:25:00+05:30')), true);
  assert.equal(inSquareOffWindow(10, 11, at('2026-11-23T15:24:00+05:30')), false);
  assert.equal(inSquareOffWindow(11, 20, at('2026-11-23T23:05:00+05:30')), true);
  const b = new SessionBoard();
  b.setOverride(10, 10, 'CLOSE');
  assert.equal(b.status(10, 10, at('2026-11-23T10:00:00+05:30')), 'CLOSE');
  assert.equal(b.status(12, 10, at('2026-11-23T10:00:00+05:30')), 'OPEN');
  b.setOverride(10, 10, 'AUTO');
  assert.equal(b.isOverridden(10, 10), false);
});

test("onGrid (the walk's fast rounding) gives exactly the numbers of roundToTick", () => {
  const r = seededRandom(42);
  for (const tick of [0.05, 0.1, 0.01, 0.0025, 0.25, 1, 5]) {
    for (let k = 0; k < 100_000; k++) {
      const p = r() * (tick < 0.01 ? 200 : 200_000);
      assert.equal(onGrid(p, tick), Math.max(tick, roundToTick(p, tick)), `${p} on ${tick}`);
    }
  }
});

test('day statistics follow the walk: high/low bound every price, volume adds up in the minute bars', () => {
  let now = Date.parse('2026-11-23T10:00:00+05:30');
  const pb = new PriceBook(3, index, undefined, () => now);
  const seen: number[] = [];
  for (let k = 0; k < 240; k++) {
    if (k % 40 === 0) now += 60_000;
    pb.advance(1);
    seen.push(pb.ltp(sbin));
  }
  const st = pb.stats(sbin);
  assert.equal(st.high, Math.max(st.open, ...seen));
  assert.equal(st.low, Math.min(st.open, ...seen));
  assert.equal(st.bars.length, 7); // the start minute and six more
  assert.equal(
    st.bars.reduce((n, b) => n + b.v, 0),
    st.volume,
  );
  assert.equal(st.bars.at(-1)!.c, pb.ltp(sbin));
  // A book that reads the instrument only at the end computes the same day.
  const late = new PriceBook(3, index, undefined, () => now);
  late.advance(240);
  assert.equal(late.stats(sbin).volume, st.volume);
  assert.equal(late.ltp(sbin), pb.ltp(sbin));
});
