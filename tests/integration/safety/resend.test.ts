/**
 * Finding 2 of issue 8, through the composed app on a virtual clock: Resend is single-use in
 * the core (two calls, one order; the second gets a typed refusal), and an order of a
 * basket is offered Resend only because its payload is kept, so Resend works for it.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { AppError } from '../../../shared/ipc/errors';
import { sbinBuy, startComposedApp, type ComposedApp } from './composed-app';
import { virtualClock } from './virtual-clock';

let app: ComposedApp;
before(async () => {
  app = await startComposedApp({ clock: virtualClock() });
});
after(async () => {
  await app.close();
});

async function countAt(price: number): Promise<number> {
  const book = await app.core.broker.getOrders({ fresh: true });
  return book.filter((o) => o.symbol === 'NSE:SBIN-EQ' && o.limitPrice === price).length;
}

test('two Resend calls on one action place one order; the second is refused with a typed error', async () => {
  const { core } = app;
  await app.control('faults', { route: 'POST /api/v2/orders', mode: 'drop-before' });
  const first = await core.orders.place(sbinBuy(611), { confirmGuards: true });
  assert.equal(first.status, 'unconfirmed', first.note);
  const settled = await core.orders.settled(first.intentId);
  assert.equal(settled.status, 'confirmed-not-done', settled.note);
  assert.equal(settled.resendAllowed, true);

  const [a, b] = await Promise.allSettled([
    core.orders.resend(first.intentId),
    core.orders.resend(first.intentId),
  ]);
  const ok = [a, b].filter((r) => r.status === 'fulfilled');
  const refused = [a, b].filter((r) => r.status === 'rejected');
  assert.equal(ok.length, 1, 'exactly one resend goes out');
  assert.equal(refused.length, 1);
  const err = (refused[0] as PromiseRejectedResult).reason as unknown;
  assert.ok(err instanceof AppError, `typed error, got ${String(err)}`);
  assert.equal(err.kind, 'resend-refused');
  assert.equal(core.orders.get(first.intentId).resendAllowed, false, 'Resend is gone');
  await assert.rejects(core.orders.resend(first.intentId), (e) => e instanceof AppError);
  assert.equal(await countAt(611), 1, 'one order in the book');
});

test('an order of a basket that was not placed can be sent again on its own', async () => {
  const { core } = app;
  await app.control('faults', { route: 'POST /api/v2/orders-multi', mode: 'drop-before' });
  const intents = await core.orders.placeMany([sbinBuy(612), sbinBuy(613)], {
    confirmGuards: true,
  });
  const settled = await Promise.all(intents.map((i) => core.orders.settled(i.intentId)));
  for (const s of settled) assert.equal(s.status, 'confirmed-not-done', s.note);
  for (const s of settled) assert.equal(s.resendAllowed, true);
  const again = await core.orders.resend(settled[0]!.intentId);
  assert.equal(again.status, 'done', `${again.note} ${JSON.stringify(again.error)}`);
  assert.equal(await countAt(612), 1);
  assert.equal(await countAt(613), 0);
});
