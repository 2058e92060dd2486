/**
 * The modify body carries the trigger under both names the spec uses (stopPrice, and stopLoss
 * "as named by the reference"), so whichever a broker reads applies it. That hedge is safe only
 * while the two always carry the same value: the sandbox refuses a modify whose two disagree
 * (tests/integration/sandbox/orders.test.ts), and this property holds the client to it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { modifyBody } from '../../../electron/core/broker/order-requests';

test('stopPrice and stopLoss always travel together with one value, or not at all', () => {
  fc.assert(
    fc.property(
      fc.record(
        {
          id: fc.string({ minLength: 1 }),
          qty: fc.integer({ min: 1, max: 10_000 }),
          type: fc.constantFrom(1, 2, 3, 4),
          limitPrice: fc.double({ min: 0, max: 1e6, noNaN: true }),
          stopPrice: fc.double({ min: 0, max: 1e6, noNaN: true }),
        },
        { requiredKeys: ['id'] },
      ),
      (m) => {
        const body = modifyBody(m);
        if (m.stopPrice === undefined) {
          assert.equal('stopPrice' in body, false);
          assert.equal('stopLoss' in body, false);
        } else {
          assert.equal(body.stopPrice, m.stopPrice);
          assert.equal(body.stopLoss, body.stopPrice);
        }
      },
    ),
  );
});
