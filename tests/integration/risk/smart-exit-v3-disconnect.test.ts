/**
 * Issue 22 #2 "works through disconnects" on API v3 (composed app, Demo on v3, the sandbox
 * over HTTP): with Tickdesk's sockets cut (no live prices), an adverse move is still exited
 * by the broker's smart exit, on the broker's own prices; Tickdesk sends no exit or cancel of
 * its own. Once the broker has exited, the day's P&L is all realised (no price to be stale),
 * so Tickdesk stops its own new orders at once, sockets down or not; the stop stays when the
 * sockets come back.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { OrderStatus } from '../../../shared/broker/enums';
import type { RiskLimits } from '../../../shared/risk/risk-limits';
import type { SandboxHandle } from '../../../sandbox/index';
import { inProcessDemo } from '../../support/in-process-demo';
import { startComposedApp, type ComposedApp } from '../app/composed-app';
import { startDemoSandbox } from '../safety/composed-app';
import { netQty, openLong, pendingBuy, until } from './risk-helpers';

const SBIN = 'NSE:SBIN-EQ';
const LIMITS: RiskLimits = {
  capital: null,
  loss: { amount: 300, unit: 'rupees' },
  profit: { amount: null, unit: 'rupees' },
  action: 'exit',
};
/** Fast reconnects, so the test waits seconds, not minutes. */
const TUNING = { pingEveryMs: 300, minBackoffMs: 50, maxBackoffMs: 300, fallbackMinMs: 200 };

describe('the daily limit on v3 while Tickdesk’s sockets are down (composed app)', () => {
  let app: ComposedApp;
  let sandbox: SandboxHandle;
  const requests: string[] = [];
  before(async () => {
    sandbox = await startDemoSandbox(undefined, (line) => requests.push(line));
    app = await startComposedApp({
      login: false,
      deps: { demoProcess: inProcessDemo(sandbox), marketDataTuning: TUNING },
    });
    await app.call('settings.updatePreferences', { patch: { demoBroker: 'fyers-v3' } });
    const s = await app.call('session.login', {});
    assert.equal(s.status, 'active', JSON.stringify(s.lastError));
    await app.core.symbols.ready();
    await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    await app.control('price', { symbol: SBIN, ltp: 945 });
    await app.call('settings.updatePreferences', { patch: { riskLimits: { demo: LIMITS } } });
  });
  after(async () => {
    await app?.close();
    await sandbox?.close();
  });

  it('the broker exits on its own prices; Tickdesk exits nothing and stops new orders once the loss is realised', async () => {
    await until(
      app,
      async () => (await app.call('risk.state')).heldBy === 'broker',
      'the broker to hold the limits',
    );
    await openLong(app, SBIN, 10, 'INTRADAY');
    const pending = await pendingBuy(app, 880);
    await until(app, async () => (await app.call('risk.state')).fresh, 'live prices');

    const demo = app.core.settings.get().accounts.find((a) => a.id === 'demo')!;
    const socketUrl = demo.socketUrl!;
    await app.core.settings.upsertAccount({ ...demo, socketUrl: 'ws://127.0.0.1:9' });
    await until(app, () => app.core.marketData.status().socket !== 'open', 'the sockets down');
    const from = requests.length;
    await app.control('price', { symbol: SBIN, ltp: 900 });
    await until(app, async () => (await netQty(app, SBIN, 'INTRADAY')) === 0, 'the broker exit');
    const row = (await app.core.broker.getOrders({ fresh: true })).find((o) => o.id === pending);
    assert.equal(row?.status, OrderStatus.Canceled, 'the broker cancelled the pending buy');
    assert.notEqual(app.core.marketData.status().socket, 'open', 'still no live prices');

    // Nothing open, so nothing priced: the realised loss is the broker's own figure.
    await until(
      app,
      async () => (await app.call('risk.state')).block?.reason === 'loss-limit',
      'the realised loss to stop new orders while the sockets are down',
    );
    const count = await app.sandboxOrderCount();
    const r = await app.dispatch('orders.place', {
      draft: { symbol: SBIN, qty: 1, type: 2, side: 1, productType: 'INTRADAY' },
      confirmGuards: true,
    });
    assert.equal(!r.ok && r.error.kind, 'trading-stopped');
    assert.equal(await app.sandboxOrderCount(), count, 'nothing placed after the stop');
    const sent = requests
      .slice(from)
      .filter((l) => /^(DELETE|POST|PUT) \/api\/v3\/(positions|orders)/.test(l));
    assert.deepEqual(sent, [], 'Tickdesk sent no exit or cancel of its own');

    await app.core.settings.upsertAccount({ ...demo, socketUrl });
    await until(app, () => app.core.marketData.status().socket === 'open', 'the sockets back');
    assert.equal((await app.call('risk.state')).block?.reason, 'loss-limit', 'the stop stays');
  });
});
