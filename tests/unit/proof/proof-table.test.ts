/**
 * The proof's table: one row per section and figure with a value column per dialect, `-`
 * where a section did not run on a dialect, every goal shown, and `met` only when every value
 * shown met it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { proofTable, type ProofRow } from '../../proof/proof-table';
import { atLeast, notApplicable, zeroGoal } from '../../proof/types';

test('a value column per dialect; a figure off its goal on one dialect is not met', () => {
  const rows: ProofRow[] = [
    { section: 'Faults', dialect: 'fyers-v2', figure: zeroGoal('duplicate orders', 0) },
    { section: 'Faults', dialect: 'fyers-v3', figure: zeroGoal('duplicate orders', 2) },
    { section: 'Budget', dialect: 'fyers-v2', figure: atLeast('throughput', 1234, 1000) },
    { section: 'Hostile', dialect: 'fyers-v2', figure: atLeast('sent', 10, 10) },
    { section: 'Hostile', dialect: 'fyers-v3', figure: atLeast('sent', 12, 12) },
  ];
  const lines = proofTable(rows, ['fyers-v2', 'fyers-v3']).split('\n');
  const cells = (l: string) =>
    l
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
  assert.deepEqual(cells(lines[0]!), ['section', 'figure', 'fyers-v2', 'fyers-v3', 'goal', 'met']);
  assert.deepEqual(cells(lines[2]!), ['Faults', 'duplicate orders', '0', '2 (NO)', '0', 'NO']);
  assert.deepEqual(cells(lines[3]!), ['Budget', 'throughput', '1,234', '-', '>= 1000', 'yes']);
  assert.deepEqual(cells(lines[4]!), ['Hostile', 'sent', '10', '12', '>= 10 / >= 12', 'yes']);
  assert.equal(lines.length, 5);
});

test('a figure a dialect cannot have shows why in its column, and does not count as missed', () => {
  const rows: ProofRow[] = [
    {
      section: 'Faults (GTT, multi-leg)',
      dialect: 'fyers-v2',
      figure: notApplicable([zeroGoal('duplicate GTTs', 0)], 'needs v3')[0]!,
    },
    {
      section: 'Faults (GTT, multi-leg)',
      dialect: 'fyers-v3',
      figure: zeroGoal('duplicate GTTs', 0),
    },
    {
      section: 'Faults (GTT, multi-leg)',
      dialect: 'fyers-v2',
      figure: notApplicable([atLeast('GTT faults fired', 0, 0)], 'needs v3')[0]!,
    },
    {
      section: 'Faults (GTT, multi-leg)',
      dialect: 'fyers-v3',
      figure: atLeast('GTT faults fired', 3, 10),
    },
  ];
  const lines = proofTable(rows, ['fyers-v2', 'fyers-v3']).split('\n');
  const cells = (l: string) =>
    l
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
  assert.deepEqual(cells(lines[2]!), [
    'Faults (GTT, multi-leg)',
    'duplicate GTTs',
    'needs v3',
    '0',
    '0',
    'yes',
  ]);
  assert.deepEqual(cells(lines[3]!), [
    'Faults (GTT, multi-leg)',
    'GTT faults fired',
    'needs v3',
    '3 (NO)',
    '>= 10',
    'NO',
  ]);
});
