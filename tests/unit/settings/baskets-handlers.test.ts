/**
 * Saved baskets through their handlers over the real settings store: saved in the settings
 * document (and back after a reload from the same backend), replaced by name, capped with
 * errors that name the limit, and an older document without baskets loads with none.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { basketsHandlers } from '../../../electron/ipc/handlers/baskets';
import { basketsChannels } from '../../../shared/ipc/channels/baskets';
import { AppError } from '../../../shared/ipc/errors';
import { createSettingsStore } from '../../../electron/core/settings/settings-store';
import { createMemorySettingsBackend } from '../../../electron/core/settings/backend';
import { MAX_SAVED_BASKETS } from '../../../shared/orders/basket-limits';

const order = {
  symbol: 'NSE:SBIN-EQ',
  qty: 1,
  type: 1,
  side: 1,
  productType: 'CNC',
  limitPrice: 600,
};
const ctx = { senderId: 'test' };

async function setup(backend = createMemorySettingsBackend()) {
  const settings = createSettingsStore({ backend });
  await settings.load();
  return { backend, settings, h: basketsHandlers({ settings } as never) };
}

test('save, replace by name, reload from the stored document, remove', async () => {
  const { backend, h } = await setup();
  const save = basketsChannels['baskets.save'].input.parse({
    name: ' Morning ',
    orders: [order, { ...order, qty: 2 }],
  });
  assert.equal(save.name, 'Morning', 'trimmed');
  await h['baskets.save'](save, ctx);
  const replaced = await h['baskets.save']({ name: 'MORNING', orders: [save.orders[0]!] }, ctx);
  assert.equal(replaced.length, 1, 'one basket per name');
  assert.equal(replaced[0]!.orders.length, 1);
  assert.equal(replaced[0]!.orders[0]!.validity, 'DAY', 'defaults filled in');

  const again = await setup(backend);
  const listed = await again.h['baskets.list'](undefined, ctx);
  assert.deepEqual(
    listed.map((b) => [b.name, b.orders.length]),
    [['MORNING', 1]],
  );
  assert.deepEqual(await again.h['baskets.remove']({ name: 'morning' }, ctx), []);
  await assert.rejects(
    Promise.resolve(again.h['baskets.remove']({ name: 'nope' }, ctx)),
    (e) => e instanceof AppError && /no saved basket "nope"/.test(e.message),
  );
});

test('caps: orders per basket, saved baskets, name length, each with its own words', () => {
  const tooMany = basketsChannels['baskets.save'].input.safeParse({
    name: 'Big',
    orders: Array.from({ length: 51 }, () => order),
  });
  assert.equal(tooMany.success, false);
  assert.match(tooMany.error!.issues[0]!.message, /at most 50 orders/);
  const longName = basketsChannels['baskets.save'].input.safeParse({
    name: 'x'.repeat(41),
    orders: [order],
  });
  assert.match(longName.error!.issues[0]!.message, /at most 40 characters/);
  const empty = basketsChannels['baskets.save'].input.safeParse({ name: 'E', orders: [] });
  assert.match(empty.error!.issues[0]!.message, /at least one order/);
});

test(`basket number ${MAX_SAVED_BASKETS + 1} is refused, naming the limit; replacing one still works`, async () => {
  const { h } = await setup();
  const orders = basketsChannels['baskets.save'].input.parse({ name: 'x', orders: [order] }).orders;
  for (let i = 0; i < MAX_SAVED_BASKETS; i++)
    await h['baskets.save']({ name: `b${i}`, orders }, ctx);
  await assert.rejects(
    Promise.resolve(h['baskets.save']({ name: 'one more', orders }, ctx)),
    (e) =>
      e instanceof AppError && e.kind === 'invalid-input' && /At most 20 baskets/.test(e.message),
  );
  const list = await h['baskets.save']({ name: 'b3', orders }, ctx);
  assert.equal(list.length, MAX_SAVED_BASKETS);
  assert.equal(list[0]!.name, 'b3', 'newest first');
});

test('a document written before baskets existed loads with none (no migration)', async () => {
  const backend = createMemorySettingsBackend();
  await backend.set({ version: 1, accounts: [], activeAccountId: null });
  const { settings } = await setup(backend);
  assert.equal(settings.loadIssue(), null);
  assert.deepEqual(settings.get().baskets, []);
});
