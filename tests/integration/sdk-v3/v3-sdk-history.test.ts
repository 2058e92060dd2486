/**
 * The official v3 SDK (fyers-api-v3 1.9.0) as a test peer of the sandbox's history endpoints
 * (issue 22 #6): order, trade, charges, realised P&L and ledger history over the days the
 * sandbox has simulated, with the date range and paging the SDK sends. A failure means the
 * sandbox's history disagrees with what the broker's own client calls, or its figures are off.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { HISTORY_MAX_PAGE } from '../../../sandbox/history/routes';
import { startSdkPeer, type SdkPeer } from './sdk-peer';

type Row = Record<string, unknown>;

let peer: SdkPeer;
/** Calls one SDK method; a refused call resolves to the broker's answer. */
const call = (name: string, req?: unknown) => peer.call(name, req);
/** POSTs a sandbox test control (the market moves only when told: `tickMs: 0`). */
const control = (path: string, body?: unknown) => peer.control(path, body);
const tick = () => control('tick', { n: 1 });

/** The rows of a successful history answer. */
async function rows(name: string, req?: unknown): Promise<Row[]> {
  const a = await call(name, req);
  assert.equal(a.s, 'ok', `${name}: ${JSON.stringify(a)}`);
  assert.ok(Array.isArray(a.data), `${name} answers data as a list`);
  return a.data as Row[];
}

const order = (side: 1 | -1) => ({
  symbol: 'NSE:SBIN-EQ',
  qty: 10,
  type: 2,
  side,
  productType: 'INTRADAY',
  limitPrice: 0,
  stopPrice: 0,
  disclosedQty: 0,
  validity: 'DAY',
  offlineOrder: false,
  stopLoss: 0,
  takeProfit: 0,
});
const DAY1 = '2026-11-23';
const DAY2 = '2026-11-24';
const r2 = (n: number) => Math.round(n * 100) / 100;

before(async () => {
  peer = await startSdkPeer();
  // Day 1: buy 10 SBIN intraday near 800, sell them near 820.
  await control('price', { symbol: 'NSE:SBIN-EQ', ltp: 800 });
  assert.equal((await call('place_order', order(1))).s, 'ok');
  await tick();
  await control('price', { symbol: 'NSE:SBIN-EQ', ltp: 820 });
  assert.equal((await call('place_order', order(-1))).s, 'ok');
  await tick();
});

after(async () => {
  await peer?.close();
});

test("today's orders and trades are in the history, filtered by symbol", async () => {
  const orders = await rows('get_order_history', { from_date: DAY1, to_date: DAY1 });
  assert.equal(orders.length, 2, JSON.stringify(orders));
  assert.ok(orders.every((o) => o.orderDate === DAY1 && o.symbol === 'NSE:SBIN-EQ'));
  const trades = await rows('get_trade_history', { from_date: DAY1, to_date: DAY1 });
  assert.equal(trades.length, 2);
  assert.deepEqual(trades.map((t) => t.side).sort(), [-1, 1]);
  const other = await rows('get_order_history', { symbol: 'NSE:IDEA-EQ' });
  assert.equal(other.length, 0, 'a symbol filter leaves out other symbols');
});

test('charges follow the documented model; realised P&L and the ledger agree with the fills', async () => {
  const trades = await rows('get_trade_history', { from_date: DAY1, to_date: DAY1 });
  const buy = trades.find((t) => t.side === 1)!;
  const sell = trades.find((t) => t.side === -1)!;
  const buyTurnover = Number(buy.tradePrice) * 10;
  const sellTurnover = Number(sell.tradePrice) * 10;
  const charges = await rows('get_charges_history', { from_date: DAY1, to_date: DAY1 });
  assert.equal(charges.length, 2);
  const cb = charges.find((c) => c.side === 1)!;
  const cs = charges.find((c) => c.side === -1)!;
  // Brokerage: the lower of ₹20 and 0.03 % of turnover; STT 0.025 % on intraday sells only;
  // stamp duty 0.003 % on buys only; GST 18 % of brokerage + exchange + SEBI.
  assert.equal(cb.brokerage, r2(Math.min(20, buyTurnover * 0.0003)));
  assert.equal(cb.stt, 0);
  assert.equal(cs.stt, r2(sellTurnover * 0.00025));
  assert.equal(cb.stampDuty, r2(buyTurnover * 0.00003));
  assert.equal(cs.stampDuty, 0);
  assert.equal(
    cb.gst,
    r2(0.18 * (Number(cb.brokerage) + Number(cb.exchangeTxnCharges) + Number(cb.sebiFee))),
  );
  const realised = await rows('get_realised_profit_history', { from_date: DAY1, to_date: DAY1 });
  assert.equal(realised.length, 1);
  assert.equal(realised[0]!.realisedPnl, r2(sellTurnover - buyTurnover));
  const ledger = await rows('get_ledger_history', { from_date: DAY1, to_date: DAY1 });
  const opening = Number(ledger[0]!.balance);
  const totalCharges = r2(Number(cb.totalCharges) + Number(cs.totalCharges));
  assert.equal(ledger.at(-1)!.balance, r2(opening + (sellTurnover - buyTurnover) - totalCharges));
});

test('after the 06:00 rollover yesterday stays in the history and today starts empty', async () => {
  await control('clock', { set: `${DAY2}T09:30:00+05:30` });
  await peer.logIn();
  const y = await rows('get_order_history', { from_date: DAY1, to_date: DAY1 });
  assert.equal(y.length, 2, 'yesterday kept');
  const t = await rows('get_order_history', { from_date: DAY2, to_date: DAY2 });
  assert.equal(t.length, 0, 'today has no orders yet');
  const both = await rows('get_trade_history', { from_date: DAY1, to_date: DAY2 });
  assert.equal(both.length, 2);
  const pnl = await rows('get_realised_profit_history', { from_date: DAY1, to_date: DAY2 });
  assert.equal(pnl.length, 1);
});

test('paging: page_size and page_no slice the rows; the total is stated', async () => {
  const a = await call('get_charges_history', { from_date: DAY1, to_date: DAY2, page_size: 1 });
  assert.equal(a.s, 'ok');
  assert.equal((a.data as Row[]).length, 1);
  assert.deepEqual(a.pagination, { page_no: 1, page_size: 1, total: 2 });
  const b = await call('get_charges_history', {
    from_date: DAY1,
    to_date: DAY2,
    page_size: 1,
    page_no: 2,
  });
  assert.notDeepEqual(b.data, a.data, 'page 2 is the other row');
});

test('bad ranges and pages are refused with a message naming the parameter', async () => {
  const bad = async (req: unknown, word: RegExp) => {
    const a = await call('get_ledger_history', req);
    assert.equal(a.s, 'error', JSON.stringify(a));
    assert.equal(a.code, -50);
    assert.match(String(a.message), word);
  };
  await bad({ from_date: '2026-13-01' }, /from_date/);
  await bad({ from_date: DAY2, to_date: DAY1 }, /from_date must not be after to_date/);
  await bad({ from_date: '2025-01-01', to_date: DAY2 }, /at most 366 days/);
  await bad({ page_size: HISTORY_MAX_PAGE + 1 }, /page_size/);
  await bad({ page_no: 0 }, /page_no/);
});
