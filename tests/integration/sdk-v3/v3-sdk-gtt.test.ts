/**
 * The broker's official v3 SDK (npm fyers-api-v3 1.9.0, unmodified) as a test peer of the
 * sandbox's GTT calls (issue 21 #4): place_gtt_order (single and OCO), get_gtt_orders,
 * gtt_modify_order and gtt_cancel_order run against a sandbox and must get the answers of the
 * broker's API reference; a GTT triggers on the sandbox's simulated price, placing its leg's
 * order through the normal order path, and expires after a year.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startSdkPeer, type Answer, type SdkPeer } from './sdk-peer';

let peer: SdkPeer;
/** The demo holding the OCO tests protect. */
let holding: { symbol: string; quantity: number };

/** Calls one SDK method; a refused call resolves to the broker's answer. */
const call = (name: string, req?: unknown) => peer.call(name, req);
/** POSTs a sandbox test control (the market moves only when told: `tickMs: 0`). */
const control = (path: string, body?: unknown) => peer.control(path, body);

/** The GTT book row of one id. */
async function gttRow(id: string): Promise<Answer | undefined> {
  const book = await call('get_gtt_orders');
  assert.equal(book.s, 'ok', JSON.stringify(book));
  assert.equal(book.code, 200);
  return (book.orderBook as Answer[]).find((r) => r.id === id);
}

/** An OCO sell protecting the holding: target at `up`, stop at `down`. */
const ocoSell = (up: number, down: number, qty = holding.quantity) => ({
  side: -1,
  symbol: holding.symbol,
  productType: 'CNC',
  orderInfo: {
    leg1: { price: up, triggerPrice: up, qty },
    leg2: { price: down, triggerPrice: down, qty },
  },
});

before(async () => {
  peer = await startSdkPeer();
  const h = await call('get_holdings');
  const row = (h.holdings as Answer[]).find(
    (x) => String(x.symbol).startsWith('NSE:') && x.symbol !== 'NSE:SBIN-EQ',
  )!;
  assert.ok(row, 'the demo account holds an NSE share');
  holding = { symbol: String(row.symbol), quantity: Number(row.quantity) };
  await control('price', { symbol: holding.symbol, ltp: 1000 });
  await control('price', { symbol: 'NSE:SBIN-EQ', ltp: 800 });
});

after(async () => {
  await peer?.close();
});

test('place_gtt_order (single) answers 1101 with an id; get_gtt_orders lists it pending with its leg', async () => {
  const placed = await call('place_gtt_order', {
    side: 1,
    symbol: 'NSE:SBIN-EQ',
    productType: 'CNC',
    orderInfo: { leg1: { price: 700, triggerPrice: 700.5, qty: 2 } },
  });
  assert.equal(placed.s, 'ok', JSON.stringify(placed));
  assert.equal(placed.code, 1101);
  assert.match(String(placed.id), /^\d{14}$/);
  const row = await gttRow(String(placed.id));
  assert.ok(row, 'the GTT book lists it');
  assert.equal(row.ord_status, 6, 'pending');
  assert.equal(row.gtt_oco_ind, 1, 'single');
  assert.equal(row.tran_side, 1);
  assert.equal(row.price_trigger, 700.5);
  assert.equal(row.price_limit, 700);
  assert.equal(row.qty, 2);
  assert.equal(row.product_type, 'CNC');
  assert.equal(row.symbol, 'NSE:SBIN-EQ');
  assert.equal(typeof row.create_time_epoch, 'number');
});

test('gtt_modify_order (PATCH) answers 1102 and changes the legs; gtt_cancel_order (DELETE) answers 1103', async () => {
  const placed = await call('place_gtt_order', ocoSell(1100, 900));
  assert.equal(placed.s, 'ok', JSON.stringify(placed));
  const id = String(placed.id);
  assert.equal((await gttRow(id))?.gtt_oco_ind, 2, 'OCO');
  const modified = await call('gtt_modify_order', {
    id,
    orderInfo: {
      leg1: { price: 1150, triggerPrice: 1150, qty: 1 },
      leg2: { price: 850, triggerPrice: 850, qty: 1 },
    },
  });
  assert.equal(modified.s, 'ok', JSON.stringify(modified));
  assert.equal(modified.code, 1102);
  const row = await gttRow(id);
  assert.equal(row?.price_trigger, 1150);
  assert.equal(row?.price2_trigger, 850);
  assert.equal(row?.qty2, 1);
  const cancelled = await call('gtt_cancel_order', { id });
  assert.equal(cancelled.s, 'ok', JSON.stringify(cancelled));
  assert.equal(cancelled.code, 1103);
  const gone = await gttRow(id);
  assert.equal(gone?.ord_status, 1, 'cancelled');
  assert.equal(gone?.report_type, 'CANCELLED');
  const again = await call('gtt_cancel_order', { id });
  assert.equal(again.s, 'error', 'a cancelled GTT cannot be cancelled again');
});

test('bad GTTs are refused by name: an OCO target below the price, a trigger off the tick, no such id', async () => {
  const wrongSide = await call('place_gtt_order', ocoSell(950, 900));
  assert.equal(wrongSide.s, 'error', JSON.stringify(wrongSide));
  assert.match(String(wrongSide.message), /Target trigger .* not above the last price/);
  const body = ocoSell(1100, 900);
  body.orderInfo.leg1.triggerPrice = 1100.03;
  const offTick = await call('place_gtt_order', body);
  assert.equal(offTick.s, 'error');
  assert.match(String(offTick.message), /^Target: Trigger price must be a multiple/);
  const noLeg = await call('place_gtt_order', {
    side: 1,
    symbol: 'NSE:SBIN-EQ',
    productType: 'CNC',
    orderInfo: {},
  });
  assert.equal(noLeg.s, 'error');
  assert.match(String(noLeg.message), /orderInfo\.leg1/);
  const unknown = await call('gtt_modify_order', { id: '99', orderInfo: { leg1: { qty: 1 } } });
  assert.equal(unknown.s, 'error');
  assert.equal(unknown.code, -51);
});

test('without DDPI or an eDIS authorization that day, a triggered CNC sell is rejected for eDIS: the GTT reads rejected, naming its order', async () => {
  const profile = await call('get_profile');
  assert.equal((profile.data as Answer).ddpi_enabled, false, JSON.stringify(profile));
  await control('price', { symbol: holding.symbol, ltp: 1000 });
  const placed = await call('place_gtt_order', ocoSell(1060, 940));
  const id = String(placed.id);
  await control('price', { symbol: holding.symbol, ltp: 1062 });
  const row = await gttRow(id);
  assert.equal(row?.ord_status, 5, `rejected: ${JSON.stringify(row)}`);
  const orderId = /target leg triggered, its order (\S+) was rejected: .*eDIS/.exec(
    String(row?.oms_msg),
  )?.[1];
  assert.ok(orderId, String(row?.oms_msg));
  const book = await call('get_orders');
  const order = (book.orderBook as Answer[]).find((o) => o.id === orderId);
  assert.ok(order, 'the rejected leg order is in the order book');
  assert.match(String(order.orderTag), /^1:GTT/);
  assert.match(String(order.message), /eDIS/);
  await control('price', { symbol: holding.symbol, ltp: 1000 });
});

test("an OCO's target triggers when the simulated price reaches it: its sell goes to the order book tagged, the stop leg is cancelled with it", async () => {
  // An account with DDPI: its demat shares are sold without a daily eDIS authorization.
  await control('demat', { ddpi: true });
  assert.equal(((await call('get_profile')).data as Answer).ddpi_enabled, true);
  const placed = await call('place_gtt_order', ocoSell(1050, 950));
  const id = String(placed.id);
  await control('tick', { n: 1 });
  assert.equal((await gttRow(id))?.ord_status, 6, 'still pending at 1000');
  await control('price', { symbol: holding.symbol, ltp: 1052 });
  const row = await gttRow(id);
  assert.equal(row?.ord_status, 2, `triggered: ${JSON.stringify(row)}`);
  const orderId = /order (\S+) placed/.exec(String(row?.oms_msg))?.[1];
  assert.ok(orderId, String(row?.oms_msg));
  const book = await call('get_orders');
  const order = (book.orderBook as Answer[]).find((o) => o.id === orderId);
  assert.ok(order, 'the leg order is in the order book');
  assert.equal(order.side, -1);
  assert.equal(order.limitPrice, 1050);
  assert.equal(order.qty, holding.quantity);
  assert.equal(order.productType, 'CNC');
  assert.match(String(order.orderTag), /^1:GTT/);
  // Falling through the stop later places nothing more: the OCO is done.
  await control('price', { symbol: holding.symbol, ltp: 940 });
  const after = await call('get_orders');
  const legs = (after.orderBook as Answer[]).filter(
    (o) => String(o.orderTag ?? '').includes('GTT') && o.limitPrice === 1050,
  );
  assert.equal(legs.length, 1);
  await control('demat', { ddpi: false });
});

test("an OCO's stop triggers when the price falls to it", async () => {
  await control('price', { symbol: 'NSE:SBIN-EQ', ltp: 800 });
  const placed = await call('place_gtt_order', {
    side: 1,
    symbol: 'NSE:SBIN-EQ',
    productType: 'CNC',
    orderInfo: {
      leg1: { price: 850, triggerPrice: 850, qty: 1 },
      leg2: { price: 760, triggerPrice: 760, qty: 1 },
    },
  });
  const id = String(placed.id);
  await control('price', { symbol: 'NSE:SBIN-EQ', ltp: 759 });
  const row = await gttRow(id);
  assert.equal(row?.ord_status, 2, JSON.stringify(row));
  assert.match(String(row?.oms_msg), /stop leg triggered/);
});

test('a GTT expires a year after it was created', async () => {
  await control('price', { symbol: 'NSE:SBIN-EQ', ltp: 800 });
  const placed = await call('place_gtt_order', {
    side: 1,
    symbol: 'NSE:SBIN-EQ',
    productType: 'CNC',
    orderInfo: { leg1: { price: 600, triggerPrice: 600, qty: 1 } },
  });
  const id = String(placed.id);
  await control('clock', { advanceMs: 364 * 86_400_000 });
  await control('tick', { n: 1 });
  await peer.logIn();
  assert.equal((await gttRow(id))?.ord_status, 6, 'pending after 364 days');
  await control('clock', { advanceMs: 2 * 86_400_000 });
  await control('tick', { n: 1 });
  await peer.logIn();
  const row = await gttRow(id);
  assert.equal(row?.ord_status, 1, JSON.stringify(row));
  assert.equal(row?.report_type, 'EXPIRED');
});
