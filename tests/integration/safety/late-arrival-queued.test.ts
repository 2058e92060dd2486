/**
 * Issue 18 (review: watches end once the new request has left, not before), through the
 * composed app on a virtual clock shared with the sandbox.
 *
 * A modify settled "not done" is watched for a late arrival. The trader modifies the same
 * order again, but that request waits in the request budget's queue (the minute's budget is
 * spent by reads). While it waits, the broker carries out the first modify. Until the second request
 * has left, nothing but the first modify can have changed the order: the first must be
 * recognised as "done, arrived late", not left "not done" for ever. (Once the second has
 * left, the two can no longer be told apart, and the watch ends.)
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Order } from '../../../shared/broker/models';
import { sbinBuy, startComposedApp, type ComposedApp } from './composed-app';
import { virtualClock } from './virtual-clock';

/** The first modify lands this long after it was sent (well after "not done" at 30 s). */
const LATE_MS = 120_000;
/** Reads that spend the minute's budget (more than its ceiling: some wait behind). */
const READS = 220;

let app: ComposedApp;
// At most 20x real time, for the reason given in late-arrival-kinds.test.ts.
const clock = virtualClock(Date.now(), 20);
before(async () => {
  app = await startComposedApp({ clock });
});
after(async () => {
  await app.close();
});

async function row(id: string): Promise<Order | undefined> {
  return (await app.core.broker.getOrders({ fresh: true })).find((o) => o.id === id);
}

test('a modify landing late while the next modify of its order waits in the queue is recognised', async () => {
  const placed = await app.core.orders.place(sbinBuy(801), { confirmGuards: true });
  assert.equal(placed.status, 'done', placed.note);
  const id = placed.orderId!;
  await app.control('tick', { n: 1 }); // out of transit: pending at the exchange
  app.core.orders.observeOrders(await app.core.broker.getOrders({ fresh: true }));

  await app.control('faults', {
    route: 'PUT /api/v2/orders',
    mode: 'late-arrival',
    delayMs: LATE_MS,
    times: 1,
  });
  const sentAt = clock.now();
  const first = await app.core.orders.modify({ id, limitPrice: 802 }, { confirmGuards: true });
  const notDone = await app.core.orders.settled(first.intentId);
  assert.equal(notDone.status, 'confirmed-not-done', `${notDone.summary}: ${notDone.note}`);
  assert.ok(clock.now() - sentAt < LATE_MS, 'said "not done" before the broker acted');
  // The send-once guard lets go of the order once the first modify's outcome is known.
  while (app.core.orders.sendGuardHeld() > 0) await clock.sleep(100);

  // Some 45 s before the first lands, reads spend the minute's budget; the second modify
  // is sent once the window is full, and waits for it to free (some 60 s after it began).
  await clock.sleep(sentAt + LATE_MS - 45_000 - clock.now());
  const reads = Array.from({ length: READS }, () =>
    app.core.broker.getFunds({ priority: 'order', fresh: true }).catch(() => undefined),
  );
  const full = () => {
    const m = app.core.scheduler.getState().minute;
    return m.used >= m.ceiling;
  };
  while (!full()) await clock.sleep(250);
  assert.ok(clock.now() < sentAt + LATE_MS, 'the window filled before the first landed');
  const second = app.core.orders.modify({ id, limitPrice: 803 }, { confirmGuards: true });

  // The first lands while the second waits; the pushed update shows its values.
  while (clock.now() < sentAt + LATE_MS + 1_000) await clock.sleep(1_000);
  const done = await second;
  await Promise.all(reads);
  assert.equal(done.status, 'done', done.note);
  // The broker acted on the second after the first: it had not left before the first landed.
  assert.equal((await row(id))?.limitPrice, 803, 'the second modify came after the first');
  await app.core.orders.idle();
  const now = app.core.orders.get(first.intentId);
  assert.equal(now.status, 'confirmed-done', `${now.summary}: ${now.note}`);
  assert.match(now.note, /Arrived late/);
});
