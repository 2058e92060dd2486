import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IntentTracker } from '../../../electron/core/orders/reconcile/intent-tracker';
import { memoryJournal } from '../../../electron/core/orders/journal/order-journal';

test('the tracker forgets the oldest settled intents beyond its bound, never an unsettled one', async () => {
  let n = 0;
  const forgotten: string[] = [];
  const journal = memoryJournal();
  const tracker = new IntentTracker({
    journal,
    clock: { now: () => 0, setTimeout: () => 0, clearTimeout: () => undefined },
    newId: () => `i${n++}`,
    maxSettled: 3,
    onForget: (id) => forgotten.push(id),
  });
  const open = await tracker.create('place', 'kept open', {});
  for (let i = 0; i < 6; i++) {
    const intent = await tracker.create('place', `settled ${i}`, {});
    await tracker.update(intent.intentId, { status: 'done' });
  }
  await tracker.create('place', 'one more', {});
  const ids = tracker.list().map((i) => i.intentId);
  assert.ok(ids.includes(open.intentId), 'the unsettled intent stays');
  assert.equal(ids.filter((id) => tracker.get(id).status === 'done').length, 3);
  assert.deepEqual(forgotten, ['i1', 'i2', 'i3']);
  assert.equal(
    journal.entries.filter((e) => e.step === 'intent').length,
    8,
    'the journal keeps every intent',
  );
});
