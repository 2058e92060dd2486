/**
 * Every read operation of the broker client against the real sandbox over HTTP, with the
 * spec's quirks switched on: each answer must parse as the clean model.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import {
  EdisDetail,
  Funds,
  Holdings,
  MarketStatus,
  Order,
  Positions,
  Profile,
  Trade,
} from '../../../shared/broker/models';
import { createHttpTransport } from '../../../electron/core/broker/http-transport';
import { createBrokerClient } from '../../../electron/core/broker/broker-client';
import type { BrokerError } from '../../../electron/core/broker/broker-error';
import { loginPkce, startSession } from './sandbox-session';

let s: Awaited<ReturnType<typeof startSession>>;
before(async () => {
  s = await startSession({ sandbox: { quirks: true } });
});
after(async () => {
  await s.close();
});

test('profile, funds, holdings, positions, trade book, market status and eDIS details parse as clean models', async () => {
  Profile.parse(await s.broker.getProfile());
  const funds = Funds.parse(await s.broker.getFunds());
  assert.ok(funds.lines.length >= 10);
  assert.equal(
    new Set(funds.lines.map((l) => l.key)).size,
    funds.lines.length,
    'no duplicate ledger lines',
  );
  const h = Holdings.parse(await s.broker.getHoldings());
  assert.ok(
    h.holdings.every((x) => /^\d+$/.test(x.token)),
    'tokens are text whichever spelling was used',
  );
  Positions.parse(await s.broker.getPositions());
  z.array(Trade).parse(await s.broker.getTradebook());
  const ms = z.array(MarketStatus).parse(await s.broker.getMarketStatus());
  assert.ok(ms.some((m) => m.exchange === 10 && m.segment === 10));
  z.array(EdisDetail).parse(await s.broker.getEdisDetails());
});

test('orders: list, by id, several by id; an unknown id is null', async () => {
  await s.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
  const draft = {
    symbol: 'NSE:SBIN-EQ',
    qty: 1,
    type: 1 as const,
    side: 1 as const,
    productType: 'INTRADAY' as const,
    limitPrice: 700,
    stopPrice: 0,
    disclosedQty: 0,
    validity: 'DAY' as const,
    offlineOrder: false,
    stopLoss: 0,
    takeProfit: 0,
  };
  const a = await s.broker.placeOrder(draft);
  const b = await s.broker.placeOrder({ ...draft, limitPrice: 701 });
  const book = z.array(Order).parse(await s.broker.getOrders());
  assert.ok(book.some((o) => o.id === a.id) && book.some((o) => o.id === b.id));
  assert.equal((await s.broker.getOrder(a.id))?.limitPrice, 700);
  const two = await s.broker.getOrdersByIds([a.id, b.id]);
  assert.deepEqual(two.map((o) => o.id).sort(), [a.id, b.id].sort());
  assert.equal(await s.broker.getOrder('999999999'), null);
});

test('identical concurrent reads are coalesced into one request', async () => {
  const before = s.scheduler.getState().day.used;
  const [x, y, z2] = await Promise.all([
    s.broker.getPositions(),
    s.broker.getPositions({ priority: 'background' }),
    s.broker.getPositions(),
  ]);
  assert.deepEqual(x, y);
  assert.deepEqual(y, z2);
  assert.equal(s.scheduler.getState().day.used - before, 1);
});

test('a basic-template app is refused order data with a typed 403', async () => {
  const creds = await loginPkce(s.sb, 'basic');
  const client = createBrokerClient({
    transport: createHttpTransport({ baseUrl: s.sb.url, credentials: () => creds }),
  });
  await client.getProfile();
  await assert.rejects(
    client.getOrders(),
    (e: BrokerError) => e.httpStatus === 403 && e.code === -373 && e.action === 'report',
  );
});

test('a wrong token is a 401 that asks the trader to log in and notifies the session', async () => {
  const seen: BrokerError[] = [];
  const client = createBrokerClient({
    transport: createHttpTransport({
      baseUrl: s.sb.url,
      credentials: () => ({ appId: s.creds.appId, accessToken: 'not-a-token' }),
      onAuthFailure: (e) => seen.push(e),
    }),
  });
  await assert.rejects(
    client.getFunds(),
    (e: BrokerError) => e.httpStatus === 401 && e.action === 'login',
  );
  assert.equal(seen.length, 1);
});

test('eDIS: TPIN request, index form and inquiry answer typed results', async () => {
  const tpin = await s.broker.requestTpin();
  assert.ok(tpin.code > 0);
  const holdings = await s.broker.getHoldings();
  const first = holdings.holdings[0]!;
  const isin = s.sb.instruments.find((i) => i.ticker === first.symbol)?.isin ?? 'INE062A01020';
  const form = await s.broker.edisIndex([{ isin, qty: 1 }]);
  assert.match(form.html, /<form/i);
  const reqId = /name=["']?ReqId["']?[^>]*value=["']?([^"'>\s]+)/i.exec(form.html)?.[1];
  assert.ok(reqId, 'the form carries the request id the depository posts back');
  // The inquiry takes the transaction id the details list, never the request id.
  await assert.rejects(s.broker.edisInquiry(reqId), (e: BrokerError) => e.code === -50);
  const listed = (await s.broker.getEdisDetails()).find((d) => d.isin === isin);
  assert.ok(listed?.transactionId, 'the details list the pending request with its transaction id');
  const inquiry = await s.broker.edisInquiry(listed.transactionId);
  assert.equal(typeof inquiry.successCount, 'number');
  assert.equal(typeof inquiry.failedCount, 'number');
  await assert.rejects(
    s.broker.edisInquiry('no-such-txn'),
    (e: BrokerError) => e.code === -50 && e.action === 'fix-field',
  );
});
