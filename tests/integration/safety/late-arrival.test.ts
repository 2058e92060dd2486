/**
 * Finding 3 of issue 8, through the composed app on a virtual clock shared with the sandbox:
 * the sandbox's late-arrival fault drops the connection and places the order later on its
 * own clock. Within the settling period the order is found; after "not placed" the app keeps
 * matching, warns the trader (orders.lateArrival), and reads the book again just before a
 * Resend, so a late arrival is never doubled.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { AppError } from '../../../shared/ipc/errors';
import type { OrderIntent } from '../../../shared/broker/models';
import { sbinBuy, startComposedApp, type ComposedApp } from './composed-app';
import { virtualClock } from './virtual-clock';

let app: ComposedApp;
// At most 20x real time: virtual time also moves while the app waits on its disk, and on a
// loaded machine an unbounded clock let a slow journal write carry it past the late landing
// before the 30 s of checking had ended (the premise "after not placed" then failed).
const clock = virtualClock(Date.now(), 20);
before(async () => {
  app = await startComposedApp({ clock });
});
after(async () => {
  await app.close();
});

async function countAt(price: number): Promise<number> {
  const book = await app.core.broker.getOrders({ fresh: true });
  return book.filter((o) => o.symbol === 'NSE:SBIN-EQ' && o.limitPrice === price).length;
}

function lateWarnings(intentId: string): OrderIntent[] {
  return app.events
    .filter((e) => e.name === 'orders.lateArrival')
    .map((e) => e.payload as OrderIntent)
    .filter((i) => i.intentId === intentId);
}

test('an order the broker places 20 s after the client gave up is found, not resent', async () => {
  const { core } = app;
  await app.control('faults', { route: 'POST /api/v2/orders', mode: 'late-arrival' });
  const i = await core.orders.place(sbinBuy(631), { confirmGuards: true });
  assert.equal(i.status, 'unconfirmed', i.note);
  const s = await core.orders.settled(i.intentId);
  assert.equal(s.status, 'confirmed-done', s.note);
  assert.equal(await countAt(631), 1);
});

test('an order placed after "not placed": the app notices, warns, and refuses Resend', async () => {
  const { core } = app;
  await app.control('faults', {
    route: 'POST /api/v2/orders',
    mode: 'late-arrival',
    delayMs: 120_000,
  });
  const i = await core.orders.place(sbinBuy(632), { confirmGuards: true });
  const s = await core.orders.settled(i.intentId);
  assert.equal(s.status, 'confirmed-not-done', s.note);
  assert.equal(s.resendAllowed, true);
  // Time passes (the trader hesitates); the broker places it late.
  await clock.sleep(120_000);
  while ((await countAt(632)) === 0) await new Promise((r) => setTimeout(r, 5));
  await clock.sleep(20_000); // the background refresh reads the book
  await core.orders.idle();
  const now = core.orders.get(i.intentId);
  assert.equal(now.status, 'confirmed-done', now.note);
  assert.equal(now.resendAllowed, false);
  assert.equal(lateWarnings(i.intentId).length, 1, 'the trader was warned');
  await assert.rejects(core.orders.resend(i.intentId), (e) => e instanceof AppError);
  assert.equal(await countAt(632), 1, 'never doubled');
});

test('a Resend made after the late order landed but before any refresh reads the book first', async () => {
  const { core } = app;
  core.refresher.stop();
  await app.control('faults', {
    route: 'POST /api/v2/orders',
    mode: 'late-arrival',
    delayMs: 120_000,
  });
  const i = await core.orders.place(sbinBuy(633), { confirmGuards: true });
  const s = await core.orders.settled(i.intentId);
  assert.equal(s.status, 'confirmed-not-done', s.note);
  await clock.sleep(120_000);
  // The broker has placed it by now (read outside the order service, which has not seen it).
  while ((await countAt(633)) === 0) await new Promise((r) => setTimeout(r, 5));
  const err = await core.orders.resend(i.intentId).then(
    () => null,
    (e: unknown) => e,
  );
  assert.ok(err instanceof AppError && err.kind === 'resend-refused', String(err));
  // Either the pushed order update (the order socket) told the service first, or the read
  // just before the resend found it: both refuse, and neither sends a second order.
  assert.match(err.message, /carried out after all|outcome is confirmed-done/);
  assert.equal(core.orders.get(i.intentId).status, 'confirmed-done');
  assert.equal(lateWarnings(i.intentId).length, 1);
  assert.equal(await countAt(633), 1, 'never doubled');
});
