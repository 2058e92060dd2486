/**
 * Our own fills as trade prints in the sandbox's market (PriceBook.trade,
 * sandbox/market/trade-impact.ts): a print is the last trade at once; an aggressive one pushes
 * the book's centre from the next step, the push decaying back; a passive one pushes nothing;
 * only the traded instrument moves; and a harness hammering one symbol cannot walk it away.
 * Each check compares a book with the prints against a twin of the same seed without them.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Instrument } from '../../../shared/broker/instrument';
import { fixtureInstruments } from '../../../sandbox/market/fixture-instruments';
import { indexInstruments } from '../../../sandbox/market/instrument-index';
import { PriceBook } from '../../../sandbox/market/price-book';
import { IMPACT_KEPT_PER_STEP, IMPACT_SHARE } from '../../../sandbox/market/trade-impact';

const NOW = Date.parse('2026-11-23T10:00:00+05:30');
/** Expiry a month out, 15:30 IST, in Unix seconds. */
const EXPIRY = Date.parse('2026-12-24T15:30:00+05:30') / 1000;
/** SBIN's tick. */
const TICK = 0.05;

/** SBIN, the NIFTY 50 index with a future and a call on it; two books of one seed. */
function market() {
  const base = fixtureInstruments();
  const spot = base.find((i) => i.ticker === 'NSE:NIFTY50-INDEX')!;
  const fut = base.find((i) => i.ticker === 'NSE:NIFTY25DECFUT')!;
  const ce = base.find((i) => i.ticker === 'NSE:NIFTY25DEC24000CE')!;
  const list: Instrument[] = base.filter((i) => !i.ticker.startsWith('NSE:NIFTY25DEC'));
  list.push({ ...fut, underlyingToken: spot.token, expiry: EXPIRY });
  list.push({
    ...ce,
    ticker: 'NSE:NIFTY26DEC26000CE',
    token: 'T91001',
    scripCode: 91001,
    strike: 26000,
    underlyingToken: spot.token,
    expiry: EXPIRY,
  });
  const index = indexInstruments(list);
  const make = () =>
    new PriceBook(
      7,
      index,
      () => undefined,
      () => NOW,
    );
  const get = (t: string) => index.byTicker(t)!;
  return {
    book: make(),
    twin: make(),
    sbin: get('NSE:SBIN-EQ'),
    spot: get('NSE:NIFTY50-INDEX'),
    fut: get('NSE:NIFTY25DECFUT'),
    call: get('NSE:NIFTY26DEC26000CE'),
  };
}

const ticks = (a: number, b: number) => Math.round((a - b) / TICK);

test('a print is the last trade at once: price, quantity, volume, high; the book stays where it was this step', () => {
  const m = market();
  m.book.advance(3);
  m.twin.advance(3);
  const before = { ...m.book.stats(m.sbin) };
  const centre = m.book.centre(m.sbin);
  const at = centre + 3 * TICK;
  m.book.trade(m.sbin, { qty: 700, price: at, aggressive: true });
  const after = m.book.stats(m.sbin);
  assert.equal(m.book.ltp(m.sbin), Math.round(at / TICK) * TICK);
  assert.equal(after.volume - before.volume, 700);
  assert.equal(after.lastQty, 700);
  assert.ok(after.high >= m.book.ltp(m.sbin));
  assert.equal(after.bars[after.bars.length - 1]!.c, m.book.ltp(m.sbin));
  assert.equal(m.book.centre(m.sbin), centre, 'the push waits for the next step');
  assert.notEqual(m.twin.ltp(m.sbin), m.book.ltp(m.sbin), 'the twin never traded there');
});

test('an aggressive print pushes the next step half way to it, and the push decays back to nothing', () => {
  const m = market();
  m.book.advance(5);
  m.twin.advance(5);
  m.book.trade(m.sbin, { qty: 900, price: m.book.centre(m.sbin) + 4 * TICK, aggressive: true });
  m.book.advance(1);
  m.twin.advance(1);
  const first = ticks(m.book.centre(m.sbin), m.twin.centre(m.sbin));
  assert.ok(
    Math.abs(first - IMPACT_SHARE * 4) <= 1,
    `pushed ${first} ticks, want about ${IMPACT_SHARE * 4}`,
  );
  // The step's own trade prints at the pushed centre: the walk goes on from there.
  assert.equal(m.book.ltp(m.sbin), m.book.centre(m.sbin));
  let gaps = [first];
  for (let n = 0; n < 10; n++) {
    m.book.advance(1);
    m.twin.advance(1);
    gaps.push(ticks(m.book.centre(m.sbin), m.twin.centre(m.sbin)));
  }
  assert.ok(IMPACT_KEPT_PER_STEP < 1);
  assert.equal(gaps[gaps.length - 1], 0, `the push decays away: ${gaps.join(', ')}`);
  gaps = gaps.filter((g) => g < 0);
  assert.deepEqual(gaps, [], 'it never overshoots below the twin');
});

test('a resting limit that is hit prints but pushes nothing', () => {
  const m = market();
  m.book.trade(m.sbin, { qty: 50, price: m.book.centre(m.sbin) - 6 * TICK, aggressive: false });
  assert.equal(m.book.ltp(m.sbin), m.twin.centre(m.sbin) - 6 * TICK);
  m.book.advance(1);
  m.twin.advance(1);
  assert.equal(m.book.centre(m.sbin), m.twin.centre(m.sbin));
});

test('only the traded instrument moves: an option print leaves the index and the future; a future print leaves the index and the option', () => {
  const m = market();
  m.book.advance(2);
  m.twin.advance(2);
  // Five of each one's ticks (the future's is 0.10).
  m.book.trade(m.call, {
    qty: 75,
    price: m.book.centre(m.call) + 5 * m.call.tickSize,
    aggressive: true,
  });
  m.book.trade(m.fut, { qty: 75, price: m.book.centre(m.fut) - 5 * m.fut.tickSize, aggressive: true });
  for (const n of [0, 1]) {
    if (n) {
      m.book.advance(1);
      m.twin.advance(1);
    }
    assert.equal(m.book.ltp(m.spot), m.twin.ltp(m.spot), `index at step +${n}`);
  }
  // One step on, each carries its own push, and neither the other's.
  assert.ok(m.book.centre(m.call) > m.twin.centre(m.call), 'the call was bought up');
  assert.ok(m.book.centre(m.fut) < m.twin.centre(m.fut), 'the future was sold down');
  assert.equal(m.book.stats(m.spot).volume, 0, 'an index never trades');
});

test('a harness hammering one symbol with buys every step cannot walk it off: the push stays within a few ticks and goes when it stops', () => {
  const m = market();
  let worst = 0;
  for (let n = 0; n < 2000; n++) {
    // Ten orders a step, each sweeping the five ask levels (the most a step's book can give).
    for (let k = 0; k < 10; k++)
      m.book.trade(m.sbin, { qty: 400, price: m.book.centre(m.sbin) + 5 * TICK, aggressive: true });
    m.book.advance(1);
    m.twin.advance(1);
    worst = Math.max(worst, ticks(m.book.centre(m.sbin), m.twin.centre(m.sbin)));
  }
  const bound = (IMPACT_SHARE * 5) / (1 - IMPACT_KEPT_PER_STEP);
  assert.ok(worst <= Math.ceil(bound) + 1, `pushed up to ${worst} ticks (bound ${bound})`);
  m.book.advance(20);
  m.twin.advance(20);
  assert.equal(m.book.centre(m.sbin), m.twin.centre(m.sbin), 'gone once the buying stops');
});

test('a price pin clears the push: the pinned price is the centre', () => {
  const m = market();
  m.book.trade(m.sbin, { qty: 400, price: m.book.centre(m.sbin) + 5 * TICK, aggressive: true });
  m.book.setLtp(m.sbin, 940);
  m.book.advance(1);
  m.twin.setLtp(m.sbin, 940);
  m.twin.advance(1);
  assert.equal(m.book.centre(m.sbin), m.twin.centre(m.sbin));
});
