/**
 * Issue 18, findings 2 and 3, through the composed app on a virtual clock shared with the
 * sandbox: the broker carries an action out 45 s after its client gave up, that is after the
 * app has settled it "not done" (30 s of checking). Every kind of action — modify, cancel,
 * exit one, exit all, convert, and the multi modify / cancel — must then be corrected to
 * "done", flagged "arrived late" to the trader, lose its Resend, and have that outcome in the
 * journal (a restart must not revert it). A placement resent in between keeps its watch: the
 * original is flagged too, and both orders exist.
 */
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Order, OrderIntent } from '../../../shared/broker/models';
import { OrderStatus, OrderType, Side } from '../../../shared/broker/enums';
import { sbinBuy, startComposedApp, type ComposedApp } from './composed-app';
import { virtualClock } from './virtual-clock';

/**
 * Well after the 30 s settling period and its last look: the app has said "not done". The
 * margin covers a loaded machine, where a slow journal write costs virtual time too.
 */
const LATE_MS = 90_000;

let app: ComposedApp;
// At most 20x real time: virtual time moves while the app waits on its disk as well, and an
// unbounded clock would let a slow write carry it past the late landing before "not done".
const clock = virtualClock(Date.now(), 20);
before(async () => {
  app = await startComposedApp({ clock });
});
after(async () => {
  await app.close();
});

function lateWarnings(intentId: string): OrderIntent[] {
  return app.events
    .filter((e) => e.name === 'orders.lateArrival')
    .map((e) => e.payload as OrderIntent)
    .filter((i) => i.intentId === intentId);
}

async function book(): Promise<Order[]> {
  return app.core.broker.getOrders({ fresh: true });
}

async function netQty(symbol: string, product: string): Promise<number> {
  const p = await app.core.broker.getPositions({ fresh: true });
  return p.positions.find((x) => x.symbol === symbol && x.productType === product)?.netQty ?? 0;
}

/** Places pending SBIN buys (far below the market) and returns their order ids. */
async function pending(...prices: number[]): Promise<string[]> {
  const ids: string[] = [];
  for (const p of prices) {
    const i = await app.core.orders.place(sbinBuy(p), { confirmGuards: true });
    assert.equal(i.status, 'done', i.note);
    ids.push(i.orderId!);
  }
  await app.control('tick', { n: 1 }); // out of transit: pending at the exchange
  app.core.orders.observeOrders(await book());
  return ids;
}

/** Opens an intraday long of 1 share in `symbol` (a market buy the next ticks fill). */
async function openLong(symbol: string): Promise<void> {
  const i = await app.core.orders.place(
    { ...sbinBuy(0), symbol, type: OrderType.Market, limitPrice: 0 },
    { confirmGuards: true },
  );
  assert.equal(i.status, 'done', i.note);
  await app.control('tick', { n: 3 });
  assert.equal(await netQty(symbol, 'INTRADAY'), 1, `${symbol} long opened`);
  app.core.orders.observePositions(await app.core.broker.getPositions({ fresh: true }));
}

/** Arms the late arrival, sends, and waits for "not done" (before the broker acts). */
async function notDoneThenLate(
  route: string,
  send: () => Promise<OrderIntent[]>,
): Promise<OrderIntent[]> {
  await app.control('faults', { route, mode: 'late-arrival', delayMs: LATE_MS });
  const sent = await send();
  const settled = await Promise.all(sent.map((i) => app.core.orders.settled(i.intentId)));
  for (const s of settled) {
    assert.equal(
      s.status,
      'confirmed-not-done',
      `${s.summary}: ${s.note} ${JSON.stringify(s.violations)}`,
    );
    assert.equal(s.resendAllowed, true);
  }
  return settled;
}

/** Lets the late request land and the background reads see it; returns the intents now. */
async function afterLanding(intents: OrderIntent[]): Promise<OrderIntent[]> {
  await clock.sleep(LATE_MS);
  await clock.sleep(25_000);
  await app.core.orders.idle();
  return intents.map((i) => app.core.orders.get(i.intentId));
}

function assertArrivedLate(now: OrderIntent[]): void {
  for (const i of now) {
    assert.equal(i.status, 'confirmed-done', `${i.summary}: ${i.note}`);
    assert.match(i.note, /Arrived late/);
    assert.equal(i.resendAllowed, false, `${i.summary}: Resend is gone`);
    assert.equal(lateWarnings(i.intentId).length, 1, `${i.summary}: the trader was warned once`);
  }
}

/** The journal's last outcome of each intent (what a restart reads back). */
async function journalOutcomes(ids: string[]): Promise<Map<string, unknown>> {
  const dir = join(app.dataDir, 'journal');
  const out = new Map<string, unknown>();
  for (const f of (await readdir(dir)).sort()) {
    for (const line of (await readFile(join(dir, f), 'utf8')).split('\n')) {
      if (!line.trim()) continue;
      const e = JSON.parse(line) as { intentId: string; step: string; data?: { status?: string } };
      if (ids.includes(e.intentId) && e.step === 'outcome') out.set(e.intentId, e.data?.status);
    }
  }
  return out;
}

test('a modify the broker carries out after "not done" is corrected and flagged late', async () => {
  const [id] = await pending(801);
  const sent = await notDoneThenLate('PUT /api/v2/orders', async () => [
    await app.core.orders.modify({ id: id!, limitPrice: 802 }, { confirmGuards: true }),
  ]);
  const now = await afterLanding(sent);
  assert.equal((await book()).find((o) => o.id === id)?.limitPrice, 802, 'the broker modified it');
  assertArrivedLate(now);
  const journal = await journalOutcomes(now.map((i) => i.intentId));
  assert.equal(
    journal.get(now[0]!.intentId),
    'confirmed-done',
    'the journal keeps the late outcome',
  );
});

test('a cancel the broker carries out after "not done" is corrected and flagged late', async () => {
  const [id] = await pending(803);
  const sent = await notDoneThenLate('DELETE /api/v2/orders', async () => [
    await app.core.orders.cancel(id!),
  ]);
  const now = await afterLanding(sent);
  assert.equal((await book()).find((o) => o.id === id)?.status, OrderStatus.Canceled);
  assertArrivedLate(now);
});

test('a multi modify and a multi cancel the broker carries out late are corrected', async () => {
  const [a, b, c, d] = await pending(804, 805, 806, 807);
  const modified = await notDoneThenLate('PUT /api/v2/orders-multi', () =>
    app.core.orders.modifyMany(
      [
        { id: a!, limitPrice: 814 },
        { id: b!, limitPrice: 815 },
      ],
      { confirmGuards: true },
    ),
  );
  assertArrivedLate(await afterLanding(modified));
  const cancelled = await notDoneThenLate('DELETE /api/v2/orders-multi', () =>
    app.core.orders.cancelMany([c!, d!]),
  );
  assertArrivedLate(await afterLanding(cancelled));
});

test('an exit the broker carries out after "not done" is corrected and flagged late', async () => {
  await openLong('NSE:ITC-EQ');
  const sent = await notDoneThenLate('DELETE /api/v2/positions', async () => [
    await app.core.orders.exit('NSE:ITC-EQ-INTRADAY'),
  ]);
  const now = await afterLanding(sent);
  await app.control('tick', { n: 3 });
  assert.equal(await netQty('NSE:ITC-EQ', 'INTRADAY'), 0, 'the broker exited it');
  assertArrivedLate(now);
});

test('a convert the broker carries out after "not done" is corrected and flagged late', async () => {
  await openLong('NSE:INFY-EQ');
  const sent = await notDoneThenLate('PUT /api/v2/positions', async () => [
    await app.core.orders.convert({
      symbol: 'NSE:INFY-EQ',
      positionSide: Side.Buy,
      convertQty: 1,
      convertFrom: 'INTRADAY',
      convertTo: 'CNC',
    }),
  ]);
  const now = await afterLanding(sent);
  assert.equal(await netQty('NSE:INFY-EQ', 'CNC'), 1, 'the broker converted it');
  assertArrivedLate(now);
});

test('an exit all the broker carries out after "not done" is corrected and flagged late', async () => {
  await openLong('NSE:TCS-EQ');
  await openLong('NSE:WIPRO-EQ');
  const sent = await notDoneThenLate('DELETE /api/v2/positions', async () => [
    await app.core.orders.exit(null),
  ]);
  const now = await afterLanding(sent);
  await app.control('tick', { n: 3 });
  const open = (await app.core.broker.getPositions({ fresh: true })).positions.filter(
    (p) => p.netQty !== 0 && p.productType === 'INTRADAY',
  );
  assert.deepEqual(
    open.map((p) => p.id),
    [],
    'the broker exited every intraday position',
  );
  assertArrivedLate(now);
});

test('a placement resent after "not placed" and then carried out late: both exist, the original is flagged', async () => {
  const [first] = await notDoneThenLate('POST /api/v2/orders', async () => [
    await app.core.orders.place(sbinBuy(821), { confirmGuards: true }),
  ]);
  const again = await app.core.orders.resend(first!.intentId);
  assert.equal(again.status, 'done', again.note);
  const [now] = await afterLanding([first!]);
  const rows = (await book()).filter((o) => o.symbol === 'NSE:SBIN-EQ' && o.limitPrice === 821);
  assert.equal(rows.length, 2, 'the resend and the late original are both in the book');
  assertArrivedLate([now!]);
  assert.notEqual(now!.orderId, again.orderId, 'the original is its own order, not the resend');
  assert.ok(rows.some((r) => r.id === now!.orderId));
  assert.match(now!.note, /sent again/i, 'the note says it had been sent again');
  assert.equal(app.core.orders.get(again.intentId).status, 'done');
});
