/**
 * The market-data service over a real WebSocket against a controllable fake broker socket
 * (tests/support/fake-data-socket.ts). The composed app against the sandbox is proven in
 * tests/integration/marketdata; these pin each socket behaviour on its own.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { silentLogger } from '../../../electron/core/diagnostics/logger';
import { systemClock } from '../../../electron/core/limiter/clock';
import type { DataClient } from '../../../electron/core/marketdata/data-client';
import { createMarketDataService } from '../../../electron/core/marketdata/market-data-service';
import { createQuoteCache } from '../../../electron/core/marketdata/quote-cache';
import { FYERS_V2_SOCKETS } from '../../../electron/core/marketdata/v2/sockets';
import type { Order } from '../../../shared/broker/models';
import { EMPTY_QUOTE_FIELDS } from '../../../shared/marketdata/quote';
import { eventually, startFakeDataSocket } from '../../support/fake-data-socket';
import { encodeFrame } from '../../support/marketdata-frames';

const TOKENS: Record<string, number> = {
  'NSE:SBIN-EQ': 10100000003045,
  'NSE:TCS-EQ': 10100000011536,
};

function fakeData(calls: string[][]): DataClient {
  return {
    async quotes(symbols) {
      calls.push([...symbols]);
      const now = Math.floor(Date.now() / 1000) * 1000;
      return {
        quotes: symbols.map((symbol) => ({
          ...EMPTY_QUOTE_FIELDS,
          symbol,
          ltp: 100,
          at: now - 5_000,
          source: 'quote' as const,
        })),
        tokens: new Map(symbols.map((s) => [s, TOKENS[s] ?? 0])),
        errors: [],
        unrequested: 0,
      };
    },
    depth: async () => null,
    history: async () => ({ candles: [], dropped: 0 }),
    brokerChain: () => Promise.reject(new Error("no option chain in this fake")),
  };
}

async function setup(over: { fallbackMinMs?: number; token?: () => string } = {}) {
  const fake = await startFakeDataSocket();
  const quotes = createQuoteCache({ clock: systemClock });
  const calls: string[][] = [];
  const orders: Order[] = [];
  let opens = 0;
  const svc = createMarketDataService({
    quotes,
    data: fakeData(calls),
    tokenOf: () => null,
    endpoint: () => ({
      sockets: FYERS_V2_SOCKETS,
      url: fake.url,
      appId: 'APP-100',
      accessToken: over.token?.() ?? 'token',
    }),
    clock: systemClock,
    logger: silentLogger,
    onOrder: (o) => orders.push(o),
    onOrderSocketOpen: () => opens++,
    pingEveryMs: 80,
    minBackoffMs: 20,
    maxBackoffMs: 100,
    fallbackMinMs: over.fallbackMinMs ?? 50,
  });
  svc.sessionChanged();
  await fake.waitOpened('symbolUpdate', 1);
  await fake.waitOpened('orderUpdate', 1);
  return { fake, quotes, calls, orders, svc, opens: () => opens };
}

const now = () => Math.floor(Date.now() / 1000);

test('subscribe sends SUB_DATA once per symbol however many holders; ticks land in the cache', async () => {
  const { fake, quotes, svc } = await setup();
  try {
    await svc.subscribe('ticket', 'ticket', ['NSE:SBIN-EQ']);
    await svc.subscribe('watch', 'watch', ['NSE:SBIN-EQ', 'NSE:TCS-EQ']);
    await eventually('both subscribed', () => fake.subscribed.size === 2);
    const subs = fake.received.filter((m) => (m as { T?: string }).T === 'SUB_DATA');
    assert.deepEqual(
      subs.map((m) => (m as { TLIST: string[] }).TLIST),
      [['NSE:SBIN-EQ'], ['NSE:TCS-EQ']],
    );
    fake.sendFrame(
      encodeFrame([
        {
          token: TOKENS['NSE:SBIN-EQ']!,
          time: now(),
          ltp: 812.35,
          bid: 812.3,
          ask: 812.4,
          prevClose: 800,
          high: 815,
          low: 799,
        },
        {
          token: TOKENS['NSE:TCS-EQ']!,
          time: now(),
          ltp: 4_100,
          prevClose: 4_000,
          high: 4_120,
          low: 3_990,
        },
      ]),
    );
    await eventually('tick in cache', () => quotes.get('NSE:SBIN-EQ')?.source === 'socket');
    const q = quotes.get('NSE:SBIN-EQ')!;
    assert.equal(q.ltp, 812.35);
    assert.equal(q.bid, 812.3);
    assert.equal(q.change, 12.35);
    assert.equal(quotes.get('NSE:TCS-EQ')?.ltp, 4_100);
    // One holder letting go keeps the symbol; the last one releases it at the broker.
    svc.unsubscribe('ticket', 'ticket');
    await new Promise((r) => setTimeout(r, 50));
    assert.ok(fake.subscribed.has('NSE:SBIN-EQ'));
    svc.releaseOwner('watch');
    await eventually('all released', () => fake.subscribed.size === 0);
    assert.equal(svc.status().subscribed, 0);
  } finally {
    svc.close();
    await fake.close();
  }
});

test('a dropped socket reconnects and subscribes again; REST quotes stand in meanwhile', async () => {
  const { fake, quotes, calls, svc } = await setup({ fallbackMinMs: 30 });
  try {
    await svc.subscribe('watch', 'watch', ['NSE:SBIN-EQ']);
    await eventually('subscribed', () => fake.subscribed.has('NSE:SBIN-EQ'));
    await eventually('socket open', () => svc.status().socket === 'open');
    const before = calls.length;
    // Dropped, and kept down (reconnects refused) long enough for the fallback to show.
    fake.refusing = true;
    fake.drop();
    await eventually('REST priced the subscribed symbol while the socket was down', () =>
      calls.slice(before).some((c) => c.includes('NSE:SBIN-EQ')),
    );
    assert.equal(svc.status().restFallback, true);
    fake.refusing = false;
    await eventually(
      'resubscribed after reconnect',
      () => fake.opened.symbolUpdate >= 2 && fake.subscribed.has('NSE:SBIN-EQ'),
    );
    assert.ok(svc.status().reconnects >= 1);
    fake.sendFrame(encodeFrame([{ token: TOKENS['NSE:SBIN-EQ']!, time: now() + 1, ltp: 820 }]));
    await eventually('tick after reconnect', () => quotes.get('NSE:SBIN-EQ')?.ltp === 820);
    await eventually('fallback stopped', () => !svc.status().restFallback);
    // Once the socket is back, REST stays quiet: no round in five fallback periods.
    const after = calls.length;
    await new Promise((r) => setTimeout(r, 150));
    assert.equal(calls.length, after, 'no REST quote round once the socket is back');
  } finally {
    svc.close();
    await fake.close();
  }
});

test('a stalled socket (no pong) is reconnected; REST fallback prices symbols while it is down', async () => {
  const { fake, calls, svc } = await setup({ fallbackMinMs: 30 });
  try {
    await svc.subscribe('watch', 'watch', ['NSE:SBIN-EQ']);
    await eventually('subscribed', () => fake.subscribed.has('NSE:SBIN-EQ'));
    const restBefore = calls.length;
    fake.stalled = true;
    await eventually('reconnect after missed pong', () => fake.opened.symbolUpdate >= 2, 3_000);
    // Keep it stalled across reconnects: the service must fall back to REST.
    await eventually('REST fallback ran', () => calls.length > restBefore, 3_000);
    fake.stalled = false;
    await eventually('socket open again', () => svc.status().socket === 'open');
    await eventually('fallback stopped', () => !svc.status().restFallback);
  } finally {
    svc.close();
    await fake.close();
  }
});

test('malformed and truncated frames are counted and dropped; good packets around them still land', async () => {
  const { fake, quotes, svc } = await setup();
  try {
    await svc.subscribe('watch', 'watch', ['NSE:SBIN-EQ', 'NSE:TCS-EQ']);
    await eventually('subscribed', () => fake.subscribed.size === 2);
    const good = encodeFrame([{ token: TOKENS['NSE:SBIN-EQ']!, time: now(), ltp: 801 }]);
    const bad = encodeFrame([{ token: TOKENS['NSE:TCS-EQ']!, time: now(), ltp: 4_000 }]);
    new DataView(bad.buffer).setInt32(28, 999_999_999); // ltp far outside high/low
    fake.sendFrame(bad);
    fake.sendFrame(good.subarray(0, 60)); // truncated
    fake.sendFrame(good);
    await eventually('good tick', () => quotes.get('NSE:SBIN-EQ')?.ltp === 801);
    assert.equal(svc.status().malformedPackets, 2);
    assert.notEqual(quotes.get('NSE:TCS-EQ')?.ltp, 9_999_999.99);
    assert.equal(svc.status().socket, 'open');
  } finally {
    svc.close();
    await fake.close();
  }
});

test('order updates are normalized and delivered; junk on the order socket is counted, not thrown', async () => {
  const { fake, orders, svc, opens } = await setup();
  try {
    await eventually('order socket open', () => opens() === 1);
    // The subscribe frame follows the open; under load it can reach the fake a moment later.
    const subOrd = () => fake.received.find((m) => (m as { T?: string }).T === 'SUB_ORD');
    await eventually('order subscription sent', () => subOrd() !== undefined);
    const sub = subOrd();
    assert.deepEqual(sub, { T: 'SUB_ORD', SLIST: ['orderUpdate'], SUB_T: 1 });
    fake.sendOrder('not json');
    fake.sendOrder(JSON.stringify({ s: 'ok', d: { id: 'X1', side: 7 } }));
    fake.sendOrder(
      JSON.stringify({
        s: 'ok',
        d: {
          id: '2511230001',
          symbol: 'NSE:SBIN-EQ',
          qty: 10,
          filledQty: 10,
          remainingQuantity: 0,
          status: 2,
          side: 1,
          type: 2,
          productType: 'INTRADAY',
          tradedPrice: 812,
          segment: 10,
          exchange: 10,
        },
      }),
    );
    await eventually('order delivered', () => orders.length === 1);
    assert.equal(orders[0]!.status, 2);
    assert.equal(orders[0]!.filledQty, 10);
    assert.equal(svc.status().malformedPackets, 2);
  } finally {
    svc.close();
    await fake.close();
  }
});

test('a socket closed for an invalid token (4001) waits for a new login instead of retrying', async () => {
  let token = 'first';
  const { fake, svc } = await setup({ token: () => token });
  try {
    fake.closeWith(4001);
    await eventually('down', () => svc.status().socket === 'down');
    await new Promise((r) => setTimeout(r, 400));
    assert.equal(fake.opened.symbolUpdate, 1, 'no retry with the refused token');
    token = 'second';
    svc.sessionChanged();
    await fake.waitOpened('symbolUpdate', 2);
    await eventually('open again', () => svc.status().socket === 'open');
  } finally {
    svc.close();
    await fake.close();
  }
});
