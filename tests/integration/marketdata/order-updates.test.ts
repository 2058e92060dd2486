/**
 * Order updates and the REST quote fallback through the composed app (createAppCore in Demo
 * mode against the sandbox over HTTP and its real sockets), for what live-prices.test.ts
 * leaves out: a Transit update the app did not cause, a modify, and an Expired DAY order at
 * the close reach the app's order book over the order socket; and REST quotes take over
 * while the market socket is dropped and kept down, or stalled across reconnects, then stop
 * once the socket is back. The sandbox's market moves only when told (`tickMs: 0`, the
 * `tick` control), so each state is seen on its own and every price has one possible source.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createAppCore, type AppCore } from '../../../electron/core/app/app-core';
import { OrderStatus, OrderType, Side } from '../../../shared/broker/enums';
import type { Order } from '../../../shared/broker/models';
import type { Quote } from '../../../shared/marketdata/quote';
import { eventually } from '../../support/fake-data-socket';
import { inProcessDemo } from '../../support/in-process-demo';

const SBIN = 'NSE:SBIN-EQ';
/**
 * 15:00 IST on the next weekday after today (IST), and 15:31 the same day: the sandbox's clock
 * is set there before the login (markets open, the token issued on that day), ahead of the
 * real clock, so the app's own timestamps (prices it reads off its orders) are never newer
 * than the sandbox's; the close is then reached with the clock control.
 */
function nextWeekdayAfternoon(): { open: string; closed: string } {
  const istNow = Date.now() + 5.5 * 3_600_000;
  for (let k = 1; ; k++) {
    const d = new Date(istNow + k * 86_400_000);
    if (d.getUTCDay() === 0 || d.getUTCDay() === 6) continue;
    const day = d.toISOString().slice(0, 10);
    return { open: `${day}T15:00:00+05:30`, closed: `${day}T15:31:00+05:30` };
  }
}
const { open: AFTERNOON, closed: AFTER_CLOSE } = nextWeekdayAfternoon();

describe('order updates and the REST fallback in the composed app', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tickdesk-ou-'));
  const events: { name: string; payload: unknown; at: number }[] = [];
  let core: AppCore;

  const control = async (path: string, body: unknown = {}) => {
    const r = await fetch(new URL(`/__sandbox/${path}`, core.demoBrokerUrl!), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const j = (await r.json()) as Record<string, unknown>;
    assert.equal(r.status, 200, JSON.stringify(j));
    return j;
  };
  /** Every order row the renderer was sent (as deltas), with when. */
  const pushed = (since: number, pred: (o: Order) => boolean) =>
    events.some(
      (e) =>
        e.at >= since &&
        e.name === 'portfolio.ordersDelta' &&
        (e.payload as { upserts: Order[] }).upserts.some(pred),
    );
  const pricesSent = (since: number, symbol: string): Quote[] =>
    events
      .filter((e) => e.at >= since && e.name === 'marketdata.ticks')
      .flatMap((e) => (e.payload as { quotes: Quote[] }).quotes)
      .filter((q) => q.symbol === symbol);
  const requestsUsed = () => core.scheduler.getState().day.used;
  const tickSize = () => core.symbols.lookup.rulesFor(SBIN)!.tickSize;
  const onTick = (p: number) => Number((Math.round(p / tickSize()) * tickSize()).toFixed(2));

  before(async () => {
    core = await createAppCore({
      appName: 'Tickdesk',
      version: '0.0.0-test',
      platform: process.platform,
      host: 'harness',
      environment: 'demo',
      dataDir,
      openExternal: async () => {
        throw new Error('Demo mode must not open the system browser');
      },
      keychain: async () => ({ keychain: null, reason: 'test: memory only' }),
      demo: { testControls: true },
      demoProcess: inProcessDemo({ sandbox: { tickMs: 0 } }),
      marketDataTuning: {
        pingEveryMs: 300,
        minBackoffMs: 50,
        maxBackoffMs: 300,
        fallbackMinMs: 200,
      },
    });
    core.attachEmitter((name, payload) => events.push({ name, payload, at: Date.now() }));
    // Before the login, so the token is issued on the sandbox's day.
    await control('clock', { set: AFTERNOON });
    const s = await core.session.login();
    assert.equal(s.status, 'active', JSON.stringify(s.lastError));
    await core.symbols.ready();
    await eventually(
      'both sockets open',
      () => {
        const st = core.marketData.status();
        return st.socket === 'open' && st.orderSocket === 'open';
      },
      5_000,
    );
    await eventually('order updates live', () => core.marketData.orderUpdatesLive(), 5_000);
  });

  after(async () => {
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a Transit update the app did not cause arrives over the order socket, then Pending', async () => {
    // Let the catch-up read of the just-opened order socket finish first.
    await new Promise((r) => setTimeout(r, 1_000));
    const since = Date.now();
    const reads = requestsUsed();
    // An order placed at the broker from elsewhere (the sandbox's own desk), while the
    // exchange has not yet acknowledged it: the app learns of it only from the socket.
    const seeded = await control('orders/seed', { count: 1, symbol: SBIN });
    const id = String(seeded.first);
    await eventually(
      'Transit in the pushed book',
      () => pushed(since, (o) => o.id === id && o.status === OrderStatus.Transit),
      5_000,
    );
    assert.equal(requestsUsed() - reads, 0, 'no REST read: it came over the order socket');
    await control('tick', { n: 1 }); // the exchange acknowledges it
    await eventually(
      'Pending in the pushed book',
      () => pushed(since, (o) => o.id === id && o.status === OrderStatus.Pending),
      5_000,
    );
  });

  it('a modify arrives over the order socket with its new price and quantity', async () => {
    const open = (core.orderBook().orders ?? []).find(
      (o) => o.symbol === SBIN && o.status === OrderStatus.Pending,
    )!;
    assert.ok(open, "the previous step's pending order, in the app's order book");
    const price = onTick(open.limitPrice - 5 * tickSize());
    const since = Date.now();
    const intent = await core.orders.modify(
      { id: open.id, limitPrice: price, qty: open.qty + 1 },
      { confirmGuards: true },
    );
    assert.equal(intent.status, 'done', JSON.stringify(intent));
    await eventually(
      'the modified order in the pushed book',
      () =>
        pushed(since, (o) => o.id === open.id && o.limitPrice === price && o.qty === open.qty + 1),
      5_000,
    );
  });

  it('after a drop that keeps the market socket down, REST quotes price the symbol; they stop when it is back', async () => {
    await core.marketData.subscribe('watch', 'watch', [SBIN]);
    await eventually('a first price', () => core.quotes.get(SBIN) !== undefined, 5_000);
    const since = Date.now();
    await control('socket', { action: 'drop', type: 'symbolUpdate', refuseMs: 4_000 });
    await eventually(
      'socket down, fallback on',
      () => core.marketData.status().socket !== 'open' && core.marketData.status().restFallback,
      5_000,
    );
    // A price that only the REST fallback can bring: the socket is down while it moves.
    const moved = onTick(core.quotes.get(SBIN)!.ltp * 1.02);
    await control('price', { symbol: SBIN, ltp: moved });
    await eventually(
      'the moved price, by REST',
      () => pricesSent(since, SBIN).some((q) => q.ltp === moved && q.source === 'quote'),
      5_000,
    );
    await backOnTheSocket();
  });

  it('after a stall that outlasts reconnects, REST quotes price the symbol; they stop when it is back', async () => {
    const since = Date.now();
    const reconnects = core.marketData.status().reconnects;
    await control('socket', { action: 'stall', type: 'symbolUpdate', sticky: true });
    await eventually(
      'a missed pong reconnects, onto a stalled socket again; fallback on',
      () =>
        core.marketData.status().reconnects > reconnects && core.marketData.status().restFallback,
      8_000,
    );
    const moved = onTick(core.quotes.get(SBIN)!.ltp * 0.99);
    await control('price', { symbol: SBIN, ltp: moved });
    await eventually(
      'the moved price, by REST',
      () => pricesSent(since, SBIN).some((q) => q.ltp === moved && q.source === 'quote'),
      5_000,
    );
    await control('socket', { action: 'resume', type: 'symbolUpdate' });
    await backOnTheSocket();
  });

  it('a DAY order still open at the close arrives Expired over the order socket', async () => {
    const ltp = core.quotes.get(SBIN)!.ltp;
    const intent = await core.orders.place(
      {
        symbol: SBIN,
        qty: 1,
        type: OrderType.Limit,
        side: Side.Buy,
        productType: 'CNC',
        limitPrice: onTick(ltp * 0.95),
        stopPrice: 0,
        disclosedQty: 0,
        validity: 'DAY',
        offlineOrder: false,
        stopLoss: 0,
        takeProfit: 0,
      },
      { confirmGuards: true },
    );
    assert.equal(intent.status, 'done', JSON.stringify(intent));
    const id = intent.orderId!;
    await control('tick', { n: 1 });
    const since = Date.now();
    await eventually(
      'pending',
      () => pushed(0, (o) => o.id === id && o.status === OrderStatus.Pending),
      5_000,
    );
    await control('clock', { set: AFTER_CLOSE });
    await eventually(
      'Expired in the pushed book',
      () => pushed(since, (o) => o.id === id && o.status === OrderStatus.Expired),
      5_000,
    );
    const row = (core.orderBook().orders ?? []).find((o) => o.id === id);
    assert.equal(row?.status, OrderStatus.Expired, "the app's order book holds it Expired");
  });

  /** The socket is open again, the fallback has stopped, and REST stays quiet after. */
  async function backOnTheSocket(): Promise<void> {
    await eventually(
      'back on the socket, fallback stopped',
      () => core.marketData.status().socket === 'open' && !core.marketData.status().restFallback,
      10_000,
    );
    const socketSince = Date.now();
    const moved = onTick(core.quotes.get(SBIN)!.ltp + 3 * tickSize());
    await control('price', { symbol: SBIN, ltp: moved });
    await control('tick', { n: 1 });
    await eventually(
      'prices by socket again',
      () => pricesSent(socketSince, SBIN).some((q) => q.source === 'socket'),
      5_000,
    );
    const reads = requestsUsed();
    await new Promise((r) => setTimeout(r, 1_200)); // six fallback periods
    assert.equal(requestsUsed() - reads, 0, 'no REST quote round once the socket is back');
  }
});
