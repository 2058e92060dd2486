import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fundRows } from '../../../renderer/src/portfolio/fund-lines';

test('fund lines: a repeat with the same amounts shows once, a differing one is named', () => {
  const line = (id: number, key: string, title: string, equity: number | null) => ({
    id,
    key,
    title,
    equity,
    commodity: 0,
  });
  const rows = fundRows([
    line(9, 'limit', 'Limit at start of the day', 5),
    line(10, 'available-balance', 'Available Balance', 100),
    line(11, 'available-balance-11', 'Available Balance', 100),
    line(12, 'available-balance-12', 'Available Balance', 90),
  ]);
  assert.deepEqual(
    rows.map((r) => r.title),
    ['Limit at start of the day', 'Available Balance', 'Available Balance (second figure)'],
  );
});
