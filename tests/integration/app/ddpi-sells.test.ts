/**
 * CNC sells on an account with DDPI (review item 3): on the composed app (createAppCore in
 * Demo on API v3, real settings and symbols, the sandbox over HTTP). DDPI is a standing demat
 * instruction: the broker (and the sandbox, `POST /__sandbox/demat {"ddpi": true}`) takes a
 * CNC sell of held shares without that day's eDIS authorization. The app must then send it
 * without asking for eDIS, and still stop a sell of more shares than are held (a single order
 * and a GTT); without DDPI the eDIS authorization is still required first.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { OrderStatus, OrderType, Side } from '../../../shared/broker/enums';
import type { GttDraft } from '../../../shared/broker/gtt';
import type { Holding } from '../../../shared/broker/models';
import type { SandboxHandle } from '../../../sandbox/index';
import { inProcessDemo } from '../../support/in-process-demo';
import { startComposedApp, type ComposedApp } from './composed-app';
import { startDemoSandbox } from '../safety/composed-app';

describe('CNC sells with DDPI (composed app, API v3, sandbox over HTTP)', () => {
  let app: ComposedApp;
  let sandbox: SandboxHandle;
  let h: Holding;

  const cncSell = (qty: number) => ({
    symbol: h.symbol,
    qty,
    type: OrderType.Market,
    side: Side.Sell,
    productType: 'CNC' as const,
  });

  /** The app's sells of the holding in the broker's own book. */
  const sellsInBook = async () =>
    (await app.call('portfolio.orders')).filter(
      (o) => o.symbol === h.symbol && o.side === Side.Sell,
    );

  before(async () => {
    sandbox = await startDemoSandbox(undefined, undefined, { tickMs: 0 });
    app = await startComposedApp({
      login: false,
      deps: { demoProcess: inProcessDemo(sandbox) },
    });
    await app.call('settings.updatePreferences', { patch: { demoBroker: 'fyers-v3' } });
    const s = await app.call('session.login', {});
    assert.equal(s.status, 'active', JSON.stringify(s.lastError));
    await app.core.symbols.ready();
    await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    const held = await app.call('portfolio.holdings');
    const found = held.holdings.find(
      (x) => x.holdingType === 'HLD' && x.remainingQty >= 6 && x.symbol.startsWith('NSE:'),
    );
    assert.ok(found, 'the demo account holds settled NSE shares');
    h = found;
    await app.control('price', { symbol: h.symbol, ltp: 1000 });
  });
  after(async () => {
    await app?.close();
    await sandbox?.close();
  });

  it('without DDPI, a CNC sell of the holding is still stopped for eDIS before it is sent', async () => {
    assert.equal((await app.call('portfolio.profile')).ddpi, false);
    const r = await app.call('orders.place', { draft: cncSell(2), confirmGuards: true });
    assert.equal(r.status, 'blocked', JSON.stringify(r));
    assert.equal(r.violations.find((v) => v.field === 'edis')?.authorizeQty, 2);
    assert.equal((await sellsInBook()).length, 0, 'nothing reached the broker');
  });

  it('with DDPI, the same sell goes to the broker with no eDIS step and fills', async () => {
    await app.control('demat', { ddpi: true });
    assert.equal((await app.call('portfolio.profile')).ddpi, true);
    const typed = await app.call('orders.precheck', cncSell(2));
    assert.equal(
      typed.find((v) => v.field === 'edis'),
      undefined,
      JSON.stringify(typed),
    );
    const r = await app.call('orders.place', { draft: cncSell(2), confirmGuards: true });
    assert.equal(r.status, 'done', JSON.stringify(r));
    assert.ok(r.orderId);
    // Filled at the broker (generous: a loaded CI machine; the market moves only when told).
    const deadline = Date.now() + 60_000;
    for (;;) {
      const o = (await app.call('portfolio.orders')).find((x) => x.id === r.orderId);
      if (o?.status === OrderStatus.Traded) break;
      assert.ok(Date.now() < deadline, `order ${r.orderId} never filled: ${JSON.stringify(o)}`);
      await app.control('tick', { n: 1 });
      await new Promise((res) => setTimeout(res, 200));
    }
    const auths = await app.call('edis.details');
    assert.equal(auths.length, 0, 'no eDIS authorization was made for it');
  });

  it('with DDPI, a sell of more than is held is still stopped (a single order)', async () => {
    const r = await app.call('orders.place', {
      draft: cncSell(h.remainingQty + 1),
      confirmGuards: true,
    });
    assert.equal(r.status, 'blocked', JSON.stringify(r));
    assert.match(r.violations.find((v) => v.field === 'qty')?.message ?? '', /at most/);
    assert.equal(
      r.violations.find((v) => v.field === 'edis'),
      undefined,
    );
  });

  it('with DDPI, a GTT selling more than is held still warns of the holding, and asks nothing of eDIS', async () => {
    const qty = h.remainingQty + 1;
    const draft: GttDraft = {
      kind: 'oco',
      symbol: h.symbol,
      side: Side.Sell,
      productType: 'CNC',
      target: { triggerPrice: 1030, limitPrice: 1030, qty },
      stop: { triggerPrice: 970, limitPrice: 970, qty },
    };
    const first = await app.call('gtt.create', { draft, confirmed: false });
    assert.equal(first.status, 'confirm', JSON.stringify(first));
    assert.match(first.checks.find((c) => c.field === 'qty')?.message ?? '', /at most/);
    assert.equal(
      first.checks.find((c) => c.field === 'edis'),
      undefined,
      JSON.stringify(first),
    );
  });
});
