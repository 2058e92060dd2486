/**
 * Issue 20 (mismatches): the app and the sandbox disagreed on the exchange's limits. The
 * sandbox refused BANKNIFTY and SENSEX derivative orders above their freeze quantities, and
 * option/futures prices outside the exchange's price band, while the app knew only three
 * freeze quantities and no band, so such orders spent a request and came back rejected.
 * One dated table now serves both (shared/broker/exchange-limits.ts). Through the composed app
 * and the sandbox over HTTP: each is stopped before sending, with a reason in words, and
 * nothing reaches the sandbox.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { SymbolInfo } from '../../../shared/ipc/channels/symbols';
import { startComposedApp, type ComposedApp } from './composed-app';

describe('exchange limits: freeze quantity and price band before sending (composed app)', () => {
  let app: ComposedApp;
  before(async () => {
    app = await startComposedApp();
    for (const [exchange, segment] of [
      [10, 11],
      [12, 11],
    ])
      await app.control('market', { exchange, segment, status: 'OPEN' });
  });
  after(() => app?.close());

  async function future(query: string, exchange: number): Promise<SymbolInfo> {
    const hits = await app.call('symbols.search', { query, limit: 20 });
    const fut = hits.find((h) => h.exchange === exchange && /FUT$/.test(h.ticker));
    assert.ok(fut, `${query}: a future in ${JSON.stringify(hits.map((h) => h.ticker))}`);
    return fut;
  }

  for (const [query, exchange, freeze] of [
    ['banknifty fut', 10, 900],
    ['sensex fut', 12, 1000],
  ] as const) {
    it(`${query}: a quantity above ${freeze} is stopped before sending`, async () => {
      const fut = await future(query, exchange);
      assert.equal(fut.freezeQty, freeze, 'the ticket knows the freeze quantity');
      const qty = (Math.floor(freeze / fut.lotSize) + 1) * fut.lotSize;
      const sent = await app.sandboxOrderCount();
      const intent = await app.call('orders.place', {
        draft: { symbol: fut.ticker, qty, type: 2, side: 1, productType: 'INTRADAY' },
        confirmGuards: true,
      });
      assert.equal(intent.status, 'blocked', `${intent.summary}: ${intent.note}`);
      const v = intent.violations.find((x) => x.field === 'qty');
      assert.ok(v, JSON.stringify(intent.violations));
      const shown = `(${freeze}|${freeze.toLocaleString('en-IN')})`;
      assert.match(v.message, new RegExp(`freeze quantity (of )?${shown}`), v.message);
      assert.equal(await app.sandboxOrderCount(), sent, 'nothing reached the sandbox');
    });
  }

  it('a futures limit price outside the exchange band is stopped before sending', async () => {
    const fut = await future('nifty fut', 10);
    const ltp = 24_000;
    await app.control('price', { symbol: fut.ticker, ltp });
    // The ticket subscribes to its symbol, which brings the live price in.
    await app.call('marketdata.subscribe', {
      owner: 'ticket',
      reason: 'ticket',
      symbols: [fut.ticker],
    });
    let live = 0;
    for (let i = 0; i < 50 && !live; i++) {
      const [q] = await app.call('marketdata.snapshot', { symbols: [fut.ticker] });
      live = q?.ltp ?? 0;
      if (!live) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(Math.abs(live - ltp) < ltp * 0.01, `live price near ${ltp}: ${live}`);
    const far = Math.round((live * 1.05) / fut.tickSize) * fut.tickSize; // index futures: 2%
    const v = await app.call('orders.precheck', {
      symbol: fut.ticker,
      qty: fut.lotSize,
      type: 1,
      side: 1,
      productType: 'INTRADAY',
      limitPrice: far,
    });
    const band = v.find((x) => x.field === 'limitPrice');
    assert.ok(band, `band violation expected: ${JSON.stringify(v)}`);
    assert.match(band.message, /price band/);
    assert.doesNotMatch(band.message, /limitPrice/, 'the field is named in words');
  });
});
