/**
 * The rate and dividend yield behind IV and Greeks (issue 22 #3) as a preference: defaults
 * for documents written before it existed, a change kept through the store and shown in the
 * settings view, an out-of-range value refused naming its field.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSettingsStore } from '../../../electron/core/settings/settings-store';
import { createMemorySettingsBackend } from '../../../electron/core/settings/backend';
import { settingsChannels } from '../../../shared/ipc/channels/settings';
import { DEFAULT_OPTION_ASSUMPTIONS } from '../../../shared/settings/option-assumptions';

test('a document without the options block loads with the defaults (6.5 %, no dividend yield)', async () => {
  const backend = createMemorySettingsBackend();
  const store = createSettingsStore({ backend });
  await store.load();
  assert.deepEqual(store.get().preferences.options, DEFAULT_OPTION_ASSUMPTIONS);
  assert.deepEqual(DEFAULT_OPTION_ASSUMPTIONS, { ratePct: 6.5, dividendYieldPct: 0 });
});

test('the trader’s rate and dividend yield are kept and come back after a reload', async () => {
  const backend = createMemorySettingsBackend();
  const store = createSettingsStore({ backend });
  await store.load();
  const patch = settingsChannels['settings.updatePreferences'].input.parse({
    patch: { options: { ratePct: 7.25, dividendYieldPct: 1.1 } },
  }).patch;
  await store.updatePreferences(patch);
  const again = createSettingsStore({ backend });
  await again.load();
  assert.deepEqual(again.get().preferences.options, { ratePct: 7.25, dividendYieldPct: 1.1 });
});

test('a rate of 40 % is refused at the channel, naming the field', () => {
  const r = settingsChannels['settings.updatePreferences'].input.safeParse({
    patch: { options: { ratePct: 40, dividendYieldPct: 0 } },
  });
  assert.equal(r.success, false);
  assert.ok(
    r.error!.issues.some((i) => i.path.join('.') === 'patch.options.ratePct'),
    JSON.stringify(r.error!.issues),
  );
});
