import { after, afterEach, before, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  PING,
  PONG,
  subscribeData,
  subscribeOrders,
} from '../../../shared/marketdata/socket-protocol';
import { order, session, type Session } from './helpers';
import { openSocket, type TestSocket } from './socket-client';

type Row = Record<string, unknown>;
let s: Session;
const open: TestSocket[] = [];
before(async () => {
  s = await session();
});
after(() => s.sb.close());
beforeEach(async () => {
  await s.control('reset');
  await s.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 800 });
});
afterEach(() => {
  for (const t of open.splice(0)) t.close();
});

/** An orderUpdate connection, subscribed (the pong proves the server has read the subscribe). */
async function orders(): Promise<TestSocket> {
  const t = await openSocket(s, 'orderUpdate');
  open.push(t);
  t.send(subscribeOrders(true));
  t.send(PING);
  await t.waitFor((f) => !f.binary && f.text === PONG);
  return t;
}
const updates = (t: TestSocket): Row[] =>
  t.frames
    .filter((f) => !f.binary && f.text !== PONG)
    .map((f) => JSON.parse((f as { text: string }).text) as { s: string; d: Row })
    .map((m) => {
      assert.equal(m.s, 'ok');
      return m.d;
    });
const waitCount = async (t: TestSocket, n: number) => {
  await t.waitFor(() => updates(t).length >= n);
  return updates(t);
};
const book = async (id: string) =>
  ((await s.call('GET', `/api/v2/orders?id=${id}`)).json.orderBook as Row[])[0]!;

test('a large market order: Transit, Pending, each partial fill of the book walk and Traded arrive as order-book rows', async () => {
  const t = await orders();
  // Five levels of at most 400 shares: 2,500 shares fill over several steps.
  const placed = await s.call('POST', '/api/v2/orders', order({ qty: 2500 }));
  const id = placed.json.id as string;
  await waitCount(t, 1);
  for (let k = 0; k < 30 && (await book(id)).status !== 2; k++) await s.control('tick', { n: 1 });
  const trades = ((await s.call('GET', '/api/v2/tradebook')).json.tradeBook as Row[]).filter(
    (x) => x.orderNumber === id,
  );
  // One row for Transit, one for Pending, one per fill (the last fill is the Traded row).
  const u = await waitCount(t, 2 + trades.length);
  const rows = u.map((d) => [d.id, d.status, d.filledQty, d.remainingQuantity]);
  assert.deepEqual(rows.slice(0, 2), [
    [id, 4, 0, 2500],
    [id, 6, 0, 2500],
  ]);
  assert.deepEqual(rows.at(-1), [id, 2, 2500, 0]);
  const partial = u.slice(2, -1);
  assert.ok(partial.length >= 4, `only ${partial.length} partial rows`);
  let prev = 0;
  for (const d of partial) {
    assert.equal(d.status, 6);
    assert.ok(Number(d.filledQty) > prev);
    assert.match(String(d.message), new RegExp(`Partially filled ${String(d.filledQty)} of 2500`));
    prev = Number(d.filledQty);
  }
  // The last update is the order exactly as the order book now shows it.
  assert.deepEqual(u.at(-1), await book(id));
  assert.equal(u.length, 2 + trades.length);
});

test('a limit order: acknowledged, modified, cancelled: one update per change', async () => {
  const t = await orders();
  const id = (await s.call('POST', '/api/v2/orders', order({ type: 1, limitPrice: 700 }))).json
    .id as string;
  await s.control('tick', { n: 1 });
  const m = await s.call('PUT', '/api/v2/orders', { id, type: 1, limitPrice: 710, qty: 10 });
  assert.equal(m.status, 200, JSON.stringify(m.json));
  await s.call('DELETE', '/api/v2/orders', { id });
  const u = await waitCount(t, 4);
  assert.deepEqual(
    u.map((d) => [d.status, d.limitPrice, d.message]),
    [
      [4, 700, 'Transit: sent to the exchange'],
      [6, 700, 'Pending'],
      [6, 710, 'Modified'],
      [1, 710, 'Cancelled by user'],
    ],
  );
});

test('a DAY order still pending when its market closes: the Expired update arrives', async () => {
  const t = await orders();
  const id = (
    await s.call('POST', '/api/v2/orders', order({ type: 1, limitPrice: 700, productType: 'CNC' }))
  ).json.id as string;
  await s.control('tick', { n: 1 });
  await s.control('market', { exchange: 10, segment: 10, status: 'CLOSE' });
  const u = await waitCount(t, 3);
  assert.deepEqual(
    u.map((d) => [d.id, d.status]),
    [
      [id, 4],
      [id, 6],
      [id, 7],
    ],
  );
  assert.match(String(u[2]!.message), /expired at market close/);
});

test("a rejected order and a bracket order's legs are announced too", async () => {
  const t = await orders();
  const held = new Set(
    ((await s.call('GET', '/api/v2/holdings')).json.holdings as Row[]).map((h) => h.symbol),
  );
  const unheld = s.sb.instruments.find(
    (i) => i.segment === 10 && i.ticker.endsWith('-EQ') && !held.has(i.ticker) && i.isin !== '',
  )!.ticker;
  const r = await s.call(
    'POST',
    '/api/v2/orders',
    order({ symbol: unheld, side: -1, productType: 'CNC' }),
  );
  assert.equal(r.status, 400);
  const rej = await waitCount(t, 2);
  assert.deepEqual(
    rej.map((d) => [d.symbol, d.status]),
    [
      [unheld, 4],
      [unheld, 5],
    ],
  );
  const bo = await s.call(
    'POST',
    '/api/v2/orders',
    order({ type: 1, limitPrice: 810, productType: 'BO', stopLoss: 5, takeProfit: 5 }),
  );
  assert.equal(bo.status, 200, JSON.stringify(bo.json));
  await s.control('tick', { n: 1 });
  await s.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 700 });
  await s.control('tick', { n: 1 });
  const u = await waitCount(t, 2 + 5);
  const ids = u.slice(2).map((d) => `${String(d.id).replace(/^\d+/, '')}:${d.status}`);
  // entry Transit, Pending, Traded; both legs Pending; then the stop leg trades, the target is cancelled
  assert.deepEqual(ids.slice(0, 3), ['-BO-1:4', '-BO-1:6', '-BO-1:2']);
  assert.ok(ids.includes('-BO-2:6') && ids.includes('-BO-3:6'), ids.join(' '));
  const all = await waitCount(t, 2 + 7);
  const tail = all.slice(2 + 5).map((d) => `${String(d.id).replace(/^\d+/, '')}:${d.status}`);
  assert.deepEqual(tail, ['-BO-2:2', '-BO-3:1']);
});

test('only subscribed orderUpdate connections receive updates; SUB_T 0 stops them', async () => {
  const t = await orders();
  const md = await openSocket(s, 'symbolUpdate');
  open.push(md);
  const quiet = await openSocket(s, 'orderUpdate');
  open.push(quiet);
  t.send(subscribeOrders(false));
  t.send(PING);
  await t.waitFor((f) => !f.binary && f.text === PONG);
  await s.call('POST', '/api/v2/orders', order());
  await s.control('tick', { n: 1 });
  md.send(subscribeData(['NSE:SBIN-EQ'], true));
  await md.waitFor((f) => f.binary);
  quiet.send(PING);
  await quiet.waitFor((f) => !f.binary && f.text === PONG);
  assert.equal(updates(t).length, 0);
  assert.equal(updates(quiet).length, 0);
  assert.ok(md.frames.every((f) => f.binary || !f.text.includes('"d"')));
});
