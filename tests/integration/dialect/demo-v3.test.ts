/**
 * The composed app on the broker's API v3 (issue 19 #1-#3): createAppCore in Demo mode with
 * real settings, the real symbol runtime and the sandbox over HTTP, Demo switched to v3 in
 * Settings. It logs in, places, modifies and cancels, and reads the book, positions, funds,
 * quotes, depth and history, each through the v3 dialect: the sandbox's own request log
 * shows every call on a v3 address and none on a v2 trading or data one. Live prices, the
 * ticket's book and order updates come over the v3 sockets (the HSM data socket and the order
 * socket), never over the v2 socket and never by REST polling.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { OrderStatus } from '../../../shared/broker/enums';
import type { Order } from '../../../shared/broker/models';
import type { Depth } from '../../../shared/marketdata/depth';
import type { Quote } from '../../../shared/marketdata/quote';
import type { MarketDataStatus } from '../../../shared/marketdata/subscription';
import type { SandboxHandle } from '../../../sandbox/index';
import { inProcessDemo } from '../../support/in-process-demo';
import { startComposedApp, type ComposedApp } from '../app/composed-app';
import { startDemoSandbox } from '../safety/composed-app';

const SBIN = 'NSE:SBIN-EQ';
/** A symbol nothing else in this file prices: its watch price can only come from quotes. */
const TCS = 'NSE:TCS-EQ';
/** A symbol only the socket test watches. */
const INFY = 'NSE:INFY-EQ';

/** Waits for a condition (no fixed sleeps: the CI machine may be slow). */
async function until(
  what: string,
  cond: () => boolean | Promise<boolean>,
  ms = 30_000,
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('Demo on API v3 (composed app, sandbox over HTTP)', () => {
  let app: ComposedApp;
  let sandbox: SandboxHandle;
  const requests: string[] = [];
  /** The requests the sandbox answered since `from`, as "METHOD /path". */
  const seen = (from = 0) => requests.slice(from).map((l) => l.split(' ').slice(0, 2).join(' '));
  /** The sandbox's open socket connections: its v2 socket's, and each v3 socket's count. */
  const socketConnections = async () => {
    const r = await fetch(new URL('/__sandbox/socket', sandbox.url));
    return (await r.json()) as { connections: unknown[]; v3: { orders: number; data: number } };
  };
  const v2SocketConnections = async () => (await socketConnections()).connections.length;
  /** The events of one name since `from`, payloads only. */
  const eventsOf = <T>(name: string, from: number): T[] =>
    app.events
      .slice(from)
      .filter((e) => e.name === name)
      .map((e) => e.payload as T);
  /** Whether an order row matching `pred` was pushed to the renderer since `from`. */
  const pushed = (from: number, pred: (o: Order) => boolean) =>
    eventsOf<{ upserts: Order[] }>('portfolio.ordersDelta', from).some((d) => d.upserts.some(pred));

  before(async () => {
    sandbox = await startDemoSandbox(undefined, (line) => requests.push(line));
    app = await startComposedApp({
      login: false,
      deps: { demoProcess: inProcessDemo(sandbox) },
    });
    const view = await app.call('settings.updatePreferences', {
      patch: { demoBroker: 'fyers-v3' },
    });
    assert.equal(view.preferences.demoBroker, 'fyers-v3');
    const s = await app.call('session.login', {});
    assert.equal(s.status, 'active', JSON.stringify(s.lastError));
    await app.core.symbols.ready();
    await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    await app.control('price', { symbol: SBIN, ltp: 800 });
  });
  after(async () => {
    await app?.close();
    await sandbox?.close();
  });

  it('the Demo account is on v3 and logged in through v3 generate-authcode', async () => {
    const settings = await app.call('settings.get');
    const demo = settings.accounts.find((a) => a.id === 'demo');
    assert.equal(demo?.broker, 'fyers-v3');
    assert.equal(demo?.dataBaseUrl, sandbox.v3.dataUrl);
    const info = await app.call('app.info');
    assert.equal(info.account?.broker, 'fyers-v3');
    assert.equal(info.account?.capabilities.ordersByIds, false, 'what the screens may offer');
    const calls = seen();
    assert.ok(calls.includes('GET /api/v3/generate-authcode'), calls.join('\n'));
    assert.ok(!calls.includes('GET /api/v2/generate-authcode'));
    // Demo logs in by PKCE: the SDK sends that exchange to the v2 path (docs/broker-v3.md).
    assert.ok(calls.includes('POST /api/v2/validate-authcode'), calls.join('\n'));
  });

  it('places, modifies and cancels an order on /api/v3/orders/sync', async () => {
    const from = requests.length;
    const placed = await app.call('orders.place', {
      draft: { symbol: SBIN, qty: 1, type: 1, side: 1, productType: 'INTRADAY', limitPrice: 700 },
      confirmGuards: true,
    });
    assert.equal(placed.status, 'done', placed.note);
    const id = placed.orderId!;
    await app.control('tick', { n: 1 });
    const modified = await app.call('orders.modify', {
      change: { id, limitPrice: 705, qty: 2 },
      confirmGuards: true,
    });
    assert.equal(modified.status, 'done', modified.note);
    let row = (await app.call('portfolio.orders')).find((o) => o.id === id);
    for (let i = 0; i < 50 && (row?.limitPrice !== 705 || row.qty !== 2); i++) {
      await new Promise((r) => setTimeout(r, 100));
      await app.call('portfolio.orderBook', { refresh: true });
      row = (await app.call('portfolio.orders')).find((o) => o.id === id);
    }
    assert.equal(row?.limitPrice, 705);
    assert.equal(row?.qty, 2);
    const cancelled = await app.call('orders.cancel', { id });
    assert.equal(cancelled.status, 'done', cancelled.note);
    await app.call('portfolio.orderBook', { refresh: true });
    row = (await app.call('portfolio.orders')).find((o) => o.id === id);
    assert.equal(row?.status, 1, 'cancelled');
    const calls = seen(from);
    assert.ok(calls.includes('POST /api/v3/orders/sync'), calls.join('\n'));
    assert.ok(calls.includes('PATCH /api/v3/orders/sync'), calls.join('\n'));
    assert.ok(calls.includes('DELETE /api/v3/orders/sync'), calls.join('\n'));
    assert.ok(calls.includes('GET /api/v3/orders'), calls.join('\n'));
  });

  it('places, modifies and cancels a basket on /api/v3/multi-order/sync', async () => {
    const from = requests.length;
    const draft = (limitPrice: number) => ({
      symbol: SBIN,
      qty: 1,
      type: 1,
      side: 1,
      productType: 'INTRADAY',
      limitPrice,
    });
    const placed = await app.call('orders.placeMany', {
      drafts: [draft(690), draft(691)],
      confirmGuards: true,
    });
    assert.deepEqual(
      placed.map((p) => p.status),
      ['done', 'done'],
      JSON.stringify(placed.map((p) => p.note)),
    );
    const ids = placed.map((p) => p.orderId!);
    await app.control('tick', { n: 1 });
    await app.call('portfolio.orderBook', { refresh: true });
    const modified = await app.call('orders.modifyMany', {
      changes: ids.map((id) => ({ id, limitPrice: 689 })),
      confirmGuards: true,
    });
    assert.deepEqual(
      modified.map((m) => m.status),
      ['done', 'done'],
      JSON.stringify(modified.map((m) => m.note)),
    );
    const cancelled = await app.call('orders.cancelMany', ids);
    assert.deepEqual(
      cancelled.map((c) => c.status),
      ['done', 'done'],
      JSON.stringify(cancelled.map((c) => c.note)),
    );
    const calls = seen(from);
    for (const c of ['POST', 'PATCH', 'DELETE'].map((m) => `${m} /api/v3/multi-order/sync`))
      assert.ok(calls.includes(c), `${c} in\n${calls.join('\n')}`);
  });

  it('reads positions, funds and the market status through v3; a market buy shows as a position', async () => {
    const from = requests.length;
    const placed = await app.call('orders.place', {
      draft: { symbol: SBIN, qty: 3, type: 2, side: 1, productType: 'INTRADAY' },
      confirmGuards: true,
    });
    assert.equal(placed.status, 'done', placed.note);
    await app.control('tick', { n: 1 });
    let net = 0;
    for (let i = 0; i < 50 && net !== 3; i++) {
      const p = await app.call('portfolio.positions');
      net = p.positions.find((x) => x.symbol === SBIN && x.productType === 'INTRADAY')?.netQty ?? 0;
      if (net !== 3) await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(net, 3);
    const funds = await app.call('portfolio.funds');
    assert.ok(funds.lines.length > 0);
    const status = await app.call('portfolio.marketStatus');
    assert.ok(status.length > 0);
    const calls = seen(from);
    for (const c of ['GET /api/v3/positions', 'GET /api/v3/funds', 'GET /data/marketStatus'])
      assert.ok(calls.includes(c), `${c} in\n${calls.join('\n')}`);
  });

  it('reads quotes, depth (ohlcv_flag) and history from the v3 data host', async () => {
    const from = requests.length;
    await app.call('marketdata.subscribe', { owner: 'v3test', reason: 'watch', symbols: [TCS] });
    let ltp = 0;
    for (let i = 0; i < 100 && !(ltp > 0); i++) {
      ltp = (await app.call('marketdata.snapshot', { symbols: [TCS] }))[0]?.ltp ?? 0;
      if (!(ltp > 0)) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(ltp > 0, 'a price arrived');
    const depth = await app.call('marketdata.depth', { symbol: SBIN });
    assert.equal(depth?.depth.bids.length, 5);
    const history = await app.call('marketdata.history', { symbol: SBIN, resolution: 5 });
    assert.ok(history.candles.length > 0);
    const calls = seen(from);
    // A newly watched symbol gets its first price by REST quotes.
    for (const c of ['GET /data/quotes', 'GET /data/depth', 'GET /data/history'])
      assert.ok(calls.includes(c), `${c} in\n${calls.join('\n')}`);
  });

  it('opens the v3 data socket and the v3 order socket, never the v2 socket', async () => {
    await until('both sockets open', async () => {
      const st = await app.call('marketdata.status');
      return st.socket === 'open' && st.orderSocket === 'open';
    });
    await until('order updates live', () => app.core.marketData.orderUpdatesLive());
    const open = await socketConnections();
    assert.deepEqual(open.v3, { orders: 1, data: 1 }, 'one connection on each v3 socket');
    assert.deepEqual(open.connections, [], 'nothing on the v2 socket');
  });

  it('a watched symbol is priced by the HSM data socket, not by REST quote polling', async () => {
    assert.ok(sandbox.instruments.some((i) => i.ticker === INFY));
    const from = app.events.length;
    await app.call('marketdata.subscribe', { owner: 'v3sock', reason: 'watch', symbols: [INFY] });
    const socketPrices = () =>
      eventsOf<{ quotes: Quote[] }>('marketdata.ticks', from)
        .flatMap((t) => t.quotes)
        .filter((q) => q.symbol === INFY && q.source === 'socket');
    await until('a socket price', () => socketPrices().length > 0);
    // A first REST price for a new symbol may still be on its way (one request); polling would
    // be the REST fallback's rounds, every 3 s at the least: over 7 s of streaming, two or more.
    const afterFirst = requests.length;
    const startedAt = Date.now();
    const seenBefore = socketPrices().length;
    await until('7 s of socket prices as the market moves', () => {
      const moved = new Set(socketPrices().map((q) => q.ltp));
      return (
        socketPrices().length >= seenBefore + 5 &&
        moved.size >= 2 &&
        Date.now() - startedAt >= 7_000
      );
    });
    const snap = (await app.call('marketdata.snapshot', { symbols: [INFY] }))[0];
    assert.equal(snap?.source, 'socket');
    const polls = seen(afterFirst).filter((c) => c.startsWith('GET /data/quotes'));
    assert.ok(polls.length <= 1, `no REST quote polling while the socket streams: ${polls.length}`);
    assert.equal((await app.call('marketdata.status')).restFallback, false);
    assert.equal(await v2SocketConnections(), 0, 'nothing on the v2 socket');
    await app.call('marketdata.unsubscribe', { owner: 'v3sock', reason: 'watch' });
  });

  it("the ticket's book streams from the HSM depth feed", async () => {
    const from = app.events.length;
    const first = await app.call('marketdata.watchDepth', { owner: 'v3sock', symbol: SBIN });
    assert.equal(first?.depth.bids.length, 5, 'the first picture, read once');
    const books = () =>
      eventsOf<Depth>('marketdata.depthChanged', from).filter((d) => d.symbol === SBIN);
    await until('streamed books', () => books().length >= 2);
    const book = books().at(-1)!;
    assert.equal(book.bids.length, 5);
    assert.equal(book.asks.length, 5);
    assert.ok(book.bids[0]!.price < book.asks[0]!.price, 'best bid below best ask');
    assert.ok(book.bids.every((l) => l.volume > 0 && l.price > 0));
    assert.equal(book.lowerCircuit, first?.depth.lowerCircuit, 'circuits from the first read');
    await app.call('marketdata.unwatchDepth', { owner: 'v3sock' });
    assert.equal(await v2SocketConnections(), 0, 'nothing on the v2 socket');
  });

  it('a placed, modified and cancelled order is learned from the v3 order socket', async () => {
    await until('order updates live', () => app.core.marketData.orderUpdatesLive());
    const bookReads = (from: number) => seen(from).filter((c) => c === 'GET /api/v3/orders');
    let from = app.events.length;
    let log = requests.length;
    const placed = await app.call('orders.place', {
      draft: { symbol: SBIN, qty: 1, type: 1, side: 1, productType: 'INTRADAY', limitPrice: 650 },
      confirmGuards: true,
    });
    assert.equal(placed.status, 'done', placed.note);
    const id = placed.orderId!;
    await until('the pending order pushed', () =>
      pushed(from, (o) => o.id === id && o.status === OrderStatus.Pending),
    );
    assert.deepEqual(bookReads(log), [], 'no order-book read: it came over the socket');

    from = app.events.length;
    log = requests.length;
    const modified = await app.call('orders.modify', {
      change: { id, limitPrice: 655, qty: 2 },
      confirmGuards: true,
    });
    assert.equal(modified.status, 'done', modified.note);
    await until('the modified order pushed', () =>
      pushed(from, (o) => o.id === id && o.limitPrice === 655 && o.qty === 2),
    );
    assert.deepEqual(bookReads(log), [], 'no order-book read: it came over the socket');

    from = app.events.length;
    log = requests.length;
    const cancelled = await app.call('orders.cancel', { id });
    assert.equal(cancelled.status, 'done', cancelled.note);
    await until('the cancelled order pushed', () =>
      pushed(from, (o) => o.id === id && o.status === OrderStatus.Canceled),
    );
    assert.deepEqual(bookReads(log), [], 'no order-book read: it came over the socket');
    assert.equal(await v2SocketConnections(), 0, 'nothing on the v2 socket');
  });

  it('after a drop both v3 sockets reconnect and subscribe again: prices and order updates flow', async () => {
    await app.call('marketdata.subscribe', { owner: 'v3drop', reason: 'watch', symbols: [INFY] });
    const before = (await app.call('marketdata.status')).reconnects;
    const from = app.events.length;
    const dropped = await app.control('socket', { action: 'drop-v3' });
    assert.equal(dropped.affected, 2, 'one connection on each v3 socket was cut');
    await until('both reconnected', async () => {
      const st = await app.call('marketdata.status');
      return st.reconnects >= before + 2 && st.socket === 'open' && st.orderSocket === 'open';
    });
    assert.ok(
      eventsOf<MarketDataStatus>('marketdata.statusChanged', from).some((s) => s.socket !== 'open'),
      'the status said the price socket was down meanwhile',
    );
    // The new connection asked for the watched symbol again by itself.
    const mark = app.events.length;
    await until('socket prices again', () =>
      eventsOf<{ quotes: Quote[] }>('marketdata.ticks', mark).some((t) =>
        t.quotes.some((q) => q.symbol === INFY && q.source === 'socket'),
      ),
    );
    // And the order socket subscribed again: an order from the broker's own desk arrives.
    const seeded = await app.control('orders/seed', { count: 1, symbol: SBIN });
    const id = String(seeded.first);
    await until('the seeded order pushed', () => pushed(mark, (o) => o.id === id));
    assert.deepEqual(await socketConnections().then((c) => c.v3), { orders: 1, data: 1 });
    await app.call('marketdata.unsubscribe', { owner: 'v3drop', reason: 'watch' });
  });

  it('no trading or data call went to a v2 address', () => {
    const v2 = seen().filter(
      (c) =>
        (c.includes('/api/v2/') && !c.endsWith('/api/v2/validate-authcode')) ||
        c.includes('/data-rest/v2/'),
    );
    assert.deepEqual(v2, []);
  });
});
