import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  checkFatFinger,
  DEFAULT_FAT_FINGER_LIMITS,
} from '../../../electron/core/orders/checks/fat-finger-guards';

const limit = { qty: 10, type: 1 as const, limitPrice: 812.5, stopPrice: 0 };

test('a sane order passes the default guards', () => {
  assert.deepEqual(checkFatFinger(limit, {}, 812), []);
});

test('max quantity and max value per order', () => {
  const v = checkFatFinger({ ...limit, qty: 200_000 }, {}, 812);
  assert.deepEqual(v.map((x) => x.guard).sort(), ['max-qty', 'max-value']);
  const value = checkFatFinger({ ...limit, qty: 50_000, limitPrice: 2500 }, {}, 2500, {
    maxValue: 100_000_000,
  });
  assert.deepEqual(
    value.map((x) => x.guard),
    ['max-value'],
    '50,000 x 2,500 = 12.5 crore',
  );
});

test('market orders are valued at the last price; unknown ltp skips value and distance checks', () => {
  const market = { qty: 1000, type: 2 as const, limitPrice: 0, stopPrice: 0 };
  assert.deepEqual(
    checkFatFinger(market, {}, 200_000, { maxValue: 100_000_000 }).map((x) => x.guard),
    ['max-value'],
  );
  assert.deepEqual(checkFatFinger(market, {}, 0, { maxValue: 1 }), []);
  assert.deepEqual(checkFatFinger({ ...limit, limitPrice: 8125 }, {}, Number.NaN), []);
});

test('distance from the last price catches a misplaced decimal point in limit and trigger', () => {
  const v = checkFatFinger({ ...limit, limitPrice: 8125 }, {}, 812.5);
  assert.equal(v[0]?.guard, 'ltp-distance');
  assert.equal(v[0]?.field, 'limitPrice');
  const sl = checkFatFinger({ qty: 1, type: 4, limitPrice: 812, stopPrice: 1000 }, {}, 812, {
    maxDistancePct: 5,
  });
  assert.deepEqual(
    sl.map((x) => x.field),
    ['stopPrice'],
  );
  assert.deepEqual(
    checkFatFinger({ ...limit, limitPrice: 850 }, {}, 812.5, { maxDistancePct: 5 }),
    [],
  );
});

test('exchange freeze quantity, unless switched off', () => {
  const nifty = { qty: 1875, type: 2 as const, limitPrice: 0, stopPrice: 0 };
  assert.deepEqual(
    checkFatFinger(nifty, { freezeQty: 1800 }, 24000, { enforceFreezeQty: true }).map(
      (x) => x.guard,
    ),
    ['freeze-qty'],
  );
  assert.deepEqual(
    checkFatFinger(nifty, { freezeQty: 1800 }, 24000, { enforceFreezeQty: false }),
    [],
  );
  assert.equal(DEFAULT_FAT_FINGER_LIMITS.enforceFreezeQty, true);
});
