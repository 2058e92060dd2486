import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Holding, Position, Trade } from '../../../shared/broker/models';
import { positionDay } from '../../../shared/marketdata/day-mtm';
import {
  holdingPlAt,
  holdingsAt,
  positionPlAt,
  positionsAt,
  rupeesPerPoint,
} from '../../../shared/marketdata/live-pnl';

const pos = (over: Partial<Position>): Position =>
  ({
    netQty: 10,
    ltp: 800,
    unrealizedPl: 50,
    realizedPl: 20,
    pl: 70,
    commodityMultiplier: 1,
    ...over,
  }) as Position;

test('a long position gains qty x move; realised P&L is untouched', () => {
  assert.deepEqual(positionPlAt(pos({}), 801.5), { unrealizedPl: 65, pl: 85 });
});

test('a short position loses when the price rises; the commodity multiplier scales the move', () => {
  assert.deepEqual(positionPlAt(pos({ netQty: -2, commodityMultiplier: 100 }), 801), {
    unrealizedPl: -150,
    pl: -130,
  });
});

test('a closed position or an unusable price keeps the broker figure', () => {
  assert.deepEqual(positionPlAt(pos({ netQty: 0 }), 900), { unrealizedPl: 50, pl: 70 });
  assert.deepEqual(positionPlAt(pos({}), NaN), { unrealizedPl: 50, pl: 70 });
});

test('a holding moves its market value and P&L by the quantity still held x move', () => {
  const h = { qty: 5, remainingQty: 5, ltp: 100, marketValue: 500, pl: 25 } as Holding;
  assert.deepEqual(holdingPlAt(h, 102), { marketValue: 510, pl: 35 });
});

test('shares sold today no longer move the holding: the broker values remainingQuantity', () => {
  // 10 held, 6 sold today: the broker reports 4 × 100 and P&L on 4 (the sandbox does the
  // same, sandbox/present/account.ts); a ₹2 move is worth ₹8, not ₹20.
  const h = { qty: 10, remainingQty: 4, ltp: 100, marketValue: 400, pl: 40 } as Holding;
  assert.deepEqual(holdingPlAt(h, 102), { marketValue: 408, pl: 48 });
});

test('positionsAt: the totals are the sums of the rows at the same live prices', () => {
  const a = pos({ symbol: 'A', id: 'A-INTRADAY', netAvg: 795 });
  const b = pos({ symbol: 'B', id: 'B-INTRADAY', netQty: 0, realizedPl: -5, pl: -5 });
  const { rows, totals } = positionsAt([a, b], (s) => (s === 'A' ? 801.5 : undefined));
  assert.deepEqual(
    rows.map((r) => [r.ltp, r.pl]),
    [
      [801.5, 85],
      [800, -5],
    ],
  );
  assert.deepEqual(totals, { pl: 80, realized: 15, unrealized: 115, open: 1, count: 2 });
  // 65 unrealised on 10 × 795 of cost.
  assert.equal(rows[0]!.mtmPct, 0.82);
  assert.equal(rows[1]!.mtmPct, null, 'a flat position has no MTM %');
});

test('holdingsAt: value, P&L and day change summed from the rows; unknown close is left out', () => {
  const h = (symbol: string, qty: number, cost: number, ltp: number): Holding =>
    ({
      symbol,
      qty,
      remainingQty: qty,
      costPrice: cost,
      ltp,
      marketValue: qty * ltp,
      pl: qty * (ltp - cost),
    }) as Holding;
  const { rows, totals } = holdingsAt([h('A', 10, 100, 110), h('B', 5, 200, 190)], (s) =>
    s === 'A' ? { ltp: 112, prevClose: 111 } : undefined,
  );
  assert.deepEqual(
    rows.map((r) => [r.marketValue, r.pl, r.dayChange]),
    [
      [1120, 120, 10],
      [950, -50, null],
    ],
  );
  assert.equal(totals.currentValue, 2070);
  assert.equal(totals.investment, 2000);
  assert.equal(totals.pl, 70);
  assert.equal(totals.plPct, 3.5);
  assert.equal(totals.dayChange, 10);
  // Shares sold today are neither invested nor moving: 4 of 10 still held.
  const sold = holdingsAt([{ ...h('C', 10, 100, 110), remainingQty: 4 }], () => ({
    ltp: 110,
    prevClose: 105,
  }));
  assert.equal(sold.totals.investment, 400);
  assert.equal(sold.rows[0]!.dayChange, 20);
});

test("positionDay: today's fills marked from their price, the carried quantity from the close", () => {
  const trade = (side: 1 | -1, qty: number, price: number) =>
    ({ symbol: 'F', productType: 'MARGIN', side, qty, price }) as Trade;
  // 10 carried long (yesterday's close 100), 4 sold today at 104, 2 bought today at 103.
  const p = pos({ symbol: 'F', productType: 'MARGIN', netQty: 8 });
  const d = positionDay(p, [trade(-1, 4, 104), trade(1, 2, 103)], 105, 100);
  assert.equal(d.carriedQty, 10);
  assert.deepEqual([d.buyQty, d.sellQty], [2, 4]);
  // carried 10 × 5 + sold 4 × (104 − 105) + bought 2 × (105 − 103)
  assert.equal(d.mtm, 50 - 4 + 4);
  assert.equal(positionDay(p, [], 105, null).mtm, null, 'no close: a carried quantity is unmarked');
  assert.equal(positionDay(pos({ symbol: 'G', netQty: 0 }), [], 105, null).mtm, 0);
});

test('a cross-currency position moves in rupees: × the reference rate, only when crossCurrency', () => {
  assert.equal(
    rupeesPerPoint({ commodityMultiplier: 100, crossCurrency: false, rbiRefRate: 1 }),
    100,
  );
  assert.equal(
    rupeesPerPoint({ commodityMultiplier: 1, crossCurrency: true, rbiRefRate: 88.5 }),
    88.5,
  );
  // A rate on a position that is not cross-currency is not applied; a bad multiplier is 1.
  assert.equal(
    rupeesPerPoint({ commodityMultiplier: 0, crossCurrency: false, rbiRefRate: 88.5 }),
    1,
  );
});
