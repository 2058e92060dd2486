import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { formatPrice, tickDecimals } from '../../../shared/format';

test('a tick gives the decimals its multiples need, never fewer than paise', () => {
  assert.equal(tickDecimals(0.05), 2);
  assert.equal(tickDecimals(0.0025), 4);
  assert.equal(tickDecimals(0.0001), 4);
  assert.equal(tickDecimals(1), 2);
  assert.equal(tickDecimals(0.25), 2);
  assert.equal(tickDecimals(null), 2);
  assert.equal(tickDecimals(0), 2);
  assert.equal(tickDecimals(NaN), 2);
});

test('formatPrice shows USDINR in full and equities as before', () => {
  assert.equal(formatPrice(89.4625, 0.0025), '89.4625');
  assert.equal(formatPrice(89.46, 0.0025), '89.4600');
  assert.equal(formatPrice(1552.3, 0.05), '1,552.30');
  assert.equal(formatPrice(25958, 0.05, { symbol: true }), '₹25,958.00');
  assert.equal(formatPrice(0.0025, 0.0025, { plusSign: true }), '+0.0025');
  assert.equal(formatPrice(NaN, 0.05), '—');
});

test('every multiple of a 0.0025 tick reads back as itself', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 4_000_000 }), (n) => {
      const price = Math.round(n * 0.0025 * 10_000) / 10_000;
      assert.equal(Number(formatPrice(price, 0.0025).replace(/,/g, '')), price);
    }),
  );
});
