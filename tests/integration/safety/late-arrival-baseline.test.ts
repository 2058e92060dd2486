/**
 * Issue 18 (the full-size proof's unrecognised late exit), through the composed app on a
 * virtual clock shared with the sandbox: an exit the broker carries out just as the app says
 * "not done" must still be recognised.
 *
 * The app says "not done" after a final read of the account, then writes that read to its
 * journal, and only then starts the late-arrival watch. On a busy disk that write waits, and
 * the broker may land the exit (and the exchange fill it) meanwhile; any read of positions
 * in between (another action's check, the positions screen) already shows the position flat.
 * The watch must start from what the final read showed, never from whatever was read last:
 * from a flat position it looks for no exit order at all and never sees this one.
 *
 * The busy disk is made by the trader's own actions: a burst of orders the pre-checks refuse,
 * each one journalled, queued as the final read is answered; the broker lands the exit then.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Positions } from '../../../shared/broker/models';
import { OrderType } from '../../../shared/broker/enums';
import { sbinBuy } from './composed-app';
import { armFinalLook, LATE_MS, lateExitFixture } from './late-exit-race';

/** Orders refused by the pre-checks, journalled while the exit's last checks run. */
const BURST = 80;
const SYMBOL = 'NSE:ITC-EQ';

const f = lateExitFixture();
const { clock } = f;

const net = (p: Positions) =>
  p.positions.find((x) => x.symbol === SYMBOL && x.productType === 'INTRADAY')?.netQty ?? 0;

test('an exit landing while "not done" is being written is still recognised as done', async () => {
  const { app } = f;
  const buy = await app.core.orders.place(
    { ...sbinBuy(0), symbol: SYMBOL, type: OrderType.Market, limitPrice: 0 },
    { confirmGuards: true },
  );
  assert.equal(buy.status, 'done', buy.note);
  await app.control('tick', { n: 3 });
  const opened = await app.core.broker.getPositions({ fresh: true });
  assert.equal(net(opened), 1, 'long opened');
  app.core.orders.observePositions(opened);

  await app.control('faults', {
    route: 'DELETE /api/v2/positions',
    mode: 'late-arrival',
    delayMs: LATE_MS,
    times: 1,
  });
  // Once the exit's final look is answered ("still open"), the disk gets busy (the journal
  // write of "not done" queues behind the burst), and meanwhile the broker lands the exit,
  // the market fills it, and the positions screen reads the account.
  const { burst, landed } = armFinalLook(f, BURST, async () => {
    await app.control('tick', { n: 3 });
    app.core.orders.observePositions(await app.core.broker.getPositions({ fresh: true }));
  });
  const exit = await app.core.orders.exit(`${SYMBOL}-INTRADAY`);
  assert.equal(exit.status, 'unconfirmed', `${exit.summary}: ${exit.note}`);
  const settled = await app.core.orders.settled(exit.intentId);
  f.onRequest = () => {};
  assert.notEqual(landed(), null, 'the final look was made after the 30 s check');
  await landed();
  for (const b of await Promise.all(burst)) assert.equal(b.status, 'blocked', b.note);
  assert.equal(
    settled.status,
    'confirmed-not-done',
    `said "not done" before the broker acted: ${settled.note}`,
  );

  // The app's next reads of the book show the exit order.
  await clock.sleep(20_000);
  app.core.orders.observeOrders(await app.core.broker.getOrders({ fresh: true }));
  await app.core.orders.idle();
  assert.equal(net(await app.core.broker.getPositions({ fresh: true })), 0, 'the broker exited');
  const now = app.core.orders.get(exit.intentId);
  assert.equal(now.status, 'confirmed-done', `${now.summary}: ${now.note}`);
  assert.match(now.note, /Arrived late/);
});
