/**
 * The broker's official v3 SDK (`fyers-api-v3` 1.9.0, unmodified) as the test peer of the
 * sandbox's v3 order socket: its `fyersOrderSocket`, pointed at the sandbox through its own
 * config module, connects with its Authorization header, subscribes, and maps what the
 * sandbox sends (wire names, socket status codes) back to REST names and codes, which must
 * then agree with the sandbox's own order book, trade book and positions. The app's v3
 * parser reads the same frames and must agree with the app's REST reading of the book.
 */
import { after, afterEach, before, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import WebSocket from 'ws';
import { normalizeOrder } from '../../../electron/core/broker/normalize/orders';
import { parseV3OrderUpdate } from '../../../electron/core/marketdata/v3/order-update';
import { order, session, type Session } from '../sandbox/helpers';

type Row = Record<string, unknown>;
interface SdkOrderSocket {
  on(what: string, fn: (m: unknown) => void): void;
  subscribe(what: string[]): void;
  connect(): void;
  close(): void;
  orderUpdates: string;
  tradeUpdates: string;
  positionUpdates: string;
}
const sdkRequire = createRequire(import.meta.url);
const sdk = sdkRequire('fyers-api-v3') as {
  fyersOrderSocket: new (key: string, logPath?: string, logging?: boolean) => SdkOrderSocket;
};
const sdkConfig = (sdkRequire('fyers-api-v3/config/config.js') as { Config: Row }).Config;

let s: Session;
const sockets: { close(): void }[] = [];
before(async () => {
  s = await session();
  // The SDK's addresses live in its config module: point the order socket at the sandbox.
  sdkConfig.Order_SOCKET = s.sb.v3.orderSocketUrl;
});
after(() => s.sb.close());
beforeEach(async () => {
  await s.control('reset');
  await s.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 800 });
});
afterEach(() => {
  for (const k of sockets.splice(0)) k.close();
});

/** Polls `cond` until it holds (generous: a loaded CI machine). */
async function until(cond: () => boolean, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The SDK's order socket, connected and subscribed to orders, trades and positions. */
async function sdkSocket(authorization = `${s.appId}:${s.token}`) {
  const got = {
    orders: [] as Row[],
    trades: [] as Row[],
    positions: [] as Row[],
    general: [] as unknown[],
  };
  const errors: unknown[] = [];
  let closed = false;
  const k = new sdk.fyersOrderSocket(authorization, undefined, false);
  sockets.push(k);
  let open = false;
  k.on('connect', () => {
    k.subscribe([k.orderUpdates, k.tradeUpdates, k.positionUpdates]);
    open = true;
  });
  k.on('orders', (m) => got.orders.push((m as { orders: Row }).orders));
  k.on('trades', (m) => got.trades.push((m as { trades: Row }).trades));
  k.on('positions', (m) => got.positions.push((m as { positions: Row }).positions));
  k.on('general', (m) => got.general.push(m));
  k.on('error', (e) => errors.push(e));
  k.on('close', () => (closed = true));
  k.connect();
  await until(() => open || errors.length > 0 || closed, 'the SDK socket to open');
  return { k, got, errors, closed: () => closed, open: () => open };
}

/** A plain connection with the SDK's header, collecting raw text frames (for the app parser). */
async function rawSocket(): Promise<{ frames: string[]; ws: WebSocket }> {
  const ws = new WebSocket(s.sb.v3.orderSocketUrl, {
    headers: { Authorization: `${s.appId}:${s.token}` },
  });
  sockets.push({ close: () => ws.terminate() });
  const frames: string[] = [];
  ws.on('message', (d) => frames.push(String(d)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ T: 'SUB_ORD', SLIST: ['orders', 'trades', 'positions'], SUB_T: 1 }));
  ws.send('ping');
  await until(() => frames.includes('pong'), 'the pong after the subscribe');
  return { frames, ws };
}

const restBook = async (id: string) =>
  ((await s.call('GET', `/api/v2/orders?id=${id}`)).json.orderBook as Row[])[0]!;

test('SDK order socket: a large market order arrives as Transit, Pending, each partial fill and Traded, equal to the order book', async () => {
  const { got } = await sdkSocket();
  const id = (await s.call('POST', '/api/v2/orders', order({ qty: 2500 }))).json.id as string;
  // The order walks the book's levels: it fills over several steps.
  for (let k = 0; k < 30 && (await restBook(id)).status !== 2; k++)
    await s.control('tick', { n: 1 });
  const fills = ((await s.call('GET', '/api/v2/tradebook')).json.tradeBook as Row[]).filter(
    (t) => t.orderNumber === id,
  );
  assert.ok(fills.length >= 2, `only ${fills.length} fills`);
  await until(
    () => got.orders.length >= 2 + fills.length && got.positions.length >= fills.length,
    'one order update per state and fill',
  );
  const rows = got.orders.map((o) => [o.id, o.status, o.filledQty, o.remainingQuantity]);
  assert.deepEqual(rows.slice(0, 2), [
    [id, 4, 0, 2500],
    [id, 6, 0, 2500],
  ]);
  assert.deepEqual(rows.at(-1), [id, 2, 2500, 0]);
  let prev = 0;
  for (const o of got.orders.slice(2, -1)) {
    assert.equal(o.status, 6, 'a partly filled order is Pending');
    assert.ok(Number(o.filledQty) > prev);
    prev = Number(o.filledQty);
  }
  const last = got.orders.at(-1)!;
  const book = await restBook(id);
  for (const k of [
    'id',
    'exchOrdId',
    'symbol',
    'qty',
    'remainingQuantity',
    'filledQty',
    'status',
    'limitPrice',
    'stopPrice',
    'tradedPrice',
    'type',
    'side',
    'productType',
    'orderValidity',
    'orderDateTime',
    'segment',
    'exchange',
    'message',
    'source',
  ])
    assert.deepEqual(last[k], book[k], `order field ${k}`);
  assert.equal(last.orderNumStatus, `${id}:2`);
  assert.equal(last.fyToken, book.svctoken);

  assert.equal(got.trades.length, fills.length);
  assert.deepEqual(
    got.trades.map((t) => [t.orderNumber, t.tradeNumber, t.tradedQty, t.tradePrice, t.side]),
    fills.map((t) => [t.orderNumber, t.tradeNumber, t.tradedQty, t.tradePrice, t.side]),
  );
  const pos = ((await s.call('GET', '/api/v2/positions')).json.netPositions as Row[])[0]!;
  const lastPos = got.positions.at(-1)!;
  for (const k of ['id', 'symbol', 'netQty', 'buyQty', 'buyAvg', 'sellQty', 'productType', 'side'])
    assert.deepEqual(lastPos[k], pos[k], `position field ${k}`);
  // One position update per fill, the net quantity growing to the order's.
  const nets = got.positions.map((p) => Number(p.netQty));
  assert.equal(nets.length, fills.length);
  assert.ok(nets.every((n, k) => k === 0 || n > nets[k - 1]!));
  assert.equal(nets.at(-1), 2500);
});

test('SDK order socket: modify and cancel arrive with the SDK-mapped statuses and prices', async () => {
  const { got } = await sdkSocket();
  const id = (await s.call('POST', '/api/v2/orders', order({ type: 1, limitPrice: 700 }))).json
    .id as string;
  await s.control('tick', { n: 1 });
  await s.call('PUT', '/api/v2/orders', { id, type: 1, limitPrice: 710, qty: 10 });
  await s.call('DELETE', '/api/v2/orders', { id });
  await until(() => got.orders.length >= 4, 'four order updates');
  assert.deepEqual(
    got.orders.map((o) => [o.status, o.limitPrice, o.message]),
    [
      [4, 700, 'Transit: sent to the exchange'],
      [6, 700, 'Pending'],
      [6, 710, 'Modified'],
      [1, 710, 'Cancelled by user'],
    ],
  );
  assert.equal(got.trades.length, 0);
  assert.equal(got.general.length, 0, JSON.stringify(got.general));
});

test('SDK order socket: a bad token is refused at the handshake and nothing arrives', async () => {
  const { errors, open } = await sdkSocket(`${s.appId}:not-a-token`);
  assert.equal(open(), false);
  assert.match(String(errors[0]), /401/);
});

test("app v3 parser: each pushed order reads exactly as the app reads the order book's row", async () => {
  const { frames } = await rawSocket();
  const id = (await s.call('POST', '/api/v2/orders', order({ qty: 2500 }))).json.id as string;
  for (let k = 0; k < 30 && (await restBook(id)).status !== 2; k++)
    await s.control('tick', { n: 1 });
  const parsedOrders = () =>
    frames.map(parseV3OrderUpdate).flatMap((p) => ('order' in p ? [p.order] : []));
  await until(() => parsedOrders().at(-1)?.status === 2, 'the Traded update');
  const parsed = frames.map(parseV3OrderUpdate);
  assert.ok(
    parsed.every((p) => !('malformed' in p)),
    JSON.stringify(parsed),
  );
  const orders = parsedOrders();
  assert.deepEqual(
    orders.slice(0, 2).map((o) => [o.status, o.filledQty]),
    [
      [4, 0],
      [6, 0],
    ],
  );
  assert.ok(orders.slice(2, -1).every((o) => o.status === 6 && o.filledQty > 0));
  // The socket carries no serial number, disclosed quantity or last price: those come from
  // the book; everything else is the same order.
  const fromBook = normalizeOrder(await restBook(id));
  const fromSocket = orders.at(-1)!;
  assert.deepEqual(
    { ...fromSocket, slNo: 0, disclosedQty: 0, disclosedQtyRemaining: null, ltp: null },
    { ...fromBook, slNo: 0, disclosedQty: 0, disclosedQtyRemaining: null, ltp: null },
  );
});

test('app v3 parser: an unknown socket status, a non-order message and junk never become a state', () => {
  const wire = {
    id: '26112300000001',
    symbol: 'NSE:SBIN-EQ',
    qty: 10,
    qty_filled: 0,
    qty_remaining: 10,
    ord_type: 2,
    tran_side: 1,
    product_type: 'INTRADAY',
    ord_status: 999,
  };
  assert.deepEqual(parseV3OrderUpdate(JSON.stringify({ orders: wire })), {
    malformed: 'order-update-unknown-status',
  });
  const ok = parseV3OrderUpdate(JSON.stringify({ orders: { ...wire, ord_status: 90 } }));
  assert.ok('order' in ok && ok.order.status === 2);
  assert.deepEqual(parseV3OrderUpdate(JSON.stringify({ trades: { id: 'x' } })), { ignored: true });
  assert.deepEqual(parseV3OrderUpdate('pong'), { ignored: true });
  assert.deepEqual(parseV3OrderUpdate('{nope'), { malformed: 'order-update-not-json' });
  const badSide = parseV3OrderUpdate(
    JSON.stringify({ orders: { ...wire, tran_side: 7, ord_status: 90 } }),
  );
  assert.ok('malformed' in badSide, JSON.stringify(badSide));
});

test('a logout closes the order socket (4001) at the next order change', async () => {
  const { ws, frames } = await rawSocket();
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await s.call('POST', '/api/v2/orders', order({ type: 1, limitPrice: 700, productType: 'CNC' }));
  await s.control('tick', { n: 1 });
  await until(() => frames.filter((f) => f.startsWith('{"orders"')).length >= 2, 'pending');
  const out = await s.call('POST', '/api/v3/logout');
  assert.equal(out.status, 200);
  // The market closes: the DAY order expires, and the socket finds its token dead.
  await s.control('market', { exchange: 10, segment: 10, status: 'CLOSE' });
  assert.equal(await closed, 4001);
});
