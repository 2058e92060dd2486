/**
 * Issue 17, finding 1, at the core: every send control sends once when two windows (two
 * renderers behind the one IPC router) send the same act at the same moment, and a basket's
 * send id is carried out once. Counted at the sandbox broker (its request log), through the
 * composed app: createAppCore in Demo mode, the real router, the sandbox over HTTP.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { OrderStatus, OrderType } from '../../../shared/broker/enums';
import type { OrderIntent } from '../../../shared/broker/models';
import type { IpcResult } from '../../../shared/ipc/errors';
import { SendRefusal } from '../../../shared/orders/send-once';
import { inProcessDemo } from '../../support/in-process-demo';
import { sandboxActionLog } from '../../support/sandbox-action-log';
import { startComposedApp, TEST_ORIGIN, type ComposedApp } from '../app/composed-app';
import { sbinBuy, startDemoSandbox } from './composed-app';
import type { SandboxHandle } from '../../../sandbox/index';

const actions = sandboxActionLog();
let sandbox: SandboxHandle;
let app: ComposedApp;

before(async () => {
  sandbox = await startDemoSandbox(undefined, actions.log);
  app = await startComposedApp({ deps: { demoProcess: inProcessDemo(sandbox) } });
  await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
  await app.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 1000 });
});
after(async () => {
  await app.close();
  await sandbox.close();
});

/** One call as the window `senderId` makes it. */
function fromWindow(senderId: string, channel: string, input: unknown) {
  return app.router.dispatch({
    channel,
    input,
    sender: { url: `${TEST_ORIGIN}/index.html`, isTopFrame: true },
    ctx: { senderId },
  });
}

/** The same call from two windows at once; the action requests the sandbox received for it. */
async function fromTwoWindows(channel: string, input: unknown) {
  const mark = actions.mark();
  const both = await Promise.all([
    fromWindow('window-a', channel, input),
    fromWindow('window-b', channel, input),
  ]);
  await settle(both);
  return { both, at: actions.since(mark) };
}

/** Waits for the outcome of every intent the answers carry. */
async function settle(results: IpcResult<unknown>[]): Promise<void> {
  for (const r of results) {
    if (!r.ok) continue;
    const list = (Array.isArray(r.data) ? r.data : [r.data]) as OrderIntent[];
    await Promise.all(list.map((i) => app.core.orders.settled(i.intentId)));
  }
}

const total = (at: Record<string, number>) => Object.values(at).reduce((a, b) => a + b, 0);

/** One answered, the other refused as `kind`, in words and without an API path. */
function oneRefused(both: IpcResult<unknown>[], kind: string): void {
  const refused = both.filter((r) => !r.ok);
  assert.equal(refused.length, 1, `one refused: ${JSON.stringify(both)}`);
  const err = (refused[0] as { ok: false; error: { kind: string; message: string } }).error;
  assert.equal(err.kind, kind, err.message);
  assert.doesNotMatch(err.message, /\/api\//);
  assert.match(err.message, /not sent|nothing was sent/i);
}

async function pendingOrder(price: number): Promise<string> {
  const i = await app.core.orders.place(sbinBuy(price), { confirmGuards: true });
  assert.equal(i.status, 'done', i.note);
  // Out of transit (the sandbox moves it on its ticks) before a modify or cancel may go.
  for (let k = 0; k < 50; k++) {
    const o = await app.core.broker.getOrder(i.orderId!, { priority: 'order' });
    if (o?.status === OrderStatus.Pending) return i.orderId!;
    await app.control('tick', { n: 1 });
  }
  throw new Error(`order ${i.orderId} never became pending`);
}

async function openLong(symbol: string): Promise<void> {
  const i = await app.core.orders.place(
    { ...sbinBuy(0), symbol, type: OrderType.Market, limitPrice: 0 },
    { confirmGuards: true },
  );
  assert.equal(i.status, 'done', i.note);
  await app.control('tick', { n: 3 });
  const p = await app.core.broker.getPositions({ fresh: true });
  assert.ok(
    p.positions.some((x) => x.symbol === symbol && x.netQty > 0),
    `${symbol} long open`,
  );
}

test('a basket sent with one send id from two windows at once goes out once; sent again later, it is refused', async () => {
  const sendId = randomUUID();
  const input = { drafts: [sbinBuy(801), sbinBuy(802), sbinBuy(803)], confirmGuards: true, sendId };
  const { both, at } = await fromTwoWindows('orders.placeMany', input);
  assert.deepEqual(at, { 'POST /api/v2/orders-multi': 1 }, 'one basket request at the broker');
  oneRefused(both, SendRefusal.alreadySent);
  const mark = actions.mark();
  const again = await fromWindow('window-a', 'orders.placeMany', input);
  assert.equal(again.ok, false);
  assert.equal(total(actions.since(mark)), 0, 'nothing reached the broker');
  // A new act (Send again) has a new id and is carried out.
  const fresh = await fromWindow('window-a', 'orders.placeMany', {
    ...input,
    sendId: randomUUID(),
  });
  assert.equal(fresh.ok, true);
  await settle([fresh]);
  assert.deepEqual(actions.since(mark), { 'POST /api/v2/orders-multi': 1 });
});

test('one ticket send id from two windows at once places one order', async () => {
  const input = { draft: sbinBuy(804), confirmGuards: true, sendId: randomUUID() };
  const { both, at } = await fromTwoWindows('orders.place', input);
  assert.deepEqual(at, { 'POST /api/v2/orders': 1 });
  oneRefused(both, SendRefusal.alreadySent);
});

test('cancel, cancel of a selection and modify of one order from two windows at once reach the broker once', async () => {
  const id = await pendingOrder(805);
  const mod = await fromTwoWindows('orders.modify', {
    change: { id, limitPrice: 806 },
    confirmGuards: true,
  });
  assert.deepEqual(mod.at, { 'PUT /api/v2/orders': 1 }, JSON.stringify(mod.both));
  oneRefused(mod.both, SendRefusal.inFlight);

  const cancel = await fromTwoWindows('orders.cancel', { id });
  assert.deepEqual(cancel.at, { 'DELETE /api/v2/orders': 1 });
  oneRefused(cancel.both, SendRefusal.inFlight);

  const ids = [await pendingOrder(807), await pendingOrder(808)];
  // The app's own book must know both are pending (its pre-check refuses a cancel of an
  // order it last saw in transit); under CI's load the pushed update can trail the read.
  await app.call('portfolio.orders');
  const many = await fromTwoWindows('orders.cancelMany', ids);
  assert.deepEqual(many.at, { 'DELETE /api/v2/orders-multi': 1 }, JSON.stringify(many.both));
  oneRefused(many.both, SendRefusal.inFlight);
});

test('exit, convert and exit all of positions from two windows at once reach the broker once', async () => {
  await openLong('NSE:SBIN-EQ');
  const convert = await fromTwoWindows('orders.convert', {
    symbol: 'NSE:SBIN-EQ',
    positionSide: 1,
    convertQty: 1,
    convertFrom: 'INTRADAY',
    convertTo: 'CNC',
  });
  assert.deepEqual(convert.at, { 'PUT /api/v2/positions': 1 });
  oneRefused(convert.both, SendRefusal.inFlight);

  await openLong('NSE:SBIN-EQ');
  const exit = await fromTwoWindows('orders.exitPosition', { positionId: 'NSE:SBIN-EQ-INTRADAY' });
  assert.deepEqual(exit.at, { 'DELETE /api/v2/positions': 1 });
  oneRefused(exit.both, SendRefusal.inFlight);

  await openLong('NSE:SBIN-EQ');
  const all = await fromTwoWindows('orders.exitAll', undefined);
  assert.deepEqual(all.at, { 'DELETE /api/v2/positions': 1 });
  oneRefused(all.both, SendRefusal.inFlight);
  assert.equal(app.core.orders.sendGuardHeld(), 0, 'every target let go once settled');
});

test('the very same action again just after its outcome is a repeat (a held key) and refused; a different change goes out', async () => {
  const id = await pendingOrder(809);
  const mark = actions.mark();
  const first = await fromWindow('window-a', 'orders.modify', {
    change: { id, limitPrice: 810 },
    confirmGuards: true,
  });
  await settle([first]);
  const repeat = await fromWindow('window-a', 'orders.modify', {
    change: { id, limitPrice: 810 },
    confirmGuards: true,
  });
  assert.equal(repeat.ok, false);
  assert.equal(!repeat.ok && repeat.error.kind, SendRefusal.justSent);
  const other = await fromWindow('window-a', 'orders.modify', {
    change: { id, limitPrice: 811 },
    confirmGuards: true,
  });
  assert.equal(other.ok, true, JSON.stringify(other));
  await settle([other]);
  assert.deepEqual(actions.since(mark), { 'PUT /api/v2/orders': 2 });
});
