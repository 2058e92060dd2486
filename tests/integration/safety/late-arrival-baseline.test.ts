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
import { after, before, test } from 'node:test';
import type { OrderIntent, Positions } from '../../../shared/broker/models';
import { OrderType } from '../../../shared/broker/enums';
import { sbinBuy, startComposedApp, startDemoSandbox, type ComposedApp } from './composed-app';
import type { SandboxHandle } from '../../../sandbox/index';
import { virtualClock } from './virtual-clock';

/** When the broker carries the exit out: long after the 30 s of checking. */
const LATE_MS = 60_000;
/** Orders refused by the pre-checks, journalled while the exit's last checks run. */
const BURST = 80;
const SYMBOL = 'NSE:ITC-EQ';

let sandbox: SandboxHandle;
let app: ComposedApp;
const clock = virtualClock(Date.now(), 20);
/** Called with each request the sandbox answered (method, path, status, real ms). */
let onRequest: (line: string) => void = () => {};
before(async () => {
  sandbox = await startDemoSandbox(clock, (line) => onRequest(line));
  app = await startComposedApp({ clock, sandbox });
});
after(async () => {
  await app.close();
  await sandbox.close();
});

const net = (p: Positions) =>
  p.positions.find((x) => x.symbol === SYMBOL && x.productType === 'INTRADAY')?.netQty ?? 0;

test('an exit landing while "not done" is being written is still recognised as done', async () => {
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
  // The exit's final look: its second positions and book reads from 30 s after sending on.
  let sentAt = Infinity;
  const late = { positions: 0, orders: 0 };
  const burst: Promise<OrderIntent>[] = [];
  let landed: Promise<void> | null = null;
  onRequest = (line) => {
    if (clock.now() - sentAt < 30_000 || landed) return;
    if (line.startsWith('GET /api/v2/positions ')) late.positions++;
    else if (line.startsWith('GET /api/v2/orders ')) late.orders++;
    if (late.positions < 2 || late.orders < 2) return;
    // The final look has been answered ("still open"). The disk gets busy (the journal write
    // of "not done" queues behind these), and meanwhile the broker lands the exit, the
    // market fills it, and the positions screen reads the account.
    for (let k = 0; k < BURST; k++)
      burst.push(app.core.orders.place(sbinBuy(500, { qty: 0 }), { confirmGuards: true }));
    landed = (async () => {
      // Once the app has taken the answers in (jumping time under a request still being
      // read would fire its timeout instead).
      while (app.core.scheduler.getState().inFlight > 0) await new Promise((r) => setImmediate(r));
      clock.skip(LATE_MS);
      await app.control('tick', { n: 3 });
      app.core.orders.observePositions(await app.core.broker.getPositions({ fresh: true }));
    })();
  };
  sentAt = clock.now();
  const exit = await app.core.orders.exit(`${SYMBOL}-INTRADAY`);
  assert.equal(exit.status, 'unconfirmed', `${exit.summary}: ${exit.note}`);
  const settled = await app.core.orders.settled(exit.intentId);
  onRequest = () => {};
  assert.notEqual(landed, null, 'the final look was made after the 30 s check');
  await landed;
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
