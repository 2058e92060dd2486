import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  normalizeDepth,
  normalizeDepthLevel,
} from '../../../electron/core/marketdata/depth-normalize';
import { Depth, QuoteDepth } from '../../../shared/marketdata/depth';

const SBIN = 'NSE:SBIN-EQ';
const level = (price: unknown, volume: unknown = 100, ord: unknown = 3) => ({ price, volume, ord });

/** A depth answer's `d` as gaps.md describes it, with the sides given. */
function answer(bids: unknown, ask: unknown, extra: Record<string, unknown> = {}) {
  return {
    [SBIN]: {
      bids,
      ask,
      totalbuyqty: 12_000,
      totalsellqty: '9,500',
      ltp: 812.35,
      ltt: 1_700_000_000,
      v: 1_234_567,
      o: 800,
      h: 815,
      l: 799,
      c: 805,
      ch: 7.35,
      chp: 0.91,
      lower_ckt: 644,
      upper_ckt: 966,
      oi: 0,
      ...extra,
    },
  };
}

test('five good levels each side: prices, quantities, orders, totals and circuits as sent', () => {
  const bids = [812.3, 812.25, 812.2, 812.15, 812.1].map((p, i) => level(p, 100 * (i + 1), i + 1));
  const asks = [812.4, 812.45, 812.5, 812.55, 812.6].map((p, i) => level(p, 50 * (i + 1), i + 2));
  // A clock just after the answer's time: broker times later than now (+ skew) are not believed.
  const r = normalizeDepth(SBIN, answer(bids, asks), 1_700_000_001_000);
  assert.ok(r);
  QuoteDepth.parse(r);
  assert.deepEqual(
    r.depth.bids.map((l) => [l.price, l.volume, l.orders]),
    bids.map((l) => [l.price, l.volume, l.ord]),
  );
  assert.equal(r.depth.asks.length, 5);
  assert.equal(r.depth.asks[4]!.price, 812.6);
  assert.equal(r.depth.totalBuyQty, 12_000);
  assert.equal(r.depth.totalSellQty, 9_500, 'numeric text with a comma is read');
  assert.deepEqual([r.depth.lowerCircuit, r.depth.upperCircuit], [644, 966]);
  assert.equal(r.depth.at, 1_700_000_000_000);
  assert.equal(r.quote.bid, 812.3);
  assert.equal(r.quote.ask, 812.4);
  assert.equal(r.quote.source, 'depth');
  assert.equal(r.quote.upperCircuit, 966);
});

test('a malformed level is dropped, not the whole depth; padding levels (price 0) too', () => {
  const bids = [
    level(812.3),
    level('abc'), // price not a number
    level(812.2, -5), // negative quantity
    level(Number.NaN),
    level(812.1, '1e999'), // Infinity as text
    null,
    'not a level',
    [812, 1, 1],
    level(812.05, '40', '2'), // numeric text is fine
    level(0, 0, 0), // the broker pads a thin book with zeros
  ];
  const asks = [level(Infinity), level(-812.4), level(812.45, 10, -1), level(812.5, 25)];
  const r = normalizeDepth(SBIN, answer(bids, asks), 0);
  assert.ok(r, 'the depth survives its bad levels');
  assert.deepEqual(
    r.depth.bids.map((l) => [l.price, l.volume, l.orders]),
    [
      [812.3, 100, 3],
      [812.05, 40, 2],
    ],
  );
  assert.deepEqual(
    r.depth.asks.map((l) => l.price),
    [812.5],
  );
  // The ladder keeps 812.5, but the quote's best ask stays unknown: its top level was broken.
  assert.equal(r.quote.ask, null, 'a lower level never stands in for a broken best ask');
  assert.equal(r.quote.bid, 812.3, 'a good top level is the best bid');
  // Nothing non-finite crosses to the renderer: the shared schema holds for the result.
  Depth.parse(r.depth);
});

test('a side that is not a list is empty; more than five good levels keep the best five', () => {
  const many = Array.from({ length: 8 }, (_, i) => level(812.3 - i * 0.05));
  const r = normalizeDepth(SBIN, answer(many, { price: 1 }), 0);
  assert.ok(r);
  assert.equal(r.depth.bids.length, 5);
  assert.equal(r.depth.bids[0]!.price, 812.3);
  assert.deepEqual(r.depth.asks, []);
  assert.equal(r.quote.ask, null);
});

test('bad totals and circuits become unknown (null); missing time uses now', () => {
  const r = normalizeDepth(
    SBIN,
    answer([level(812.3)], [level(812.4)], {
      totalbuyqty: 'lots',
      totalsellqty: -1,
      lower_ckt: 'NaN',
      upper_ckt: 0,
      ltt: undefined,
    }),
    42_000,
  );
  assert.ok(r);
  assert.equal(r.depth.totalBuyQty, null);
  assert.equal(r.depth.totalSellQty, null);
  assert.equal(r.depth.lowerCircuit, null);
  assert.equal(r.depth.upperCircuit, null);
  assert.equal(r.depth.at, 42_000);
});

test('no usable last price, or no entry for the symbol: no depth at all', () => {
  assert.equal(normalizeDepth(SBIN, answer([level(1)], [level(2)], { ltp: 'x' }), 0), null);
  assert.equal(normalizeDepth(SBIN, answer([level(1)], [level(2)], { ltp: 0 }), 0), null);
  assert.equal(normalizeDepth(SBIN, { 'NSE:TCS-EQ': {} }, 0), null);
  assert.equal(normalizeDepth(SBIN, null, 0), null);
});

test('one level on its own: orders may be absent (0), volume may be spelt qty', () => {
  assert.deepEqual(normalizeDepthLevel({ price: '100.5', qty: 7 }), {
    price: 100.5,
    volume: 7,
    orders: 0,
  });
  assert.equal(normalizeDepthLevel({ price: 100 }), null, 'a level without a quantity');
  assert.equal(normalizeDepthLevel(undefined), null);
});
