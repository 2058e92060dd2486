/**
 * Issue 8, finding 8: one row the app cannot read (an order status 3, an unknown product, a
 * price `1e999`) must not blank the order book, positions, holdings or trades. Through the
 * composed app and the sandbox over HTTP: the good rows still arrive on the channel, the
 * bad one is reported (event + one log line), and no non-finite number crosses to the renderer.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startComposedApp, type ComposedApp } from './composed-app';

/** True when every number anywhere in `v` is finite (what JSON to the renderer must hold). */
function allFinite(v: unknown): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  if (Array.isArray(v)) return v.every(allFinite);
  if (v && typeof v === 'object') return Object.values(v).every(allFinite);
  return true;
}

describe('one bad row never blanks a view (composed app, sandbox over HTTP)', () => {
  let app: ComposedApp;
  before(async () => {
    app = await startComposedApp();
    await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    // Two orders in the book so one good row remains beside the bad one.
    for (const limitPrice of [1, 2]) {
      const intent = await app.call('orders.place', {
        draft: {
          symbol: 'NSE:SBIN-EQ',
          qty: 1,
          type: 1,
          side: 1,
          productType: 'INTRADAY',
          limitPrice,
        },
        confirmGuards: true,
      });
      assert.equal(intent.status, 'done', intent.note);
    }
  });
  after(() => app?.close());

  const skipped = () =>
    app.events.filter((e) => e.name === 'portfolio.rowSkipped').map((e) => e.payload);

  it('keeps the good orders when one has status 3, and says which was set aside', async () => {
    const before = await app.call('portfolio.orders');
    assert.ok(before.length >= 2);
    await app.control('row-patch', {
      route: 'GET /api/v2/orders',
      list: 'orderBook',
      index: 0,
      patch: { status: 3, orderNumStatus: 'x:3' },
    });
    const book = await app.call('portfolio.orders');
    assert.equal(book.length, before.length - 1, 'only the bad row is left out');
    assert.ok(
      skipped().some((r) => (r as { view: string }).view === 'orders'),
      'the renderer is told a row was set aside',
    );
    assert.ok(app.logLines.some((l) => /row set aside/.test(l) && /order status/.test(l)));
  });

  it('keeps the other positions when one has an unknown product', async () => {
    const first = await app.call('portfolio.positions');
    if (first.positions.length < 2) {
      // The demo account may start flat: fill two market orders to make two positions.
      for (const symbol of ['NSE:SBIN-EQ', 'NSE:RELIANCE-EQ']) {
        await app.call('orders.place', {
          draft: { symbol, qty: 1, type: 2, side: 1, productType: 'INTRADAY' },
          confirmGuards: true,
        });
      }
      await app.control('tick', { n: 5 });
    }
    const good = await app.call('portfolio.positions');
    assert.ok(good.positions.length >= 2, 'two positions to test with');
    await app.control('row-patch', {
      route: 'GET /api/v2/positions',
      list: 'netPositions',
      index: 0,
      patch: { productType: 'MTF' },
    });
    const p = await app.call('portfolio.positions');
    assert.equal(p.positions.length, good.positions.length - 1);
    assert.ok(skipped().some((r) => /productType/.test((r as { reason: string }).reason)));
  });

  it('never sends Infinity: 1e999 in a holding becomes "unknown", not a blank view', async () => {
    const good = await app.call('portfolio.holdings');
    assert.ok(good.holdings.length > 0);
    await app.control('row-patch', {
      route: 'GET /api/v2/holdings',
      list: 'holdings',
      index: 0,
      patch: { ltp: '1e999', costPrice: '-1e999', quantity: '1e400' },
    });
    const r = await app.dispatch('portfolio.holdings', undefined);
    assert.ok(r.ok, `the holdings view still answers: ${JSON.stringify(!r.ok && r.error)}`);
    assert.equal(r.data && (r.data as typeof good).holdings.length, good.holdings.length);
    assert.ok(allFinite(r.data));
    for (const e of app.events) assert.ok(allFinite(e.payload), `event ${e.name} is finite`);
  });
});
