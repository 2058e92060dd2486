import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  isSessionExpiredFailure,
  tokenExpiryAfter,
} from '../../../electron/core/session/token-expiry';
import { capabilitiesFor } from '../../../shared/broker/permissions';

// 06:00 IST is 00:30 UTC.
test('a morning login expires at 06:00 IST the next day', () => {
  assert.equal(
    new Date(tokenExpiryAfter(Date.parse('2026-01-05T03:45:00Z'))).toISOString(),
    '2026-01-06T00:30:00.000Z',
  );
});

test('an evening IST login (after UTC midnight) still expires the next IST morning', () => {
  // 23:30 IST on Jan 5 = 18:00 UTC Jan 5.
  assert.equal(
    new Date(tokenExpiryAfter(Date.parse('2026-01-05T18:00:00Z'))).toISOString(),
    '2026-01-06T00:30:00.000Z',
  );
});

test('a pre-dawn login lives until 06:00 the same IST morning; exactly 06:00 rolls to the next day', () => {
  assert.equal(
    new Date(tokenExpiryAfter(Date.parse('2026-01-06T00:29:00Z'))).toISOString(),
    '2026-01-06T00:30:00.000Z',
  );
  assert.equal(
    new Date(tokenExpiryAfter(Date.parse('2026-01-06T00:30:00Z'))).toISOString(),
    '2026-01-07T00:30:00.000Z',
  );
});

test('property: expiry is after issue, within 24 h, and at 06:00 IST', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1_600_000_000_000, max: 2_000_000_000_000 }), (t) => {
      const e = tokenExpiryAfter(t);
      assert.ok(e > t && e - t <= 86_400_000);
      const ist = new Date(e + 5.5 * 3_600_000);
      assert.equal(ist.getUTCHours(), 6);
      assert.equal(ist.getUTCMinutes(), 0);
    }),
  );
});

test('the four 401 codes (and a bare 401) end the session; other errors do not', () => {
  for (const c of [-8, -15, -16, -17]) assert.equal(isSessionExpiredFailure(c, 401), true);
  assert.equal(isSessionExpiredFailure(null, 401), true);
  for (const c of [-50, -353, -373, -374, -371])
    assert.equal(isSessionExpiredFailure(c, 400), false);
});

test('templates are cumulative', () => {
  assert.deepEqual(
    Object.entries(capabilitiesFor('basic'))
      .filter(([, v]) => v)
      .map(([k]) => k),
    ['viewProfile'],
  );
  const t = capabilitiesFor('transactions');
  assert.equal(t.viewAccount, true);
  assert.equal(t.placeOrders, false);
  const o = capabilitiesFor('orders');
  assert.ok(
    o.placeOrders &&
      o.modifyOrders &&
      o.cancelOrders &&
      o.exitPositions &&
      o.convertPositions &&
      o.viewAccount,
  );
  assert.equal(Object.values(capabilitiesFor(null)).some(Boolean), false);
});
