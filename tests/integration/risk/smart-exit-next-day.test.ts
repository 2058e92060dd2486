/**
 * Issue 22 #2 on API v3, the next trading day (composed app, Demo on v3, the sandbox over
 * HTTP, core and sandbox on one clock moved a day on): the daily limits Tickdesk set as the
 * broker's smart exit trigger keep guarding the account on the days after one that tripped
 * them, even when Tickdesk is not running. Day 1: Tickdesk sets the trigger, an adverse
 * move trips it and the broker exits. Tickdesk is closed. Day 2 (past the 06:00 IST
 * rollover): the trader buys from another client and the price falls past the limit again;
 * the broker's trigger exits that position too (it used to stay tripped from day 1 and
 * exit nothing). Then Tickdesk starts again and finds one trigger, held by the broker.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { systemClock } from '../../../electron/core/limiter/clock';
import { istToEpoch } from '../../../shared/format/ist';
import type { RiskLimits } from '../../../shared/risk/risk-limits';
import { SMART_EXIT_NAME } from '../../../shared/risk/smart-exit';
import type { SandboxHandle } from '../../../sandbox/index';
import { inProcessDemo } from '../../support/in-process-demo';
import { loginPkce } from '../broker/sandbox-session';
import { startComposedApp, type ComposedApp } from '../app/composed-app';
import { startDemoSandbox } from '../safety/composed-app';
import { netQty, openLong, until } from './risk-helpers';

const SBIN = 'NSE:SBIN-EQ';
const DAY = 86_400_000;
const LIMITS: RiskLimits = {
  capital: null,
  loss: { amount: 300, unit: 'rupees' },
  profit: { amount: null, unit: 'rupees' },
  action: 'exit',
};
/** Monday 7 December 2026, 10:00 IST: an ordinary trading day, the next one a Tuesday. */
const MONDAY_10 = istToEpoch({ year: 2026, month: 12, day: 7, hour: 10, minute: 0, second: 0 });

describe('the broker’s smart exit on the next trading day (composed app, Demo on v3)', () => {
  let sandbox: SandboxHandle;
  let dataDir: string;
  let app: ComposedApp | undefined;
  // The real clock moved to Monday 10:00 IST, then a day on (timers stay real).
  let shift = MONDAY_10 - Date.now();
  const now = () => Date.now() + shift;

  async function tickdesk(): Promise<ComposedApp> {
    const a = await startComposedApp({
      login: false,
      dataDir,
      deps: { clock: { ...systemClock, now }, demoProcess: inProcessDemo(sandbox) },
    });
    await a.call('settings.updatePreferences', { patch: { demoBroker: 'fyers-v3' } });
    const s = await a.call('session.login', {});
    assert.equal(s.status, 'active', JSON.stringify(s.lastError));
    await a.core.symbols.ready();
    return a;
  }
  const mine = async (a: ComposedApp) =>
    (await a.core.broker.listSmartExits()).filter((t) => t.name === SMART_EXIT_NAME);

  before(async () => {
    sandbox = await startDemoSandbox(undefined, undefined, {
      timeSource: now,
      simSleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    });
    dataDir = await mkdtemp(join(tmpdir(), 'tickdesk-smart-exit-days-'));
  });
  after(async () => {
    await app?.close();
    await sandbox?.close();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  });

  it('day 1: Tickdesk sets the trigger and the broker exits on an adverse move', async () => {
    app = await tickdesk();
    await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    await app.control('price', { symbol: SBIN, ltp: 945 });
    await app.call('settings.updatePreferences', { patch: { riskLimits: { demo: LIMITS } } });
    await until(app, async () => (await mine(app!))[0]?.active === true, 'the trigger set');
    await openLong(app, SBIN, 10, 'INTRADAY');
    await app.control('price', { symbol: SBIN, ltp: 900 });
    await until(app, async () => (await netQty(app!, SBIN, 'INTRADAY')) === 0, 'the broker exit');
    assert.equal((await mine(app))[0]?.exited, true);
    await app.close();
    app = undefined;
  });

  it('day 2, Tickdesk closed: a position bought elsewhere is exited by the same trigger', async () => {
    shift += DAY;
    const control = async (path: string, body: unknown) => {
      const res = await fetch(`${sandbox.url}/__sandbox/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      assert.equal(res.status, 200, await res.text());
    };
    // The 06:00 rollover happens on the sandbox's next look at its clock.
    await control('clock', { advanceMs: 0 });
    await control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    await control('price', { symbol: SBIN, ltp: 945 });
    // The trader's other client (the broker's own terminal): a fresh login of the day.
    const creds = await loginPkce(sandbox);
    const broker = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${sandbox.url}${path}`, {
        method,
        headers: {
          authorization: `${creds.appId}:${creds.accessToken}`,
          'content-type': 'application/json',
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return (await res.json()) as Record<string, unknown>;
    };
    const net = async () =>
      (
        (await broker('GET', '/api/v2/positions')) as {
          netPositions?: { symbol: string; productType: string; netQty: number }[];
        }
      ).netPositions?.find((p) => p.symbol === SBIN && p.productType === 'INTRADAY')?.netQty ?? 0;
    const placed = await broker('POST', '/api/v2/orders', {
      symbol: SBIN,
      qty: 10,
      type: 2,
      side: 1,
      productType: 'INTRADAY',
      limitPrice: 0,
      stopPrice: 0,
      validity: 'DAY',
      disclosedQty: 0,
      offlineOrder: false,
      stopLoss: 0,
      takeProfit: 0,
    });
    assert.equal(placed.s, 'ok', JSON.stringify(placed));
    const waitFor = async (ok: () => Promise<boolean>, what: string) => {
      for (let i = 0; i < 150; i++) {
        if (await ok()) return;
        await control('tick', { n: 1 });
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`timed out waiting for ${what}`);
    };
    await waitFor(async () => (await net()) === 10, 'the day-2 buy filled');
    await control('price', { symbol: SBIN, ltp: 900 });
    await waitFor(async () => (await net()) === 0, 'the broker’s trigger to exit on day 2');
  });

  it('day 2: Tickdesk starts again and finds its one trigger, held by the broker', async () => {
    app = await tickdesk();
    const triggers = await mine(app);
    assert.equal(triggers.length, 1, 'one trigger, kept from day 1');
    assert.equal(triggers[0]!.active, true);
    assert.equal(triggers[0]!.lossRate, -300);
    await until(
      app,
      async () => (await app!.call('risk.state')).heldBy === 'broker',
      'the risk state to say the broker holds the limits',
    );
  });
});
