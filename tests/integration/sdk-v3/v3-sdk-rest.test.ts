/**
 * The broker's official v3 SDK (npm fyers-api-v3 1.9.0, unmodified) as a test peer of the
 * sandbox's v3 presentation (issue 19 #4): its config module's addresses point at a sandbox,
 * then each of its trading and data REST calls runs there and must get the answer a v3 client
 * expects. A failure here means the sandbox's v3 dialect disagrees with the broker's own client.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { SandboxHandle } from '../../../sandbox/index';
import { hsmKeyOf } from '../../../shared/broker/v3/access-token';
import { MARKET_OPEN } from '../sandbox/helpers';
import { startSdkPeer, type Answer, type SdkPeer } from './sdk-peer';

let peer: SdkPeer;
let sb: SandboxHandle;
let accessToken = '';

/** POSTs a sandbox test control (the market moves only when told: `tickMs: 0`). */
const control = (path: string, body?: unknown) => peer.control(path, body);
/** One market step: orders in transit reach the exchange (pending or filled). */
const tick = () => control('tick', { n: 1 });
/** Calls one SDK method; a refused call resolves to the broker's answer. */
const call = (name: string, req?: unknown) => peer.call(name, req);

/** A limit buy of SBIN far below the market, so it stays pending. */
const pendingBuy = (limitPrice: number) => ({
  symbol: 'NSE:SBIN-EQ',
  qty: 1,
  type: 1,
  side: 1,
  productType: 'INTRADAY',
  limitPrice,
  stopPrice: 0,
  disclosedQty: 0,
  validity: 'DAY',
  offlineOrder: false,
  stopLoss: 0,
  takeProfit: 0,
  orderTag: 'sdkv3',
});

before(async () => {
  // The peer logs the SDK in by generate-authcode and validate-authcode with appIdHash.
  peer = await startSdkPeer();
  sb = peer.sb;
  accessToken = peer.accessToken();
  await control('price', { symbol: 'NSE:SBIN-EQ', ltp: 800 });
});

after(async () => {
  await peer?.close();
});

test('the SDK logs in by generate-authcode and validate-authcode with appIdHash; the token carries hsm_key', () => {
  assert.match(accessToken, /^[\w-]+\.[\w-]+\.[\w-]+$/);
  assert.match(hsmKeyOf(accessToken) ?? '', /^[0-9a-f]{32}$/);
});

test('account reads: profile, funds, holdings, positions, trade book', async () => {
  const profile = await call('get_profile');
  assert.equal(profile.s, 'ok', JSON.stringify(profile));
  assert.ok((profile.data as Answer).svc_id, 'the profile names the client id');
  const funds = await call('get_funds');
  assert.equal(funds.s, 'ok');
  assert.ok(Array.isArray(funds.fund_limit) && funds.fund_limit.length > 0);
  const holdings = await call('get_holdings');
  assert.equal(holdings.s, 'ok');
  assert.ok(Array.isArray(holdings.holdings));
  const positions = await call('get_positions');
  assert.equal(positions.s, 'ok');
  assert.ok(Array.isArray(positions.netPositions));
  const trades = await call('get_tradebook');
  assert.equal(trades.s, 'ok');
  assert.ok(Array.isArray(trades.tradeBook));
});

test('place, read by id, modify (PATCH) and cancel (DELETE) one order on /orders/sync', async () => {
  const placed = await call('place_order', pendingBuy(100));
  assert.equal(placed.s, 'ok', JSON.stringify(placed));
  const id = String(placed.id);
  assert.ok(id);
  const one = await call('get_filtered_orders', { order_id: id });
  assert.equal(one.s, 'ok', JSON.stringify(one));
  const row = (one.orderBook as Answer[]).find((o) => o.id === id);
  assert.equal(row?.limitPrice, 100);
  await tick();
  const modified = await call('modify_order', { id, type: 1, limitPrice: 101, qty: 2 });
  assert.equal(modified.s, 'ok', JSON.stringify(modified));
  const book = await call('get_orders');
  const after = (book.orderBook as Answer[]).find((o) => o.id === id);
  assert.equal(after?.limitPrice, 101);
  assert.equal(after?.qty, 2);
  const cancelled = await call('cancel_order', { id });
  assert.equal(cancelled.s, 'ok', JSON.stringify(cancelled));
  const again = await call('get_filtered_orders', { order_id: id });
  assert.equal((again.orderBook as Answer[])[0]?.status, 1, 'status 1: cancelled');
});

test('multi place, multi modify and multi cancel on /multi-order/sync answer per item', async () => {
  const placed = await call('place_multi_order', [pendingBuy(100), pendingBuy(99)]);
  assert.equal(placed.s, 'ok', JSON.stringify(placed));
  const items = placed.data as { statusCode: number; body: Answer }[];
  assert.equal(items.length, 2);
  const ids = items.map((i) => String(i.body.id));
  assert.ok(items.every((i) => i.statusCode === 200));
  await tick();
  const modified = await call(
    'modify_multi_order',
    ids.map((id) => ({ id, type: 1, limitPrice: 98 })),
  );
  assert.equal(modified.s, 'ok', JSON.stringify(modified));
  assert.ok((modified.data as { statusCode: number }[]).every((i) => i.statusCode === 200));
  const cancelled = await call(
    'cancel_multi_order',
    ids.map((id) => ({ id })),
  );
  assert.equal(cancelled.s, 'ok', JSON.stringify(cancelled));
  assert.ok((cancelled.data as { statusCode: number }[]).every((i) => i.statusCode === 200));
});

test('a market buy fills; convert (POST /positions) and exit (DELETE /positions) act on it', async () => {
  const placed = await call('place_order', { ...pendingBuy(0), type: 2, qty: 3 });
  assert.equal(placed.s, 'ok', JSON.stringify(placed));
  await tick();
  const positions = await call('get_positions');
  const pos = (positions.netPositions as Answer[]).find(
    (p) => p.symbol === 'NSE:SBIN-EQ' && p.productType === 'INTRADAY',
  );
  assert.equal(pos?.netQty, 3, JSON.stringify(positions));
  const converted = await call('convert_position', {
    symbol: 'NSE:SBIN-EQ',
    positionSide: 1,
    convertQty: 1,
    convertFrom: 'INTRADAY',
    convertTo: 'CNC',
  });
  assert.equal(converted.s, 'ok', JSON.stringify(converted));
  const exited = await call('exit_position', { id: 'NSE:SBIN-EQ-INTRADAY' });
  assert.equal(exited.s, 'ok', JSON.stringify(exited));
  const later = await call('get_positions');
  const left = (later.netPositions as Answer[]).find(
    (p) => p.symbol === 'NSE:SBIN-EQ' && p.productType === 'INTRADAY',
  );
  assert.equal(left?.netQty ?? 0, 0);
});

test('data host: market status, quotes, depth with ohlcv_flag, history', async () => {
  const status = await call('market_status');
  assert.equal(status.s, 'ok', JSON.stringify(status));
  assert.ok(Array.isArray(status.marketStatus) && status.marketStatus.length > 0);
  const quotes = await call('getQuotes', ['NSE:SBIN-EQ', 'NSE:NOSUCH-EQ']);
  assert.equal(quotes.s, 'ok', JSON.stringify(quotes));
  const d = quotes.d as { n: string; s: string; v: Answer }[];
  assert.equal(d.find((x) => x.n === 'NSE:SBIN-EQ')?.s, 'ok');
  assert.ok(Number(d.find((x) => x.n === 'NSE:SBIN-EQ')?.v.lp) > 0);
  assert.equal(d.find((x) => x.n === 'NSE:NOSUCH-EQ')?.s, 'error');
  const depth = await call('getMarketDepth', { symbol: ['NSE:SBIN-EQ'], ohlcv_flag: 1 });
  assert.equal(depth.s, 'ok', JSON.stringify(depth));
  const book = (depth.d as Record<string, Answer>)['NSE:SBIN-EQ'];
  assert.ok(Array.isArray(book?.bids) && (book.bids as unknown[]).length === 5);
  assert.ok(book && 'o' in book, 'ohlcv_flag=1 adds the day OHLC');
  const to = Math.floor(MARKET_OPEN.getTime() / 1000);
  const history = await call('getHistory', {
    symbol: 'NSE:SBIN-EQ',
    resolution: '5',
    date_format: '0',
    range_from: String(to - 5 * 86_400),
    range_to: String(to),
    cont_flag: '1',
  });
  assert.equal(history.s, 'ok', JSON.stringify(history));
  assert.ok(Array.isArray(history.candles) && history.candles.length > 0);
});

test("symbol-token on the data host names each known ticker's token and lists the unknown", async () => {
  const res = await fetch(`${sb.v3.dataUrl}/symbol-token`, {
    method: 'POST',
    // Public v3 socket clients send the bare token here.
    headers: { authorization: accessToken, 'content-type': 'application/json' },
    body: JSON.stringify({ symbols: ['NSE:SBIN-EQ', 'NSE:NOSUCH-EQ'] }),
  });
  const j = (await res.json()) as Answer;
  assert.equal(j.s, 'ok', JSON.stringify(j));
  assert.match(String((j.validSymbol as Record<string, string>)['NSE:SBIN-EQ']), /^\d{10,}$/);
  assert.deepEqual(j.invalidSymbol, ['NSE:NOSUCH-EQ']);
  const denied = await fetch(`${sb.v3.dataUrl}/symbol-token`, {
    method: 'POST',
    headers: { authorization: 'nope', 'content-type': 'application/json' },
    body: JSON.stringify({ symbols: ['NSE:SBIN-EQ'] }),
  });
  assert.equal(denied.status, 401);
});

test('logout revokes the token: the next call is refused', async () => {
  const out = await call('logout_user');
  assert.equal(out.s, 'ok', JSON.stringify(out));
  const refused = await call('get_profile');
  assert.notEqual(refused.s, 'ok');
  assert.equal(refused.code, -15, JSON.stringify(refused));
});
