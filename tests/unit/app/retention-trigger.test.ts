import { test } from 'node:test';
import assert from 'node:assert/strict';
import { whenRetentionChanges } from '../../../electron/core/app/data-retention';

const doc = (logDays: number) => ({
  preferences: { retention: { logDays, journalDays: 90, bundleDays: 30 } },
});

test('the data folder is swept again only when the retention days change', () => {
  let sweeps = 0;
  const listener = whenRetentionChanges(doc(14).preferences.retention, () => sweeps++);
  listener(doc(14)); // another write (a watch list saved): no sweep
  listener(doc(14));
  assert.equal(sweeps, 0);
  listener(doc(7));
  assert.equal(sweeps, 1);
  listener(doc(7));
  assert.equal(sweeps, 1);
  listener(doc(14));
  assert.equal(sweeps, 2);
});
