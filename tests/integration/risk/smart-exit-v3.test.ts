/**
 * Issue 22 #2 on API v3 through the composed app (createAppCore in Demo mode on v3, the real
 * router, the sandbox over HTTP): the daily limits set in Settings become the broker's smart
 * exit trigger (created, then updated when the limits change), the risk state says the
 * broker holds them, and an adverse move is exited BY THE BROKER (pending order cancelled,
 * position exited) with Tickdesk warning, not exiting a second time. On API v2 the limits
 * stay with Tickdesk's own MTM monitor and nothing is sent to a smart exit address.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { OrderStatus } from '../../../shared/broker/enums';
import type { RiskLimits } from '../../../shared/risk/risk-limits';
import { SMART_EXIT_NAME, SmartExitType } from '../../../shared/risk/smart-exit';
import type { SandboxHandle } from '../../../sandbox/index';
import { inProcessDemo } from '../../support/in-process-demo';
import { startComposedApp, type ComposedApp } from '../app/composed-app';
import { startDemoSandbox } from '../safety/composed-app';
import { netQty, openLong, pendingBuy, until } from './risk-helpers';

const SBIN = 'NSE:SBIN-EQ';
const limits = (loss: number): RiskLimits => ({
  capital: null,
  loss: { amount: loss, unit: 'rupees' },
  profit: { amount: null, unit: 'rupees' },
  action: 'exit',
});

async function start(dialect: 'fyers-v2' | 'fyers-v3', requests: string[]) {
  const sandbox = await startDemoSandbox(undefined, (line) => requests.push(line));
  const app = await startComposedApp({
    login: false,
    deps: { demoProcess: inProcessDemo(sandbox) },
  });
  await app.call('settings.updatePreferences', { patch: { demoBroker: dialect } });
  const s = await app.call('session.login', {});
  assert.equal(s.status, 'active', JSON.stringify(s.lastError));
  await app.core.symbols.ready();
  await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
  await app.control('price', { symbol: SBIN, ltp: 945 });
  return { app, sandbox };
}

const mine = async (app: ComposedApp) =>
  (await app.core.broker.listSmartExits()).find((t) => t.name === SMART_EXIT_NAME);

describe('daily limits held by the broker’s smart exit (composed app, Demo on v3)', () => {
  let app: ComposedApp;
  let sandbox: SandboxHandle;
  const requests: string[] = [];
  before(async () => {
    ({ app, sandbox } = await start('fyers-v3', requests));
  });
  after(async () => {
    await app?.close();
    await sandbox?.close();
  });

  it('the limits set in Settings become the broker trigger, and a change updates it', async () => {
    await app.call('settings.updatePreferences', { patch: { riskLimits: { demo: limits(500) } } });
    await until(app, async () => (await mine(app))?.lossRate === -500, 'the trigger created');
    const t = (await mine(app))!;
    assert.equal(t.type, SmartExitType.Exit);
    assert.equal(t.active, true);
    await until(
      app,
      async () => (await app.call('risk.state')).heldBy === 'broker',
      'the risk state to say the broker holds the limits',
    );
    await app.call('settings.updatePreferences', { patch: { riskLimits: { demo: limits(300) } } });
    await until(app, async () => (await mine(app))?.lossRate === -300, 'the trigger updated');
    assert.equal((await app.core.broker.listSmartExits()).length, 1, 'one trigger, updated');
    assert.ok(
      requests.some((l) => l.startsWith('PUT /api/v3/flows/tc/se')),
      requests.join('\n'),
    );
  });

  it('an adverse move is exited by the broker; Tickdesk warns, stops new orders for the day, and does not exit again', async () => {
    await openLong(app, SBIN, 10, 'INTRADAY');
    const pending = await pendingBuy(app, 880);
    const before = requests.length;
    await app.control('price', { symbol: SBIN, ltp: 900 });
    await until(app, async () => (await netQty(app, SBIN, 'INTRADAY')) === 0, 'the broker exit');
    const row = (await app.core.broker.getOrders({ fresh: true })).find((o) => o.id === pending);
    assert.equal(row?.status, OrderStatus.Canceled, 'the broker cancelled the pending buy');
    const t = (await mine(app))!;
    assert.equal(t.exited, true);
    const s = await app.call('risk.state');
    assert.equal(s.heldBy, 'broker');
    // The limit stops Tickdesk's trading for the day, as it does where Tickdesk exits (v2).
    await until(
      app,
      async () => (await app.call('risk.state')).block?.reason === 'loss-limit',
      'the loss limit to stop trading',
    );
    const sent = requests
      .slice(before)
      .filter((l) => /^(DELETE|POST) \/api\/v3\/(positions|orders)/.test(l));
    assert.deepEqual(sent, [], 'Tickdesk sent no exit or cancel of its own');
    const count = await app.sandboxOrderCount();
    const r = await app.dispatch('orders.place', {
      draft: { symbol: SBIN, qty: 1, type: 2, side: 1, productType: 'INTRADAY' },
      confirmGuards: true,
    });
    assert.equal(!r.ok && r.error.kind, 'trading-stopped');
    assert.match(!r.ok ? r.error.message : '', /the daily loss limit was reached/);
    assert.equal(await app.sandboxOrderCount(), count, 'nothing placed after the stop');
  });
});

describe('the broker’s smart exit after a failed sync (composed app, Demo on v3)', () => {
  let app: ComposedApp;
  let sandbox: SandboxHandle;
  const requests: string[] = [];
  before(async () => {
    ({ app, sandbox } = await start('fyers-v3', requests));
  });
  after(async () => {
    await app?.close();
    await sandbox?.close();
  });

  it('one refused create leaves the limits with Tickdesk only until the sync is tried again', async () => {
    await app.control('faults', { route: 'POST /api/v3/flows/tc/se', mode: 'http500' });
    await app.call('settings.updatePreferences', { patch: { riskLimits: { demo: limits(300) } } });
    const said = (re: RegExp) =>
      app.events.some(
        (e) => e.name === 'app.notice' && re.test((e.payload as { message: string }).message),
      );
    await until(app, () => said(/smart exit could not be set/), 'the failure said');
    assert.equal((await app.call('risk.state')).heldBy, 'app', 'Tickdesk watches meanwhile');
    // No settings change, no new login: the sync is tried again on its own.
    await until(
      app,
      async () => (await app.call('risk.state')).heldBy === 'broker',
      'the broker to hold the limits after a retry',
      300,
    );
    assert.equal((await mine(app))?.lossRate, -300);
    assert.equal((await app.core.broker.listSmartExits()).length, 1, 'one trigger');
    assert.ok(said(/smart exit now holds your daily limits/), 'the recovery said');
  });
});

describe('daily limits on API v2 stay with the local MTM monitor (composed app)', () => {
  let app: ComposedApp;
  let sandbox: SandboxHandle;
  const requests: string[] = [];
  before(async () => {
    ({ app, sandbox } = await start('fyers-v2', requests));
  });
  after(async () => {
    await app?.close();
    await sandbox?.close();
  });

  it('says Tickdesk holds the limits and sends nothing to a smart exit address', async () => {
    await app.call('settings.updatePreferences', { patch: { riskLimits: { demo: limits(300) } } });
    const s = await app.call('risk.state');
    assert.equal(s.heldBy, 'app');
    assert.equal(s.lossLimit, 300);
    assert.ok(!requests.some((l) => l.includes('/flows/')), requests.join('\n'));
  });
});
