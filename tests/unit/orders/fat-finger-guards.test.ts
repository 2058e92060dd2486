import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  checkFatFinger,
  DEFAULT_FAT_FINGER_LIMITS,
} from '../../../electron/core/orders/checks/fat-finger-guards';
import type { LastPrice } from '../../../shared/marketdata/quote';
import { OrderType, Segment } from '../../../shared/broker/enums';

const limit = { qty: 10, type: 1 as const, limitPrice: 812.5, stopPrice: 0 };
const at = (ltp: number, over: Partial<LastPrice> = {}): LastPrice => ({
  ltp,
  source: 'quote',
  ageMs: 0,
  stale: false,
  ...over,
});
const limits = (over: Partial<typeof DEFAULT_FAT_FINGER_LIMITS> = {}) => ({
  ...DEFAULT_FAT_FINGER_LIMITS,
  ...over,
});

test('a sane order passes the default guards', () => {
  assert.deepEqual(checkFatFinger(limit, {}, at(812)), []);
});

test('max quantity and max value per order, named as Settings stores them', () => {
  const v = checkFatFinger({ ...limit, qty: 20_000 }, {}, at(812));
  assert.deepEqual(v.map((x) => x.guard).sort(), ['max-qty', 'max-value']);
  const value = checkFatFinger({ ...limit, qty: 50_000, limitPrice: 2500 }, {}, at(2500), {
    ...limits({ maxOrderQty: 100_000, maxOrderValue: 100_000_000 }),
  });
  assert.deepEqual(
    value.map((x) => x.guard),
    ['max-value'],
    '50,000 x 2,500 = 12.5 crore',
  );
});

test('market orders are valued at the last price; with none, only the quantity guard asks', () => {
  const market = { qty: 1000, type: 2 as const, limitPrice: 0, stopPrice: 0 };
  assert.deepEqual(
    checkFatFinger(market, {}, at(2000)).map((x) => x.guard),
    ['max-value'],
    '1,000 x ₹2,000 = ₹20 lakh, above ₹10 lakh',
  );
  assert.deepEqual(checkFatFinger(market, {}, undefined), []);
  const big = checkFatFinger({ ...market, qty: 20_000 }, {}, undefined);
  assert.deepEqual(
    big.map((x) => x.guard),
    ['max-qty'],
  );
  assert.match(big[0]!.message, /cannot be checked/);
  assert.deepEqual(checkFatFinger({ ...limit, limitPrice: 8125 }, {}, undefined), []);
});

test('a stale last price is never used, and the trader is told', () => {
  const stale = at(812.5, { stale: true, ageMs: 5 * 60_000, source: 'position' });
  const v = checkFatFinger({ ...limit, limitPrice: 8125 }, {}, stale);
  assert.deepEqual(
    v.map((x) => x.guard),
    ['stale-ltp'],
    'no distance check against an old price',
  );
  assert.match(v[0]!.message, /5 min old/);
  assert.match(v[0]!.message, /positions/);
});

test('distance from the last price catches a misplaced decimal point in limit and trigger', () => {
  const v = checkFatFinger(
    { ...limit, limitPrice: 8125 },
    {},
    at(812.5),
    limits({ maxOrderValue: 1e9 }),
  );
  assert.equal(v[0]?.guard, 'ltp-distance');
  assert.equal(v[0]?.field, 'limitPrice');
  const sl = checkFatFinger({ qty: 1, type: 4, limitPrice: 812, stopPrice: 1000 }, {}, at(812));
  assert.deepEqual(
    sl.map((x) => x.field),
    ['stopPrice'],
  );
  assert.deepEqual(
    checkFatFinger({ ...limit, limitPrice: 850 }, {}, at(812.5), limits({ maxLtpDistancePct: 5 })),
    [],
  );
});

test('exchange freeze quantity, unless switched off', () => {
  const nifty = { qty: 1875, type: 2 as const, limitPrice: 0, stopPrice: 0 };
  const wide = limits({ maxOrderValue: 1e12 });
  assert.deepEqual(
    checkFatFinger(nifty, { freezeQty: 1800 }, at(24000), wide).map((x) => x.guard),
    ['freeze-qty'],
  );
  assert.deepEqual(
    checkFatFinger(nifty, { freezeQty: 1800 }, at(24000), { ...wide, enforceFreezeQty: false }),
    [],
  );
  assert.equal(DEFAULT_FAT_FINGER_LIMITS.enforceFreezeQty, true);
});

test("a commodity order is valued at qty × price × the contract's multiplier", () => {
  const crude = { segment: 20 as const, contractMultiplier: 100 };
  const oneLot = { qty: 1, type: 1 as const, limitPrice: 6000, stopPrice: 0 };
  const v = checkFatFinger(oneLot, crude, at(6000), limits({ maxOrderValue: 5_00_000 }));
  assert.deepEqual(
    v.map((x) => x.guard),
    ['max-value'],
  );
  assert.match(v[0]!.message, /6,00,000/);
  // The same price and quantity of an equity is worth ₹6,000.
  assert.deepEqual(
    checkFatFinger(oneLot, { segment: 10 }, at(6000), limits({ maxOrderValue: 5_00_000 })),
    [],
  );
});

test('a commodity whose multiplier is unknown is never valued as if it were 1: the trader is told', () => {
  const unknown = { segment: 20 as const, contractMultiplier: null };
  const oneLot = { qty: 1, type: 1 as const, limitPrice: 6000, stopPrice: 0 };
  const v = checkFatFinger(oneLot, unknown, at(6000));
  assert.deepEqual(
    v.map((x) => x.guard),
    ['unknown-multiplier'],
  );
  assert.match(v[0]!.message, /contract size/);
  assert.match(v[0]!.message, /10,00,000/, 'names the limit it cannot check');
  assert.doesNotMatch(v[0]!.message, /qtyMultiplier|contractMultiplier/, 'no raw field name');
});

test('cross-currency: a pair priced in dollars is never valued as rupees, even with its published lot size', () => {
  const v = checkFatFinger(
    { qty: 10, type: OrderType.Limit, limitPrice: 1.16, stopPrice: 0 },
    { segment: Segment.Currency, contractMultiplier: 1000, underlying: 'EURUSD' },
    undefined,
    { ...DEFAULT_FAT_FINGER_LIMITS, maxOrderValue: 5_00_000 },
  );
  const unknown = v.find((x) => x.guard === 'unknown-multiplier');
  assert.ok(unknown, JSON.stringify(v));
  assert.match(unknown.message, /priced in US dollars, not rupees/);
  assert.ok(!v.some((x) => x.guard === 'max-value'));
});
test('cross-currency: a rupee pair keeps its published multiplier', () => {
  const v = checkFatFinger(
    { qty: 6, type: OrderType.Limit, limitPrice: 88.6, stopPrice: 0 },
    { segment: Segment.Currency, contractMultiplier: 1000, underlying: 'USDINR' },
    undefined,
    { ...DEFAULT_FAT_FINGER_LIMITS, maxOrderValue: 5_00_000 },
  );
  assert.ok(
    v.some((x) => x.guard === 'max-value'),
    JSON.stringify(v),
  );
  assert.ok(!v.some((x) => x.guard === 'unknown-multiplier'));
});
test('cross-currency: a currency contract whose pair name is missing or odd is never valued as rupees', () => {
  for (const underlying of [undefined, '', 'EUR-USD', 'usdjpy']) {
    const v = checkFatFinger(
      { qty: 10, type: OrderType.Limit, limitPrice: 1.16, stopPrice: 0 },
      {
        segment: Segment.Currency,
        contractMultiplier: 1000,
        ...(underlying === undefined ? {} : { underlying }),
      },
      undefined,
      { ...DEFAULT_FAT_FINGER_LIMITS, maxOrderValue: 5_00_000 },
    );
    assert.ok(
      v.some((x) => x.guard === 'unknown-multiplier'),
      `${String(underlying)}: ${JSON.stringify(v)}`,
    );
  }
});
