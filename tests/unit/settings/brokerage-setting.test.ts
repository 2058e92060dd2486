/**
 * The per-account brokerage plan: defaulted for accounts stored before it existed (no
 * migration), kept when an account is saved again without one (the Demo account is
 * re-pointed at every start), replaced when the form sends one, and refused when negative.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSettingsStore } from '../../../electron/core/settings/settings-store';
import { createMemorySettingsBackend } from '../../../electron/core/settings/backend';
import { DEFAULT_BROKERAGE } from '../../../shared/charges/brokerage';

const account = {
  id: 'live-1',
  label: 'Live',
  environment: 'live' as const,
  appId: 'APP-1',
  redirectUrl: 'http://127.0.0.1/callback',
  template: 'orders' as const,
};

test('defaulted, kept on a save without one, replaced by a save with one, refused when negative', async () => {
  const backend = createMemorySettingsBackend();
  await backend.set({ version: 1, accounts: [account], activeAccountId: 'live-1' });
  const settings = createSettingsStore({ backend });
  await settings.load();
  assert.equal(settings.loadIssue(), null);
  assert.deepEqual(settings.account('live-1')?.brokerage, DEFAULT_BROKERAGE);
  assert.deepEqual(DEFAULT_BROKERAGE, { percent: 0.03, capPerOrder: 20, deliveryPerOrder: 0 });

  const plan = { percent: 0.05, capPerOrder: 25, deliveryPerOrder: 10 };
  await settings.upsertAccount({ ...account, brokerage: plan });
  await settings.upsertAccount({ ...account, label: 'Renamed' });
  assert.deepEqual(settings.account('live-1')?.brokerage, plan, 'kept');
  await assert.rejects(
    settings.upsertAccount({ ...account, brokerage: { ...plan, capPerOrder: -1 } }),
    /brokerage\.capPerOrder/,
  );
});
