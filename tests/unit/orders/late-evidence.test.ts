/**
 * The late-arrival evidence of each action kind (issue 18 #2): what proves that an action
 * settled "not done" was carried out after all, and — as important — what must never be
 * taken for it: another action's effect, an order that ended, a trade, the watch window
 * passing. The composed-app tests (tests/integration/safety/late-arrival-kinds.test.ts) show
 * each kind end to end; these pin the rules one by one.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Order, Position, Positions } from '../../../shared/broker/models';
import { OrderStatus, OrderType, Side } from '../../../shared/broker/enums';
import type { CheckContext } from '../../../electron/core/orders/reconcile/check-context';
import { exitCheck } from '../../../electron/core/orders/reconcile/reconcile-checks';
import {
  cancelWatcher,
  convertWatcher,
  exitWatcher,
  modifyWatcher,
} from '../../../electron/core/orders/reconcile/late-evidence';
import { LATE_WATCH_MS, LateWatch } from '../../../electron/core/orders/reconcile/late-watch';
import { order } from '../alerts/order-row';
import { FakeClock } from '../limiter/fake-clock';

function position(over: Partial<Position>): Position {
  return {
    id: 'NSE:ITC-EQ-INTRADAY',
    symbol: 'NSE:ITC-EQ',
    productType: 'INTRADAY',
    side: 1,
    netQty: 1,
    qty: 1,
    buyQty: 1,
    sellQty: 0,
    buyAvg: 400,
    sellAvg: 0,
    netAvg: 400,
    buyValue: 400,
    sellValue: 0,
    realizedPl: 0,
    unrealizedPl: 0,
    pl: 0,
    crossCurrency: false,
    rbiRefRate: 1,
    commodityMultiplier: 1,
    segment: 10,
    exchange: 10,
    slNo: 1,
    ltp: 400,
    token: '',
    ...over,
  };
}

const positions = (...p: Position[]): Positions => ({
  positions: p,
  overall: { count: p.length, openCount: p.length, plTotal: 0, plRealized: 0, plUnrealized: 0 },
});

function context(
  p?: Positions,
): CheckContext & { claimed: Set<string>; clock: FakeClock; positions: Positions | undefined } {
  const claimed = new Set<string>();
  const clock = new FakeClock();
  return {
    broker: { getOrder: async () => null },
    clock,
    skewMs: 5000,
    serverOffsetMs: null,
    claimed,
    claimedIds: claimed,
    positions: p,
    rememberOrder: () => {},
    readBook: async () => [],
    readPositions: async () => p!,
    claim: (id) => void claimed.add(id),
  };
}

const orders = (...o: Order[]) => ({ kind: 'orders' as const, book: o });

test('a modify counts as done only when the row shows every value it sent', () => {
  const w = modifyWatcher(context(), { id: '7', limitPrice: 820, qty: 5 });
  assert.equal(w.see(orders(order({ id: '7', limitPrice: 820, qty: 10 }))), null, 'half is not it');
  assert.equal(w.see(orders(order({ id: '8', limitPrice: 820, qty: 5 }))), null, 'another order');
  assert.deepEqual(w.see(orders(order({ id: '7', limitPrice: 820, qty: 5 })))?.kind, 'done');
  assert.deepEqual(
    w.see(orders(order({ id: '7', status: OrderStatus.Traded }))),
    { kind: 'ended' },
    'a filled order can no longer be modified: the watch ends',
  );
});

test('a cancel counts as done only on a cancelled row; filled or rejected ends the watch', () => {
  const w = cancelWatcher(context(), '7');
  assert.equal(w.see(orders(order({ id: '7' }))), null);
  assert.equal(w.see(orders(order({ id: '7', status: OrderStatus.Rejected })))?.kind, 'ended');
  assert.equal(w.see(orders(order({ id: '7', status: OrderStatus.Canceled })))?.kind, 'done');
});

test('an exit needs a new, unclaimed opposite order of the full quantity for every position', () => {
  const ctx = context(
    positions(
      position({}),
      position({
        id: 'NSE:TCS-EQ-INTRADAY',
        symbol: 'NSE:TCS-EQ',
        netQty: -2,
        buyQty: 0,
        sellQty: 2,
      }),
    ),
  );
  const known = new Set(['old']);
  const w = exitWatcher(ctx, {
    positionId: null,
    targets: ['NSE:ITC-EQ-INTRADAY', 'NSE:TCS-EQ-INTRADAY'],
    sent: { knownAtSend: known },
    baseline: ctx.positions,
  });
  const sellItc = (id: string, over: Partial<Order> = {}) =>
    order({ id, symbol: 'NSE:ITC-EQ', side: Side.Sell, qty: 1, type: OrderType.Market, ...over });
  const buyTcs = order({ id: 'b', symbol: 'NSE:TCS-EQ', side: Side.Buy, qty: 2 });
  assert.equal(w.see(orders(sellItc('old'), buyTcs)), null, 'an order known when it was sent');
  ctx.claim('mine');
  assert.equal(w.see(orders(sellItc('mine'), buyTcs)), null, "another intent's order");
  assert.equal(w.see(orders(sellItc('a', { qty: 2 }), buyTcs)), null, 'not the full quantity');
  assert.equal(w.see(orders(sellItc('a', { productType: 'CNC' }), buyTcs)), null, 'other product');
  assert.equal(w.see(orders(sellItc('a'))), null, 'one position of two is not exit all');
  const s = w.see(orders(sellItc('a'), buyTcs));
  assert.equal(s?.kind, 'done');
  assert.ok(ctx.claimed.has('a') && ctx.claimed.has('b'), 'the exit orders are claimed');
});

test("an exit's watch starts from what its own final read showed, not from a later read", async () => {
  const open = positions(position({}));
  const flat = positions(position({ netQty: 0, sellQty: 1 }));
  const ctx = context(open);
  const check = exitCheck(ctx, 'NSE:ITC-EQ-INTRADAY', new Map([['NSE:ITC-EQ-INTRADAY', 1]]), {
    knownAtSend: new Set(),
  });
  assert.equal((await check({ final: true })).kind, 'unknown', 'still open at the final read');
  // The exit lands and fills before the watch starts; a read meanwhile shows it flat.
  ctx.positions = flat;
  const w = check.lateWatcher();
  const exitOrder = order({ id: 'x', symbol: 'NSE:ITC-EQ', side: Side.Sell, qty: 1 });
  assert.equal(w.see(orders(exitOrder))?.kind, 'done', 'the exit order is recognised');
});

test('a convert needs the quantity to leave the source product and reach the target; a trade is not it', () => {
  const itc = position({});
  const ctx = context(positions(itc));
  const w = convertWatcher(
    ctx,
    {
      symbol: 'NSE:ITC-EQ',
      positionSide: Side.Buy,
      convertQty: 1,
      convertFrom: 'INTRADAY',
      convertTo: 'CNC',
    },
    ctx.positions,
  );
  const cnc = position({ id: 'NSE:ITC-EQ-CNC', productType: 'CNC' });
  const read = (p: Positions) => ({ kind: 'positions' as const, positions: p });
  // A CNC buy (a trade) plus a sale of the intraday share: same net figures, but the
  // intraday bought quantity did not go down, so no conversion happened.
  assert.equal(
    w.see(read(positions({ ...itc, netQty: 0, sellQty: 1 }, cnc))),
    null,
    'a trade never lowers a bought quantity',
  );
  assert.equal(w.see({ kind: 'orders', book: [] }), null);
  const s = w.see(read(positions({ ...itc, netQty: 0, buyQty: 0 }, cnc)));
  assert.equal(s?.kind, 'done');
});

test('a new action on the same order ends the older watch; a placement watch survives; windows end', () => {
  const ctx = context();
  const watch = new LateWatch(() => ctx.clock.now());
  watch.add('modify', modifyWatcher(ctx, { id: '7', limitPrice: 820 }));
  watch.add('cancel', cancelWatcher(ctx, '9'));
  watch.add(
    'exit',
    exitWatcher(ctx, {
      positionId: 'NSE:ITC-EQ-INTRADAY',
      targets: [],
      sent: { knownAtSend: new Set() },
      baseline: ctx.positions,
    }),
  );
  watch.add('place', { reads: 'orders', targets: [], until: Infinity, see: () => null });
  watch.supersede(['order:7']);
  assert.equal(watch.has('modify'), false, 'a second modify of order 7 would look the same');
  assert.equal(watch.has('cancel'), true);
  watch.supersede(['position:*']);
  assert.equal(watch.has('exit'), false, 'exit all acts on every position');
  assert.equal(watch.has('place'), true);
  const resume = watch.pause('cancel');
  assert.deepEqual(watch.see(orders(order({ id: '9', status: OrderStatus.Canceled }))), []);
  resume();
  ctx.clock.current += LATE_WATCH_MS + 1;
  assert.deepEqual(
    watch.see(orders(order({ id: '9', status: OrderStatus.Canceled }))),
    [],
    'past the window, a cancelled row is no longer taken for this cancel',
  );
  assert.equal(watch.has('cancel'), false);
  assert.equal(watch.has('place'), true, 'placements stay watched while held');
});

test('a new order on a position pauses the watches there until resumed; `ended` waits for a watch to end', async () => {
  const ctx = context(positions(position({})));
  const watch = new LateWatch(() => ctx.clock.now());
  watch.add(
    'exit',
    exitWatcher(ctx, {
      positionId: 'NSE:ITC-EQ-INTRADAY',
      targets: ['NSE:ITC-EQ-INTRADAY'],
      sent: { knownAtSend: new Set() },
      baseline: ctx.positions,
    }),
  );
  watch.add('other', cancelWatcher(ctx, '9'));
  const sell = order({ id: '50', symbol: 'NSE:ITC-EQ', side: -1, qty: 1, productType: 'INTRADAY' });
  const resume = watch.pauseOn(['position:NSE:ITC-EQ-INTRADAY']);
  assert.deepEqual(watch.see(orders(sell)), [], 'paused: the hand sell is not taken');
  assert.equal(watch.has('exit'), true, 'paused, not ended');
  ctx.claim('50'); // the hand sell's answer claims it
  resume();
  resume(); // once only
  assert.deepEqual(watch.see(orders(sell)), [], 'a claimed order is never the exit');
  let ended = false;
  const done = watch.ended('exit').then(() => (ended = true));
  await Promise.resolve();
  assert.equal(ended, false, 'still watched');
  const exitOrder = order({
    id: '51',
    symbol: 'NSE:ITC-EQ',
    side: -1,
    qty: 1,
    productType: 'INTRADAY',
  });
  assert.deepEqual(
    watch.see(orders(sell, exitOrder)).map((f) => [f.intentId, f.orderId]),
    [['exit', '51']],
  );
  await done;
  assert.equal(ended, true, 'found: the watch has ended');
  await watch.ended('never-watched');
});

test('a read shown to one watch alone (what the app held when it started) touches no other', () => {
  const ctx = context(positions(position({})));
  const watch = new LateWatch(() => ctx.clock.now());
  watch.add('cancel', cancelWatcher(ctx, '9'));
  watch.add(
    'exit',
    exitWatcher(ctx, {
      positionId: 'NSE:ITC-EQ-INTRADAY',
      targets: ['NSE:ITC-EQ-INTRADAY'],
      sent: { knownAtSend: new Set() },
      baseline: ctx.positions,
    }),
  );
  const held = orders(
    order({ id: '9', status: OrderStatus.Canceled }),
    order({ id: '51', symbol: 'NSE:ITC-EQ', side: -1, qty: 1, productType: 'INTRADAY' }),
  );
  const found = watch.see(held, 'exit');
  assert.deepEqual(
    found.map((f) => f.intentId),
    ['exit'],
    'the exit order the app already held is found',
  );
  assert.equal(watch.has('cancel'), true, 'the other watch was not shown the read');
  assert.equal(watch.has('exit'), false, 'found: no longer watched');
  assert.deepEqual(watch.see(held, 'exit'), [], 'a watch no longer held finds nothing');
});
