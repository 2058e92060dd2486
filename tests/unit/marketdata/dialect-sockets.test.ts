/**
 * The market-data service takes its sockets from the endpoint's dialect: it makes one price
 * feed and one order socket from the first session's `DialectSockets`, and when the account's
 * dialect changes it stops them and makes the other dialect's, handing them every symbol
 * still wanted and every book still watched; the REST fallback and the status read whichever
 * feeds run. Recording fakes stand in for the sockets (the real ones: demo-v3.test.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { silentLogger } from '../../../electron/core/diagnostics/logger';
import { systemClock } from '../../../electron/core/limiter/clock';
import type { DataClient } from '../../../electron/core/marketdata/data-client';
import {
  createMarketDataService,
  type SocketEndpoint,
} from '../../../electron/core/marketdata/market-data-service';
import { createQuoteCache } from '../../../electron/core/marketdata/quote-cache';
import type { SocketState } from '../../../electron/core/marketdata/socket-connection';
import type {
  DialectSockets,
  OrderSocketDeps,
  PriceFeedDeps,
} from '../../../electron/core/marketdata/socket-feeds';
import { EMPTY_QUOTE_FIELDS } from '../../../shared/marketdata/quote';

interface Recorder {
  sockets: DialectSockets;
  log: string[];
  price?: PriceFeedDeps;
  orders?: OrderSocketDeps;
}

/** A dialect whose feeds record every call and whose state the test sets. */
function recordingDialect(id: string): Recorder {
  const r: Recorder = { log: [], sockets: undefined as unknown as DialectSockets };
  const handle = (name: string) => {
    let state: SocketState = 'idle';
    return {
      start: () => {
        state = 'open';
        r.log.push(`${name}.start`);
      },
      stop: () => {
        state = 'idle';
        r.log.push(`${name}.stop`);
      },
      restart: () => void r.log.push(`${name}.restart`),
      state: () => state,
      healthy: () => state === 'open',
      reconnects: () => 0,
    };
  };
  r.sockets = {
    id,
    liveUrl: null,
    createPriceFeed(deps) {
      r.price = deps;
      return {
        ...handle('prices'),
        add: (s) => void r.log.push(`add ${s.join(',')}`),
        remove: (s) => void r.log.push(`remove ${s.join(',')}`),
        levels: (s, on) => void r.log.push(`levels ${s.join(',')} ${on}`),
        learnToken: (s, t) => void r.log.push(`token ${s} ${t}`),
      };
    },
    createOrderSocket(deps) {
      r.orders = deps;
      return handle('orders');
    },
  };
  return r;
}

const data: DataClient = {
  quotes: async (symbols) => ({
    quotes: symbols.map((symbol) => ({
      ...EMPTY_QUOTE_FIELDS,
      symbol,
      ltp: 100,
      at: Date.now(),
      source: 'quote' as const,
    })),
    tokens: new Map(symbols.map((s) => [s, 10100000003045])),
    errors: [],
    unrequested: 0,
  }),
  depth: async () => null,
  history: async () => ({ candles: [], dropped: 0 }),
  brokerChain: () => Promise.reject(new Error("no option chain in this fake")),
};

test('a change of dialect replaces the feeds and hands the new ones every wanted symbol and book', async () => {
  const v2 = recordingDialect('fyers-v2');
  const v3 = recordingDialect('fyers-v3');
  let ep: SocketEndpoint = { sockets: v2.sockets, url: 'ws://x', appId: 'A', accessToken: 't' };
  const svc = createMarketDataService({
    quotes: createQuoteCache({ clock: systemClock }),
    data,
    tokenOf: () => null,
    endpoint: () => ep,
    clock: systemClock,
    logger: silentLogger,
  });
  try {
    svc.sessionChanged();
    assert.deepEqual(v2.log, ['prices.start', 'orders.start']);
    await svc.subscribe('watch', 'watch', ['NSE:SBIN-EQ', 'NSE:TCS-EQ']);
    await svc.watchDepth('ticket', 'NSE:SBIN-EQ');
    assert.ok(v2.log.includes('add NSE:SBIN-EQ,NSE:TCS-EQ'));
    assert.ok(v2.log.includes('levels NSE:SBIN-EQ true'));
    assert.equal(svc.status().socket, 'open');

    // The same dialect with a new token: its sockets reconnect, nothing is rebuilt.
    ep = { ...ep, accessToken: 't2' };
    svc.sessionChanged();
    assert.ok(v2.log.includes('prices.restart') && v2.log.includes('orders.restart'));
    assert.equal(v3.log.length, 0);

    // The account is now on v3: v2's feeds stop, v3's start with everything still held.
    v2.log.length = 0;
    ep = { ...ep, sockets: v3.sockets };
    svc.sessionChanged();
    assert.deepEqual(v2.log, ['prices.stop', 'orders.stop']);
    assert.deepEqual(v3.log, [
      'add NSE:SBIN-EQ,NSE:TCS-EQ',
      'levels NSE:SBIN-EQ true',
      'prices.start',
      'orders.start',
    ]);
    // What v3's feeds report lands where v2's did.
    assert.ok(v3.price && v3.orders);
    v3.price.onQuotes([
      { ...EMPTY_QUOTE_FIELDS, symbol: 'NSE:TCS-EQ', ltp: 4100, at: Date.now(), source: 'socket' },
    ]);
    assert.equal(svc.snapshot(['NSE:TCS-EQ'])[0]?.ltp, 4100);
    assert.equal(svc.orderUpdatesLive(), true);
    // Releasing the watch reaches the feed that runs now.
    svc.releaseOwner('watch');
    assert.ok(v3.log.some((l) => l.startsWith('remove ') && l.includes('NSE:TCS-EQ')));
  } finally {
    svc.close();
  }
  assert.ok(v3.log.includes('prices.stop') && v3.log.includes('orders.stop'));
});
