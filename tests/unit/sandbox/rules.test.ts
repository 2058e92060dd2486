import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  checkOrder,
  isTickMultiple,
  roundToTick,
  type OrderDraft,
  type InstrumentRules,
} from '../../../shared/broker/rules';

const EQ: InstrumentRules = { tickSize: 0.05, lotSize: 1, exchange: 10, segment: 10 };
const FO: InstrumentRules = {
  tickSize: 0.05,
  lotSize: 75,
  exchange: 10,
  segment: 11,
  freezeQty: 1800,
};
const CD: InstrumentRules = { tickSize: 0.0025, lotSize: 1000, exchange: 10, segment: 12 };
const MCX: InstrumentRules = { tickSize: 1, lotSize: 100, exchange: 11, segment: 20 };

const base: OrderDraft = {
  symbol: 'NSE:SBIN-EQ',
  qty: 10,
  type: 2,
  side: 1,
  productType: 'INTRADAY',
  limitPrice: 0,
  stopPrice: 0,
  disclosedQty: 0,
  validity: 'DAY',
  offlineOrder: false,
  stopLoss: 0,
  takeProfit: 0,
};
const d = (o: Partial<OrderDraft>): OrderDraft => ({ ...base, ...o });
const codes = (vs: { code: number }[]) => vs.map((x) => x.code).sort();
const one = (draft: OrderDraft, inst: InstrumentRules = EQ, ltp = 800) => {
  const vs = checkOrder(draft, inst, ltp);
  assert.equal(vs.length, 1, JSON.stringify(vs));
  return vs[0]!;
};

test('a plain market order is valid', () => {
  assert.deepEqual(checkOrder(base, EQ, 800), []);
});

test('rule 1: limit needs limitPrice and no stopPrice', () => {
  assert.deepEqual(checkOrder(d({ type: 1, limitPrice: 800 }), EQ, 800), []);
  const a = one(d({ type: 1 }));
  assert.equal(a.code, -308);
  assert.equal(a.field, 'limitPrice');
  assert.equal(one(d({ type: 1, limitPrice: 800, stopPrice: 801 })).code, -309);
});

test('rule 2: market needs both prices 0', () => {
  assert.equal(one(d({ limitPrice: 10 })).field, 'limitPrice');
  assert.equal(one(d({ stopPrice: 10 })).field, 'stopPrice');
});

test('rule 3: stop needs stopPrice on the right side of ltp', () => {
  assert.deepEqual(checkOrder(d({ type: 3, stopPrice: 810 }), EQ, 800), []);
  assert.equal(one(d({ type: 3, stopPrice: 790 })).code, -390); // buy stop below ltp
  assert.deepEqual(checkOrder(d({ type: 3, side: -1, stopPrice: 790 }), EQ, 800), []);
  assert.equal(one(d({ type: 3, side: -1, stopPrice: 810 })).code, -390);
  assert.equal(one(d({ type: 3 })).code, -309);
  assert.equal(one(d({ type: 3, stopPrice: 810, limitPrice: 811 })).code, -308);
  // unknown ltp skips the comparison
  assert.deepEqual(checkOrder(d({ type: 3, stopPrice: 700 }), EQ, 0), []);
});

test('rule 4: stop limit ordering of stop and limit', () => {
  assert.deepEqual(checkOrder(d({ type: 4, stopPrice: 810, limitPrice: 812 }), EQ, 800), []);
  const v = one(d({ type: 4, stopPrice: 812, limitPrice: 810 }));
  assert.equal(v.field, 'stopPrice');
  assert.match(v.message, /below the limit price/);
  assert.deepEqual(
    checkOrder(d({ type: 4, side: -1, stopPrice: 790, limitPrice: 788 }), EQ, 800),
    [],
  );
  assert.match(
    one(d({ type: 4, side: -1, stopPrice: 790, limitPrice: 792 })).message,
    /above the limit price/,
  );
  assert.deepEqual(codes(checkOrder(d({ type: 4 }), EQ, 800)), [-309, -308].sort());
});

test('rule 5: CNC equity only, MARGIN derivatives only', () => {
  assert.deepEqual(checkOrder(d({ productType: 'CNC' }), EQ, 800), []);
  assert.equal(one(d({ productType: 'CNC', qty: 75, symbol: 'NSE:NIFTY25DECFUT' }), FO).code, -314);
  assert.equal(one(d({ productType: 'MARGIN' })).code, -314);
  assert.deepEqual(checkOrder(d({ productType: 'MARGIN', qty: 75 }), FO, 800), []);
  assert.deepEqual(checkOrder(d({ productType: 'MARGIN', qty: 1 }), MCX, 800), []);
});

test('rule 6: CO needs stopLoss on the right side, market/limit only, DAY, no disclosed qty', () => {
  assert.deepEqual(checkOrder(d({ productType: 'CO', stopLoss: 790 }), EQ, 800), []);
  assert.equal(one(d({ productType: 'CO' })).code, -311);
  assert.equal(one(d({ productType: 'CO', stopLoss: 805 })).code, -311); // buy SL above ltp
  assert.equal(one(d({ productType: 'CO', side: -1, stopLoss: 795 })).code, -311);
  assert.deepEqual(
    checkOrder(d({ productType: 'CO', type: 1, limitPrice: 780, stopLoss: 770 }), EQ, 800),
    [],
  );
  assert.equal(one(d({ productType: 'CO', type: 1, limitPrice: 780, stopLoss: 785 })).code, -311);
  assert.equal(one(d({ productType: 'CO', type: 3, stopPrice: 810, stopLoss: 790 })).code, -305);
  assert.equal(one(d({ productType: 'CO', stopLoss: 790, validity: 'IOC' })).code, -326);
  assert.equal(one(d({ productType: 'CO', stopLoss: 790, disclosedQty: 5 })).code, -327);
});

test('rule 7: BO needs stopLoss and takeProfit, any type, DAY only', () => {
  assert.deepEqual(checkOrder(d({ productType: 'BO', stopLoss: 5, takeProfit: 10 }), EQ, 800), []);
  assert.deepEqual(
    checkOrder(
      d({ productType: 'BO', type: 3, stopPrice: 810, stopLoss: 5, takeProfit: 10 }),
      EQ,
      800,
    ),
    [],
  );
  assert.equal(one(d({ productType: 'BO', stopLoss: 5 })).code, -325);
  assert.equal(one(d({ productType: 'BO', takeProfit: 5 })).code, -311);
  assert.equal(
    one(d({ productType: 'BO', stopLoss: 5, takeProfit: 10, validity: 'IOC' })).code,
    -326,
  );
});

test('stopLoss and takeProfit are rejected outside CO/BO', () => {
  assert.equal(one(d({ stopLoss: 790 })).code, -311);
  assert.equal(one(d({ takeProfit: 5 })).code, -325);
  assert.equal(one(d({ productType: 'CO', stopLoss: 790, takeProfit: 5 })).code, -325);
});

test('rule 8: every price on the tick grid, message names the field', () => {
  const v = one(d({ productType: 'BO', stopLoss: 5.03, takeProfit: 10 }));
  assert.equal(v.code, -392);
  assert.equal(v.field, 'stopLoss');
  assert.equal(v.message, 'Stop loss must be a multiple of ₹0.05.');
  assert.equal(one(d({ type: 1, limitPrice: 800.01 })).field, 'limitPrice');
  assert.deepEqual(
    checkOrder(
      d({ type: 1, limitPrice: 83.1275, qty: 1000, symbol: 'NSE:USDINR25DECFUT' }),
      CD,
      83,
    ),
    [],
  );
  assert.equal(one(d({ type: 1, limitPrice: 83.126, qty: 1000 }), CD, 83).code, -392);
});

test('rule 9: lots only for equity derivatives; freeze quantity', () => {
  assert.deepEqual(checkOrder(d({ qty: 150 }), FO, 800), []);
  const v = one(d({ qty: 100 }), FO);
  assert.equal(v.code, -310);
  assert.match(v.message, /lots of 75/);
  assert.deepEqual(checkOrder(d({ qty: 7 }), CD, 83), []); // currency: 1
  assert.deepEqual(checkOrder(d({ qty: 7 }), MCX, 6000), []); // commodity: 1
  assert.match(one(d({ qty: 1875 }), FO).message, /freeze/);
  assert.equal(one(d({ qty: 0 })).code, -310);
  assert.equal(one(d({ qty: 1.5 })).code, -310);
});

test('disclosed quantity: equity only and not above qty', () => {
  assert.deepEqual(checkOrder(d({ disclosedQty: 5 }), EQ, 800), []);
  assert.equal(one(d({ disclosedQty: 75, qty: 150 }), FO).code, -327);
  assert.equal(one(d({ disclosedQty: 11 })).code, -327);
});

test('bad enums get their own codes', () => {
  assert.equal(one(d({ side: 2 as never })).code, -313);
  assert.equal(one(d({ type: 9 as never })).code, -101);
  assert.equal(one(d({ productType: 'X' as never })).code, -314);
  assert.equal(one(d({ validity: 'GTC' as never })).code, -326);
  assert.equal(one(d({ symbol: 'SBIN' })).code, -300);
  assert.equal(one(d({ type: 1, limitPrice: -5 })).code, -308);
});

test('isTickMultiple is float safe', () => {
  assert.equal(isTickMultiple(0.15, 0.05), true);
  assert.equal(isTickMultiple(1234.35, 0.05), true);
  assert.equal(isTickMultiple(1234.36, 0.05), false);
  assert.equal(isTickMultiple(83.0025, 0.0025), true);
  assert.equal(isTickMultiple(5, 0), false);
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 10_000_000 }),
      fc.constantFrom(0.05, 0.01, 0.0025, 0.1, 1, 5),
      (n, tick) => {
        assert.equal(isTickMultiple(roundToTick(n * tick, tick), tick), true);
      },
    ),
  );
});
