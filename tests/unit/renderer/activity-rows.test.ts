import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { OrderIntent } from '../../../shared/broker/models';
import { activityRows } from '../../../renderer/src/orders/activity-rows';

function intent(
  id: string,
  status: OrderIntent['status'],
  at: string,
  summary = 'Buy 3 SBIN',
): OrderIntent {
  return {
    intentId: id,
    batchId: null,
    action: 'place',
    status,
    summary,
    orderId: status === 'done' ? `o-${id}` : null,
    createdAt: at,
    updatedAt: at,
    error: null,
    violations: [],
    note: '',
    resendAllowed: false,
  };
}

test('a held order the trader then sent shows once, as sent', () => {
  const rows = activityRows([
    intent('a', 'blocked', '2026-11-27T09:00:00.000Z'),
    intent('b', 'done', '2026-11-27T09:00:02.000Z'),
  ]);
  assert.deepEqual(
    rows.map((r) => r.intentId),
    ['b'],
  );
});

test('a held order nobody sent again stays, and so does one held after the send', () => {
  const rows = activityRows([
    intent('a', 'blocked', '2026-11-27T09:00:00.000Z', 'Sell 9 TCS'),
    intent('b', 'done', '2026-11-27T09:00:02.000Z'),
    intent('c', 'blocked', '2026-11-27T09:00:05.000Z'),
  ]);
  assert.deepEqual(
    rows.map((r) => r.intentId),
    ['c', 'b', 'a'],
  );
});
