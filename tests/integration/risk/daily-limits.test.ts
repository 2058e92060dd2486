/**
 * Issue 22 #2 through the composed app (createAppCore in Demo mode, the real router, the
 * sandbox over HTTP with its price and socket): a daily loss limit set in Settings trips on
 * a simulated adverse move, warns, cancels the pending order and exits the position, and
 * stops trading for the day. While prices are not live (the market-data socket cannot be
 * reached; REST quotes stand in) the limit reached only warns, with no exit; the exit
 * follows as soon as the socket is back and live prices confirm the limit.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { OrderStatus } from '../../../shared/broker/enums';
import type { RiskLimits } from '../../../shared/risk/risk-limits';
import { startComposedApp, type ComposedApp } from '../app/composed-app';
import { netQty, openLong, pendingBuy, until } from './risk-helpers';

const SBIN = 'NSE:SBIN-EQ';

/** Fast reconnects and REST stand-in prices, so the test waits seconds, not minutes. */
const TUNING = { pingEveryMs: 300, minBackoffMs: 50, maxBackoffMs: 300, fallbackMinMs: 200 };

const LIMITS: RiskLimits = {
  capital: null,
  loss: { amount: 300, unit: 'rupees' },
  profit: { amount: null, unit: 'rupees' },
  action: 'exit',
};

async function start(): Promise<ComposedApp> {
  const app = await startComposedApp({ deps: { marketDataTuning: TUNING } });
  await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
  await app.control('price', { symbol: SBIN, ltp: 945 });
  await app.call('settings.updatePreferences', { patch: { riskLimits: { demo: LIMITS } } });
  return app;
}

const notices = (app: ComposedApp) =>
  app.events
    .filter((e) => e.name === 'app.notice')
    .map((e) => (e.payload as { message: string }).message);

/** A long of 10 SBIN (intraday) and a pending buy, watched live by the monitor. */
async function positionWatchedLive(app: ComposedApp): Promise<string> {
  await openLong(app, SBIN, 10, 'INTRADAY');
  const pending = await pendingBuy(app, 880);
  await until(
    app,
    async () => {
      const s = await app.call('risk.state');
      return s.mtm !== null && s.fresh;
    },
    'the position priced live',
  );
  const s = await app.call('risk.state');
  assert.equal(s.block, null, `not tripped before the move (MTM ${s.mtm})`);
  assert.equal(s.lossLimit, 300);
  return pending;
}

async function exitedAndStopped(app: ComposedApp, pending: string): Promise<void> {
  await until(
    app,
    async () => (await app.call('risk.state')).block?.reason === 'loss-limit',
    'the loss limit to stop trading',
  );
  await until(app, async () => (await netQty(app, SBIN, 'INTRADAY')) === 0, 'the position exited');
  const row = (await app.core.broker.getOrders({ fresh: true })).find((o) => o.id === pending);
  assert.equal(row?.status, OrderStatus.Canceled, 'the pending buy was cancelled');
  const count = await app.sandboxOrderCount();
  const r = await app.dispatch('orders.place', {
    draft: { symbol: SBIN, qty: 1, type: 2, side: 1, productType: 'INTRADAY' },
    confirmGuards: true,
  });
  assert.equal(!r.ok && r.error.kind, 'trading-stopped');
  assert.match(!r.ok ? r.error.message : '', /the daily loss limit was reached/);
  assert.equal(await app.sandboxOrderCount(), count, 'nothing placed after the stop');
}

describe('daily loss limit (composed app, sandbox over HTTP)', () => {
  let app: ComposedApp;
  before(async () => {
    app = await start();
  });
  after(() => app?.close());

  it('an adverse move past the limit warns, cancels, exits and stops trading for the day', async () => {
    const pending = await positionWatchedLive(app);
    await app.control('price', { symbol: SBIN, ltp: 900 });
    await exitedAndStopped(app, pending);
    assert.ok(
      notices(app).some((m) => /Daily loss limit of ₹300(\.00)? reached: MTM −?-?₹/.test(m)),
      notices(app).join('\n'),
    );
  });
});

describe('daily loss limit on prices that are not live (composed app)', () => {
  let app: ComposedApp;
  before(async () => {
    app = await start();
  });
  after(() => app?.close());

  it('warns and does not exit while the socket is down; exits once live prices confirm it', async () => {
    const pending = await positionWatchedLive(app);
    const demo = app.core.settings.get().accounts.find((a) => a.id === 'demo')!;
    const socketUrl = demo.socketUrl!;
    await app.core.settings.upsertAccount({
      ...demo,
      socketUrl: 'ws://127.0.0.1:9/socket/v2/dataSock',
    });
    await until(app, () => app.core.marketData.status().socket !== 'open', 'the socket down');
    await app.control('price', { symbol: SBIN, ltp: 900 });
    await until(
      app,
      async () => {
        const s = await app.call('risk.state');
        return s.mtm !== null && s.mtm <= -300 && s.waiting === 'loss-limit';
      },
      'the limit reached on REST stand-in prices',
    );
    // The market moves on and is read again, and still nothing is exited on old prices.
    for (let i = 0; i < 5; i++) await app.control('tick', { n: 1 });
    const s = await app.call('risk.state');
    assert.equal(s.block, null, 'no stop on prices that are not live');
    assert.equal(s.fresh, false);
    assert.equal(await netQty(app, SBIN, 'INTRADAY'), 10, 'no exit on prices that are not live');
    assert.ok(
      notices(app).some((m) => /not live .*does not exit on old prices/.test(m)),
      notices(app).join('\n'),
    );
    await app.core.settings.upsertAccount({ ...demo, socketUrl });
    await exitedAndStopped(app, pending);
  });
});
