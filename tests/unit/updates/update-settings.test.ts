/**
 * The setting that turns update checks off (issue 23 #2): on by default, also for documents
 * written before it existed, saved when the trader turns it off, and refused when not a boolean.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMemorySettingsBackend } from '../../../electron/core/settings/backend';
import { createSettingsStore } from '../../../electron/core/settings/settings-store';

test('update checks are on by default', async () => {
  const store = createSettingsStore({ backend: createMemorySettingsBackend() });
  const { settings } = await store.load();
  assert.deepEqual(settings.preferences.updates, { checkAutomatically: true });
});

test('the trader turns them off; it is saved; a value that is not on or off is refused', async () => {
  const backend = createMemorySettingsBackend();
  const store = createSettingsStore({ backend });
  await store.load();
  await store.updatePreferences({ updates: { checkAutomatically: false } });
  const again = createSettingsStore({ backend });
  const { settings } = await again.load();
  assert.equal(settings.preferences.updates.checkAutomatically, false);
  await assert.rejects(
    store.updatePreferences({ updates: { checkAutomatically: 'no' as unknown as boolean } }),
  );
  assert.equal(store.get().preferences.updates.checkAutomatically, false, 'unchanged');
});
