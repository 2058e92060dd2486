import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Holding, Position } from '../../../shared/broker/models';
import { holdingPlAt, positionPlAt } from '../../../shared/marketdata/live-pnl';

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
