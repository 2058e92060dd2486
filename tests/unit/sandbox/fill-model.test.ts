/**
 * The sandbox's fill pricing (sandbox/orders/fill-model.ts) and exchange timing
 * (sandbox/orders/exchange-timing.ts): a walk of the book, limits capped at their price,
 * levels consumed within a step, and a latency distribution with a tail.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Side } from '../../../shared/broker/enums';
import type { DepthLevel } from '../../../shared/marketdata/packet';
import { averagePrice, walkBook } from '../../../sandbox/orders/fill-model';
import {
  EASY_LATENCY,
  REALISTIC_LATENCY,
  ackLatencyMs,
  CIRCUIT_PRICE_RANGE,
  exchangeVerdict,
  stepsFor,
} from '../../../sandbox/orders/exchange-timing';
import { fixtureInstruments } from '../../../sandbox/market/fixture-instruments';

const asks: DepthLevel[] = [
  { price: 100.05, volume: 30, orders: 2 },
  { price: 100.1, volume: 50, orders: 3 },
  { price: 100.15, volume: 20, orders: 1 },
  { price: 100.2, volume: 100, orders: 4 },
  { price: 100.25, volume: 10, orders: 1 },
];

test('a market buy walks the asks level by level: one slice per level, the average of the walk, the rest waits', () => {
  const taken: number[] = [];
  const s = walkBook({ side: Side.Buy, qty: 90, levels: asks, taken });
  assert.deepEqual(s, [
    { qty: 30, price: 100.05 },
    { qty: 50, price: 100.1 },
    { qty: 10, price: 100.15 },
  ]);
  assert.ok(Math.abs(averagePrice(s) - (30 * 100.05 + 50 * 100.1 + 10 * 100.15) / 90) < 1e-9);
  assert.deepEqual(taken, [30, 50, 10]);
  // The next order in the same step finds what is left.
  const next = walkBook({ side: Side.Buy, qty: 500, levels: asks, taken });
  assert.deepEqual(next, [
    { qty: 10, price: 100.15 },
    { qty: 100, price: 100.2 },
    { qty: 10, price: 100.25 },
  ]);
  assert.equal(
    next.reduce((n, x) => n + x.qty, 0),
    120,
    'five levels hold 210 units: the rest of a larger order waits for the next step',
  );
});

test('a limit takes only levels at its price or better; resting, it fills at its own price', () => {
  const aggressor = walkBook({ side: Side.Buy, qty: 200, levels: asks, taken: [], cap: 100.1 });
  assert.deepEqual(aggressor, [
    { qty: 30, price: 100.05 },
    { qty: 50, price: 100.1 },
  ]);
  const resting = walkBook({
    side: Side.Buy,
    qty: 60,
    levels: asks,
    taken: [],
    cap: 100.1,
    at: 100.1,
  });
  assert.deepEqual(resting, [{ qty: 60, price: 100.1 }]);
  // Not crossed: a buy limit below the best ask takes nothing.
  assert.deepEqual(walkBook({ side: Side.Buy, qty: 5, levels: asks, taken: [], cap: 100 }), []);
  // A sell walks the bids down and stops at its limit.
  const bids = asks.map((a, k) => ({ ...a, price: 99.95 - 0.05 * k }));
  assert.deepEqual(walkBook({ side: Side.Sell, qty: 100, levels: bids, taken: [], cap: 99.9 }), [
    { qty: 30, price: 99.95 },
    { qty: 50, price: 99.9 },
  ]);
});

test('latency: mostly tens of milliseconds, a tail of seconds, and the same draw for the same order', () => {
  const ms = Array.from({ length: 2000 }, (_, seq) => ackLatencyMs(REALISTIC_LATENCY, 1, seq));
  const fast = ms.filter((m) => m < 100).length;
  const slow = ms.filter((m) => m >= 500);
  assert.ok(fast > 1800, `${fast} of 2000 under 100 ms`);
  assert.ok(slow.length > 20 && slow.length < 200, `${slow.length} in the tail`);
  assert.ok(Math.max(...slow) <= 3000 && Math.max(...slow) > 1500);
  assert.equal(ackLatencyMs(REALISTIC_LATENCY, 1, 17), ms[17]);
  assert.equal(stepsFor(ackLatencyMs(EASY_LATENCY, 1, 5), 250), 1, 'easy: the next step');
  assert.equal(stepsFor(2600, 250), 11);
});

test("the exchange's own check: a cash limit outside its price range is refused after acceptance; derivatives are checked at the broker", () => {
  const all = fixtureInstruments();
  const sbin = all.find((i) => i.ticker === 'NSE:SBIN-EQ')!;
  const fut = all.find((i) => i.ticker === 'NSE:SBIN25DECFUT')!;
  const lim = (p: number) => ({ type: 1 as const, limitPrice: p, stopPrice: 0 });
  assert.equal(exchangeVerdict({ ...lim(790), instrument: sbin }, 800), undefined);
  // The default is the realistic range, the widest circuit band: 20% around the market.
  assert.match(
    exchangeVerdict({ ...lim(630), instrument: sbin }, 800) ?? '',
    /limit price 630 is outside the exchange's price range 640\.00-960\.00/,
  );
  assert.equal(
    exchangeVerdict({ ...lim(640), instrument: sbin }, 800, CIRCUIT_PRICE_RANGE),
    undefined,
  );
  assert.equal(
    exchangeVerdict({ ...lim(450), instrument: fut }, 800, CIRCUIT_PRICE_RANGE),
    undefined,
  );
  // A wider range a test may set (the control's priceRange 0.4): 600 passes, 450 does not.
  assert.equal(exchangeVerdict({ ...lim(600), instrument: sbin }, 800, 0.4), undefined);
  assert.match(
    exchangeVerdict({ ...lim(450), instrument: sbin }, 800, 0.4) ?? '',
    /480\.00-1120\.00/,
  );
  assert.equal(CIRCUIT_PRICE_RANGE, 0.2);
});
