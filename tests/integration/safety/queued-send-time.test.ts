/**
 * Finding 1 of issue 8, through the composed app on a virtual clock shared with the sandbox:
 * 240 placements queue behind the 200/min budget; their replies must not teach the app a
 * broker-clock offset as large as the queue wait. Then one placement whose answer is cut
 * off must be found in the book (confirmed done, never "not placed", never Resend).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sbinBuy, startComposedApp, type ComposedApp } from './composed-app';
import { virtualClock } from './virtual-clock';

let app: ComposedApp;
const clock = virtualClock();
before(async () => {
  app = await startComposedApp({ clock });
});
after(async () => {
  await app.close();
});

test('after 240 queued placements, a placement whose answer is cut off is found, not resent', async () => {
  const { core } = app;
  // The trader fires 240 placements at one instant; the 200/min budget queues them.
  const release = clock.hold();
  const pending = Array.from({ length: 240 }, () =>
    core.orders.place(sbinBuy(620), { confirmGuards: true }),
  );
  while (core.scheduler.getState().queued.order < 200) await new Promise((r) => setTimeout(r, 5));
  const queuedAt = clock.now();
  release();
  const placed = await Promise.all(pending);
  assert.ok(clock.now() - queuedAt > 30_000, 'the last ones waited well over the skew');
  assert.deepEqual(
    placed
      .filter((i) => i.status !== 'done')
      .map((i) => `${i.status}: ${i.note} ${i.error?.kind} ${i.error?.brokerMessage}`),
    [],
  );
  // The book read that teaches the offset (the refresher does this in the app).
  core.orders.observeOrders(await core.broker.getOrders({ fresh: true }));

  await app.control('faults', { route: 'POST /api/v2/orders', mode: 'drop-after-commit' });
  const lost = await core.orders.place(sbinBuy(621), { confirmGuards: true });
  assert.equal(lost.status, 'unconfirmed', lost.note);
  const settled = await core.orders.settled(lost.intentId);
  assert.equal(settled.status, 'confirmed-done', settled.note);
  assert.equal(settled.resendAllowed, false);
  const book = await core.broker.getOrders({ fresh: true });
  const at621 = book.filter((o) => o.limitPrice === 621);
  assert.equal(at621.length, 1, 'exactly one order');
  assert.equal(settled.orderId, at621[0]!.id);
});
