/**
 * Issue 18 (review of findings 2 and 3), through the composed app on a virtual clock shared
 * with the sandbox: a late-arrival watch must survive the trader's next move.
 *
 * - An exit settled "not done" while its position still shows open is exactly when the
 *   trader sells by hand from the ticket. If the exit then lands late, both exist: the exit
 *   must still be flagged "arrived late", and the hand sell must never be taken for it.
 * - A placement whose original was truly lost is resent, and the resend lands late: one
 *   order exists, so the app must never say "both exist" (the trader would cancel the only
 *   order), and the intent that did land is the one flagged.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Order, OrderIntent } from '../../../shared/broker/models';
import { OrderType, Side } from '../../../shared/broker/enums';
import { sbinBuy, startComposedApp, type ComposedApp } from './composed-app';
import { virtualClock } from './virtual-clock';

/** Well after the 30 s settling period and its last look (as in late-arrival-kinds). */
const LATE_MS = 90_000;

let app: ComposedApp;
// At most 20x real time, for the reason given in late-arrival-kinds.test.ts.
const clock = virtualClock(Date.now(), 20);
before(async () => {
  app = await startComposedApp({ clock });
});
after(async () => {
  await app.close();
});

async function book(): Promise<Order[]> {
  return app.core.broker.getOrders({ fresh: true });
}

async function settledNotDone(sent: OrderIntent): Promise<OrderIntent> {
  const s = await app.core.orders.settled(sent.intentId);
  assert.equal(s.status, 'confirmed-not-done', `${s.summary}: ${s.note}`);
  return s;
}

/** Lets a late request land and the background reads see it. */
async function letItLand(): Promise<void> {
  await clock.sleep(LATE_MS);
  await clock.sleep(25_000);
  await app.core.orders.idle();
}

test('an exit that lands late after the trader sold by hand is still flagged, and the hand sell is not taken for it', async () => {
  const buy = await app.core.orders.place(
    { ...sbinBuy(0), symbol: 'NSE:ITC-EQ', type: OrderType.Market, limitPrice: 0 },
    { confirmGuards: true },
  );
  assert.equal(buy.status, 'done', buy.note);
  await app.control('tick', { n: 3 });
  const positions = await app.core.broker.getPositions({ fresh: true });
  const long = positions.positions.find((p) => p.id === 'NSE:ITC-EQ-INTRADAY');
  assert.equal(long?.netQty, 1, 'ITC long opened');
  app.core.orders.observePositions(positions);

  await app.control('faults', {
    route: 'DELETE /api/v2/positions',
    mode: 'late-arrival',
    delayMs: LATE_MS,
  });
  const exit = await settledNotDone(await app.core.orders.exit('NSE:ITC-EQ-INTRADAY'));

  // The position still shows open: the trader sells it by hand, a limit above the market
  // (pending, so the position stays open for the late exit to act on).
  const above = Math.round(long!.ltp * 1.03 * 20) / 20;
  const hand = await app.core.orders.place(
    { ...sbinBuy(above), symbol: 'NSE:ITC-EQ', side: Side.Sell },
    { confirmGuards: true },
  );
  assert.equal(hand.status, 'done', hand.note);
  await app.control('tick', { n: 1 });
  app.core.orders.observeOrders(await book());
  assert.equal(
    app.core.orders.get(exit.intentId).status,
    'confirmed-not-done',
    'the hand sell is not taken for the exit',
  );

  await letItLand();
  app.core.orders.observeOrders(await book());
  const now = app.core.orders.get(exit.intentId);
  assert.equal(now.status, 'confirmed-done', `the late exit is found: ${now.note}`);
  assert.match(now.note, /Arrived late/);
  assert.ok(now.orderId, 'the exit names its own order');
  assert.notEqual(now.orderId, hand.orderId, 'the exit is its own order, not the hand sell');
  const exitRow = (await book()).find((o) => o.id === now.orderId);
  assert.equal(exitRow?.side, Side.Sell);
  assert.equal(exitRow?.symbol, 'NSE:ITC-EQ');
  assert.equal(app.core.orders.get(hand.intentId).status, 'done');
});

test('a placement lost, resent, and the resend landing late: one order, never "both exist"', async () => {
  const price = 731;
  await app.control('faults', { route: 'POST /api/v2/orders', mode: 'drop-before' });
  const first = await settledNotDone(
    await app.core.orders.place(sbinBuy(price), { confirmGuards: true }),
  );
  await app.control('faults', {
    route: 'POST /api/v2/orders',
    mode: 'late-arrival',
    delayMs: LATE_MS,
  });
  const again = await settledNotDone(await app.core.orders.resend(first.intentId));

  await letItLand();
  app.core.orders.observeOrders(await book());
  const rows = (await book()).filter(
    (o) => o.symbol === 'NSE:SBIN-EQ' && o.limitPrice === price && o.side === Side.Buy,
  );
  assert.equal(rows.length, 1, 'only the resend reached the broker');
  const original = app.core.orders.get(first.intentId);
  const resent = app.core.orders.get(again.intentId);
  for (const i of [original, resent])
    assert.doesNotMatch(i.note, /both exist/i, `${i.summary}: ${i.note}`);
  assert.equal(resent.status, 'confirmed-done', `the resend is found late: ${resent.note}`);
  assert.equal(resent.orderId, rows[0]!.id);
  assert.match(resent.note, /Arrived late/);
  assert.equal(
    original.status,
    'confirmed-not-done',
    `the original never landed: ${original.note}`,
  );
  assert.equal(resent.resendAllowed, false, 'the order that landed is not offered again');
});
