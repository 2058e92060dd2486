/**
 * eDIS on the broker's API v3 (issue 19): the composed app (createAppCore in Demo mode with real
 * settings, the real symbol runtime, the sandbox over HTTP), Demo switched to v3 in Settings,
 * an HTTP-posting depository window. A CNC sell of demat holdings is stopped before it is
 * sent until the depository authorizes it; the TPIN request, the hand-off, the inquiry and the
 * history go through the v3 dialect's eDIS calls (inferred paths, docs/broker-v3.md), never
 * v2's; then the same sell goes out on /api/v3/orders/sync.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { OrderType, Side } from '../../../shared/broker/enums';
import type { Holding } from '../../../shared/broker/models';
import type { OrderDraft } from '../../../shared/broker/rules';
import { DEMO_USER } from '../../../sandbox/auth/user';
import type { SandboxHandle } from '../../../sandbox/index';
import { httpDepositoryWindow, type TraderInput } from '../../support/http-depository-window';
import { inProcessDemo } from '../../support/in-process-demo';
import { startComposedApp, type ComposedApp } from '../app/composed-app';
import { startDemoSandbox } from '../safety/composed-app';

describe('eDIS on API v3 (composed app, sandbox over HTTP)', () => {
  const trader: TraderInput[] = [];
  const window = httpDepositoryWindow(trader);
  const requests: string[] = [];
  /** The requests the sandbox answered since `from`, as "METHOD /path". */
  const seen = (from = 0) =>
    requests.slice(from).map((l) => l.split(' ').slice(0, 2).join(' ').split('?')[0]!);
  let app: ComposedApp;
  let sandbox: SandboxHandle;
  let h: Holding;
  let isin: string;

  const cncSell = (qty: number): OrderDraft => ({
    symbol: h.symbol,
    qty,
    type: OrderType.Market,
    side: Side.Sell,
    productType: 'CNC',
    limitPrice: 0,
    stopPrice: 0,
    disclosedQty: 0,
    validity: 'DAY',
    offlineOrder: false,
    stopLoss: 0,
    takeProfit: 0,
  });

  before(async () => {
    sandbox = await startDemoSandbox(undefined, (line) => requests.push(line));
    app = await startComposedApp({
      login: false,
      deps: { demoProcess: inProcessDemo(sandbox), depositoryWindow: window },
    });
    const view = await app.call('settings.updatePreferences', {
      patch: { demoBroker: 'fyers-v3' },
    });
    assert.equal(view.preferences.demoBroker, 'fyers-v3');
    const s = await app.call('session.login', {});
    assert.equal(s.status, 'active', JSON.stringify(s.lastError));
    assert.equal((await app.call('app.info')).account?.broker, 'fyers-v3');
    await app.core.symbols.ready();
    await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    const held = await app.call('portfolio.holdings');
    const found = held.holdings.find((x) => x.holdingType === 'HLD' && x.remainingQty >= 5);
    assert.ok(found, 'the demo account holds settled shares');
    h = found;
    const info = await app.call('symbols.get', { ticker: h.symbol });
    assert.ok(info?.isin, `ISIN of ${h.symbol}`);
    isin = info.isin;
  });
  after(async () => {
    await app?.close();
    await sandbox?.close();
  });

  it('an unauthorized CNC sell is stopped before it is sent', async () => {
    const from = requests.length;
    const intent = await app.core.orders.place(cncSell(2));
    assert.equal(intent.status, 'blocked', JSON.stringify(intent));
    assert.equal(intent.violations.find((v) => v.field === 'edis')?.authorizeQty, 2);
    assert.ok(!seen(from).some((c) => c.includes('/orders/sync')), 'nothing reached the broker');
  });

  it('TPIN, depository hand-off, inquiry and history go through the v3 eDIS calls', async () => {
    const from = requests.length;
    const tpin = await app.call('edis.requestTpin');
    assert.match(tpin.message, /TPIN/);
    trader.push({ tpin: DEMO_USER.tpin, otp: DEMO_USER.otp });
    const r = await app.call('edis.authorize', { items: [{ isin, qty: 2 }] });
    assert.equal(r.outcome, 'completed', r.message);
    assert.deepEqual(r.inquiry, { successCount: 1, failedCount: 0 });
    assert.deepEqual(window.pages, [
      'Sandbox depository: authorize sale',
      'Sandbox depository: authorized',
    ]);
    assert.equal(window.actions[0], new URL(sandbox.depositoryUrl).origin, 'the depository');
    const history = await app.call('edis.details');
    const row = history.find((d) => d.transactionId === r.transactionId);
    assert.ok(row, `${r.transactionId} is in the history`);
    assert.equal(row.isin, isin);
    assert.equal(row.status, 'SUCCESS');

    const calls = seen(from);
    for (const c of [
      'GET /api/v3/tpin',
      'POST /api/dev/index',
      'POST /api/v3/inquiry',
      'GET /api/v3/details',
    ])
      assert.ok(calls.includes(c), `${c} in:\n${calls.join('\n')}`);
    const v2 = calls.filter((c) => c.includes('/api/v2/'));
    assert.deepEqual(v2, [], 'no eDIS call on a v2 address');
  });

  it('once authorized, the same sell goes out on v3; the authorization is used up', async () => {
    const from = requests.length;
    const intent = await app.core.orders.place(cncSell(2));
    assert.match(intent.status, /^(done|confirmed-done)$/, JSON.stringify(intent));
    assert.ok(seen(from).includes('POST /api/v3/orders/sync'), seen(from).join('\n'));
    const again = await app.core.orders.place(cncSell(1));
    assert.equal(again.status, 'blocked', JSON.stringify(again));
    assert.equal(again.violations.find((v) => v.field === 'edis')?.authorizeQty, 1);
  });
});
