/**
 * Market depth through the app as it ships: `marketdata.depth` on the composed core (real
 * router, real data client, the Demo sandbox over HTTP) answers five levels a side, the
 * totals and the circuit limits exactly as the sandbox's own data API serves them. The
 * sandbox runs without its background ticker, so the market stands still between the app's
 * read and the test's own read of the broker.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { QuoteDepth } from '../../../shared/marketdata/depth';
import { DEMO_APP_ID, freeLoopbackPort } from '../../../sandbox/demo-app';
import { startSandbox, type SandboxHandle } from '../../../sandbox/index';
import { inProcessDemo } from '../../support/in-process-demo';
import { loginPkce } from '../broker/sandbox-session';
import { ChannelError, startComposedApp, type ComposedApp } from './composed-app';

const SBIN = 'NSE:SBIN-EQ';

/** The broker's levels in the app's spelling. */
const levels = (ls: unknown) =>
  (ls as { price: number; volume: number; ord: number }[]).map((l) => ({
    price: l.price,
    volume: l.volume,
    orders: l.ord,
  }));

describe('market depth through the composed app', () => {
  let sandbox: SandboxHandle;
  let app: ComposedApp;
  let auth: string;

  /** The sandbox's own depth answer for a symbol, read over HTTP like any broker client. */
  async function brokerDepth(symbol: string): Promise<Record<string, unknown>> {
    const url = new URL(`${sandbox.dataUrl}depth/`);
    url.search = new URLSearchParams({ symbol, ohlcv_flag: '1' }).toString();
    const res = await fetch(url, { headers: { authorization: auth } });
    const body = (await res.json()) as { s: string; d: Record<string, Record<string, unknown>> };
    assert.equal(body.s, 'ok');
    return body.d[symbol]!;
  }

  before(async () => {
    sandbox = await startSandbox({
      autoApprove: true,
      testControls: true,
      tickMs: 0,
      apps: [
        {
          app_id: DEMO_APP_ID,
          secret: randomBytes(8).toString('hex').toUpperCase(),
          redirect_uri: `http://127.0.0.1:${await freeLoopbackPort()}/callback`,
          template: 'orders',
        },
      ],
    });
    app = await startComposedApp({ deps: { demoProcess: inProcessDemo(sandbox) } });
    await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    await app.control('tick', { n: 3 });
    const creds = await loginPkce(sandbox);
    auth = `${creds.appId}:${creds.accessToken}`;
  });

  after(async () => {
    await app?.close();
    await sandbox?.close();
  });

  it('answers five levels each side, the totals and the circuits the sandbox serves', async () => {
    const answer = (await app.call('marketdata.depth', { symbol: SBIN })) as QuoteDepth | null;
    assert.ok(answer, 'SBIN has depth');
    const { depth, quote } = answer;
    const raw = await brokerDepth(SBIN);
    assert.equal(depth.bids.length, 5);
    assert.equal(depth.asks.length, 5);
    assert.deepEqual(depth.bids, levels(raw.bids));
    assert.deepEqual(depth.asks, levels(raw.ask));
    // A book: bids fall away from the best, asks rise, and the best bid is under the best ask.
    for (let i = 1; i < 5; i++) {
      assert.ok(depth.bids[i]!.price < depth.bids[i - 1]!.price);
      assert.ok(depth.asks[i]!.price > depth.asks[i - 1]!.price);
    }
    assert.ok(depth.bids[0]!.price < depth.asks[0]!.price);
    assert.equal(depth.totalBuyQty, raw.totalbuyqty);
    assert.equal(depth.totalSellQty, raw.totalsellqty);
    assert.equal(depth.lowerCircuit, raw.lower_ckt);
    assert.equal(depth.upperCircuit, raw.upper_ckt);
    assert.ok(depth.lowerCircuit! < quote.ltp && quote.ltp < depth.upperCircuit!);
    assert.equal(quote.ltp, raw.ltp);
    assert.equal(quote.bid, depth.bids[0]!.price);
    // The read also priced the symbol in the core's one quote cache, circuits included.
    assert.equal(app.core.quotes.get(SBIN)?.upperCircuit, raw.upper_ckt);
  });

  it('follows the market: after the sandbox moves, the next read shows the new book', async () => {
    const before = (await app.call('marketdata.depth', { symbol: SBIN })) as QuoteDepth;
    const target = Math.round(before.quote.ltp * 1.02 * 20) / 20;
    await app.control('price', { symbol: SBIN, ltp: target });
    const after = (await app.call('marketdata.depth', { symbol: SBIN })) as QuoteDepth;
    assert.equal(after.quote.ltp, target);
    const raw = await brokerDepth(SBIN);
    assert.deepEqual(after.depth.bids, levels(raw.bids));
    assert.deepEqual(after.depth.asks, levels(raw.ask));
    assert.ok(after.depth.bids[0]!.price < target && after.depth.asks[0]!.price > target);
  });

  it('refuses a malformed ticker with a clear error before any request', async () => {
    await assert.rejects(
      app.call('marketdata.depth', { symbol: 'sbin' }),
      (err: unknown) =>
        err instanceof ChannelError &&
        err.error.kind === 'invalid-input' &&
        /a ticker such as NSE:SBIN-EQ/.test(err.error.message),
    );
  });
});
