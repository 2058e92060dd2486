/**
 * Live market data through the composed app (createAppCore in Demo mode, the embedded
 * sandbox over HTTP and its real socket): subscribe, unsubscribe, reconnect after a drop
 * and after a stall, a malformed packet, the REST fallback, and order updates for each
 * state change driving the order book without polling.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createAppCore, type AppCore } from '../../../electron/core/app/app-core';
import type { Order } from '../../../shared/broker/models';
import type { Quote } from '../../../shared/marketdata/quote';
import { eventually } from '../../support/fake-data-socket';

const SBIN = 'NSE:SBIN-EQ';
const TCS = 'NSE:TCS-EQ';

describe('live market data in the composed app', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tickdesk-md-'));
  const events: { name: string; payload: unknown; at: number }[] = [];
  let core: AppCore;

  const control = async (path: string, body: unknown = {}) => {
    const r = await fetch(new URL(`/__sandbox/${path}`, core.demoBrokerUrl!), {
      method: path === 'socket' && body === null ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      ...(body === null ? {} : { body: JSON.stringify(body) }),
    });
    const j = (await r.json()) as Record<string, unknown>;
    assert.equal(r.status, 200, JSON.stringify(j));
    return j;
  };
  const connections = async () =>
    (await control('socket', null)).connections as { type: string; symbols: number }[];
  const ticksFor = (symbol: string): Quote[] =>
    events
      .filter((e) => e.name === 'marketdata.ticks')
      .flatMap((e) => (e.payload as { quotes: Quote[] }).quotes)
      .filter((q) => q.symbol === symbol);
  // The renderer learns of order changes only as deltas (each changed order once).
  const bookEvents = (): { orders: Order[]; at: number }[] =>
    events
      .filter((e) => e.name === 'portfolio.ordersDelta')
      .map((e) => ({ orders: (e.payload as { upserts: Order[] }).upserts, at: e.at }));
  const orderReads = () => core.scheduler.getState();

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
      marketDataTuning: {
        pingEveryMs: 300,
        minBackoffMs: 50,
        maxBackoffMs: 300,
        fallbackMinMs: 200,
      },
    });
    core.attachEmitter((name, payload) => events.push({ name, payload, at: Date.now() }));
    await control('market', { exchange: 10, segment: 10, status: 'OPEN' });
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
  });

  after(async () => {
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('subscribing gives a first price soon, then socket ticks move it in the cache and to the renderer', async () => {
    // The call itself never waits on a REST snapshot (issue 18 #9); the first price follows.
    await core.marketData.subscribe('ticket', 'ticket', [SBIN]);
    await eventually('a first price', () => core.quotes.get(SBIN) !== undefined, 5_000);
    await eventually(
      'a socket tick in the cache',
      () => core.quotes.get(SBIN)?.source === 'socket',
      5_000,
    );
    const moved = core.quotes.get(SBIN)!;
    assert.ok(moved.ltp > 0 && moved.bid !== null && moved.ask !== null);
    const target = Math.round(moved.ltp * 1.03 * 20) / 20;
    await control('price', { symbol: SBIN, ltp: target });
    // The market keeps walking after the jump, so "near the target" (the old price is 3% away).
    await eventually(
      'the moved price reaches the renderer event',
      () => ticksFor(SBIN).some((q) => Math.abs(q.ltp - target) < target * 0.01),
      5_000,
    );
    assert.equal(core.quotes.lastPrice(SBIN)?.stale, false);
  });

  it('a second holder shares the subscription; it is released only when both let go', async () => {
    await core.marketData.subscribe('watch', 'watch', [SBIN, TCS]);
    let conns = await connections();
    assert.ok(
      conns.some((c) => c.type === 'symbolUpdate' && c.symbols === 2),
      JSON.stringify(conns),
    );
    core.marketData.unsubscribe('ticket', 'ticket');
    core.marketData.unsubscribe('watch', 'watch', [TCS]);
    for (let i = 0; i < 50; i++) {
      conns = await connections();
      if (conns.some((c) => c.type === 'symbolUpdate' && c.symbols === 1)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(
      conns.some((c) => c.type === 'symbolUpdate' && c.symbols === 1),
      JSON.stringify(conns),
    );
    assert.equal(core.marketData.status().subscribed, 1);
  });

  it('after a dropped socket it reconnects and subscribes again; prices keep coming', async () => {
    const before = core.marketData.status().reconnects;
    await control('socket', { action: 'drop', type: 'symbolUpdate' });
    await eventually(
      'reconnected',
      () =>
        core.marketData.status().reconnects > before && core.marketData.status().socket === 'open',
      5_000,
    );
    const since = Date.now();
    await eventually(
      'a fresh socket tick after the reconnect',
      () =>
        events.some(
          (e) =>
            e.at > since &&
            e.name === 'marketdata.ticks' &&
            (e.payload as { quotes: Quote[] }).quotes.some(
              (q) => q.symbol === SBIN && q.source === 'socket',
            ),
        ),
      5_000,
    );
  });

  it('a stalled socket (no pong) is reconnected and prices resume', async () => {
    const before = core.marketData.status().reconnects;
    await control('socket', { action: 'stall', type: 'symbolUpdate' });
    await eventually(
      'a missed pong reconnects',
      () => core.marketData.status().reconnects > before,
      5_000,
    );
    const since = Date.now();
    await eventually(
      'socket ticks again after the reconnect',
      () =>
        events.some(
          (e) =>
            e.at > since &&
            e.name === 'marketdata.ticks' &&
            (e.payload as { quotes: Quote[] }).quotes.some(
              (q) => q.symbol === SBIN && q.source === 'socket',
            ),
        ),
      5_000,
    );
    await control('socket', { action: 'resume', type: 'symbolUpdate' });
  });

  it('while the socket cannot be reached, REST quotes price the subscribed symbols; it switches back after', async () => {
    const demo = core.settings.get().accounts.find((a) => a.id === 'demo')!;
    const socketUrl = demo.socketUrl!;
    await core.settings.upsertAccount({
      ...demo,
      socketUrl: 'ws://127.0.0.1:9/socket/v2/dataSock',
    });
    await eventually(
      'socket down, fallback on',
      () => {
        const st = core.marketData.status();
        return st.socket !== 'open' && st.restFallback;
      },
      5_000,
    );
    const since = Date.now();
    await eventually(
      'REST-priced ticks reach the renderer',
      () =>
        events.some(
          (e) =>
            e.at > since &&
            e.name === 'marketdata.ticks' &&
            (e.payload as { quotes: Quote[] }).quotes.some(
              (q) => q.symbol === SBIN && q.source === 'quote',
            ),
        ),
      5_000,
    );
    assert.equal(core.quotes.lastPrice(SBIN)?.stale, false);
    await core.settings.upsertAccount({ ...demo, socketUrl });
    await eventually(
      'back on the socket, fallback stopped',
      () => {
        const st = core.marketData.status();
        return st.socket === 'open' && !st.restFallback;
      },
      5_000,
    );
  });

  it('a malformed or truncated packet is counted and dropped; the socket and good prices carry on', async () => {
    const before = core.marketData.status().malformedPackets;
    await control('socket', { action: 'malformed' });
    await control('socket', { action: 'truncated' });
    await eventually(
      'both counted',
      () => core.marketData.status().malformedPackets >= before + 2,
      5_000,
    );
    assert.equal(core.marketData.status().socket, 'open');
    const since = Date.now();
    await eventually(
      'good ticks still land',
      () =>
        events.some(
          (e) =>
            e.at > since &&
            e.name === 'marketdata.ticks' &&
            (e.payload as { quotes: Quote[] }).quotes.some(
              (q) => q.symbol === SBIN && q.source === 'socket',
            ),
        ),
      5_000,
    );
    // Nothing absurd reached the cache.
    const q = core.quotes.get(SBIN)!;
    assert.ok(q.ltp > 0 && Number.isFinite(q.ltp));
  });

  it('order updates on the socket drive the order book for every state change, without polling', async () => {
    await eventually('order updates live', () => core.marketData.orderUpdatesLive(), 5_000);
    // Let the catch-up read of a reopened order socket (previous test) finish first.
    await new Promise((r) => setTimeout(r, 1_000));
    const ltp = core.quotes.get(SBIN)!.ltp;
    const rules = core.symbols.lookup.rulesFor(SBIN)!;
    const far = Math.round((ltp * 0.95) / rules.tickSize) * rules.tickSize;
    const readsBefore = orderReads().day.used;
    const placedAt = Date.now();
    const intent = await core.orders.place(
      {
        symbol: SBIN,
        qty: 1,
        type: 1,
        side: 1,
        productType: 'INTRADAY',
        limitPrice: Number(far.toFixed(2)),
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
    await eventually(
      'pending in the pushed book',
      () =>
        bookEvents().some(
          (b) => b.at >= placedAt && b.orders.some((o) => o.id === id && o.status === 6),
        ),
      3_000,
    );
    // Cancel: the cancelled state arrives the same way.
    await core.orders.cancel(id);
    await eventually(
      'cancelled in the pushed book',
      () => bookEvents().some((b) => b.orders.some((o) => o.id === id && o.status === 1)),
      3_000,
    );
    // Only the two order actions spent budget: no order-book polling while the socket is live.
    await new Promise((r) => setTimeout(r, 2_500));
    const spent = orderReads().day.used - readsBefore;
    assert.ok(spent <= 2, `requests while pushed: ${spent} (place and cancel are 2)`);
  });

  it('a fill arrives pushed: traded in the book, then positions read once, with no polling', async () => {
    const placedAt = Date.now();
    const intent = await core.orders.place(
      {
        symbol: SBIN,
        qty: 2,
        type: 2,
        side: 1,
        productType: 'INTRADAY',
        limitPrice: 0,
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
    await eventually(
      'traded in the pushed book',
      () =>
        bookEvents().some(
          (b) =>
            b.at >= placedAt &&
            b.orders.some((o) => o.id === id && o.status === 2 && o.filledQty === 2),
        ),
      3_000,
    );
    await eventually(
      'positions pushed after the fill',
      () =>
        events.some(
          (e) =>
            e.at >= placedAt &&
            e.name === 'portfolio.changed' &&
            (
              e.payload as { positions?: { positions: { symbol: string; netQty: number }[] } }
            ).positions?.positions.some((p) => p.symbol === SBIN && p.netQty >= 2),
        ),
      3_000,
    );
    // The open position is now held live by the core for its P&L.
    assert.ok(core.marketData.status().subscribed >= 1);
  });

  it('a partial fill and a rejection arrive pushed as their own states', async () => {
    const draft = {
      symbol: SBIN,
      type: 2 as const,
      side: 1 as const,
      productType: 'INTRADAY' as const,
      limitPrice: 0,
      stopPrice: 0,
      disclosedQty: 0,
      validity: 'DAY' as const,
      offlineOrder: false,
      stopLoss: 0,
      takeProfit: 0,
    };
    // A market order takes what the five ask levels hold at a step, and a cash level holds at
    // most 40 units of 10 shares (sandbox/market/market-view.ts depthAt): 5 x 400 = 2,000. So
    // 2,050 can never fill in one step, whatever the seed drew (1,200 did a quarter of the time).
    const BIG = 2_050;
    const placedAt = Date.now();
    const big = await core.orders.place({ ...draft, qty: BIG }, { confirmGuards: true });
    assert.equal(big.status, 'done', JSON.stringify(big));
    const pushed = (pred: (o: Order) => boolean) =>
      bookEvents().some((b) => b.at >= placedAt && b.orders.some(pred));
    await eventually(
      'partly filled, still pending',
      () =>
        pushed(
          (o) => o.id === big.orderId && o.status === 6 && o.filledQty > 0 && o.remainingQty > 0,
        ),
      3_000,
    );
    await eventually(
      'then traded in full',
      () => pushed((o) => o.id === big.orderId && o.status === 2 && o.filledQty === BIG),
      10_000,
    );
    // Far beyond the account's funds: the broker adds it to the book as Rejected.
    const rejectedAt = Date.now();
    await core.orders.place({ ...draft, productType: 'CNC', qty: 95_000 }, { confirmGuards: true });
    await eventually(
      'rejected in the pushed book',
      () =>
        bookEvents().some(
          (b) =>
            b.at >= rejectedAt &&
            b.orders.some((o) => o.symbol === SBIN && o.qty === 95_000 && o.status === 5),
        ),
      3_000,
    );
  });
});
