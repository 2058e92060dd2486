/**
 * The day's charges come out of the Demo broker's funds as a real broker's do (issue 22 #6;
 * docs/sandbox.md "History over simulated days"), seen through the composed app
 * (createAppCore in Demo mode on v3, the sandbox over HTTP, core and sandbox on one clock
 * moved a day on): after an intraday round trip the funds view's total and available
 * balances are the morning's less the realised loss and the charges the broker's charges
 * report lists, so the funds view, the charges report and the ledger agree; the next trading
 * day's start-of-day limit is the ledger's closing balance.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { systemClock } from '../../../electron/core/limiter/clock';
import type { Funds } from '../../../shared/broker/models';
import { istToEpoch } from '../../../shared/format/ist';
import type { SandboxHandle } from '../../../sandbox/index';
import { inProcessDemo } from '../../support/in-process-demo';
import { startComposedApp, type ComposedApp } from '../app/composed-app';
import { startDemoSandbox } from '../safety/composed-app';
import { netQty, until } from '../risk/risk-helpers';

const SBIN = 'NSE:SBIN-EQ';
const DAY = 86_400_000;
/** Wednesday 9 December 2026, 10:00 IST: an ordinary trading day, the next one a Thursday. */
const WEDNESDAY_10 = istToEpoch({ year: 2026, month: 12, day: 9, hour: 10, minute: 0, second: 0 });
const RANGE = { from: '2026-12-01', to: '2026-12-11' };

const line = (f: Funds, title: string) => {
  const l = f.lines.find((x) => x.title === title);
  assert.ok(l && l.equity !== null, `funds line ${title}: ${JSON.stringify(f.lines)}`);
  return l.equity!;
};
const near = (a: number, b: number, what: string) =>
  assert.ok(Math.abs(a - b) < 0.011, `${what}: ${a} vs ${b}`);

describe('charges deducted from the Demo broker’s funds (composed app, Demo on v3)', () => {
  let sandbox: SandboxHandle;
  let dataDir: string;
  let app: ComposedApp;
  let shift = WEDNESDAY_10 - Date.now();
  const now = () => Date.now() + shift;
  let closing = NaN;
  let equityClose = NaN;

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
    await a.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    return a;
  }

  before(async () => {
    sandbox = await startDemoSandbox(undefined, undefined, {
      timeSource: now,
      simSleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    });
    dataDir = await mkdtemp(join(tmpdir(), 'tickdesk-funds-charges-'));
    app = await tickdesk();
  });
  after(async () => {
    await app?.close();
    await sandbox?.close();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  });

  it('an intraday round trip: the balances fall by the realised loss and the listed charges', async () => {
    await app.control('price', { symbol: SBIN, ltp: 800 });
    const morning = await app.call('portfolio.funds');
    const start = line(morning, 'Limit at start of the day');
    near(line(morning, 'Total Balance'), start, 'no trade yet: the total is the start limit');
    const trade = async (side: 1 | -1, qty: number) => {
      const r = await app.call('orders.place', {
        draft: { symbol: SBIN, qty, type: 2, side, productType: 'INTRADAY' },
        confirmGuards: true,
      });
      assert.equal(r.status, 'done', r.note);
    };
    await trade(1, 20);
    await until(app, async () => (await netQty(app, SBIN, 'INTRADAY')) === 20, 'the buy filled');
    await app.control('price', { symbol: SBIN, ltp: 790 });
    await trade(-1, 20);
    await until(app, async () => (await netQty(app, SBIN, 'INTRADAY')) === 0, 'the sell filled');

    const charges = await app.call('reports.fetch', { kind: 'charges', ...RANGE });
    if (charges.kind !== 'charges') return assert.fail('charges');
    assert.equal(charges.rows.length, 2, JSON.stringify(charges));
    const total = charges.rows.reduce((n, r) => n + r.total, 0);
    assert.ok(total > 0, 'an intraday round trip has charges');
    const realised = await app.call('reports.fetch', { kind: 'realised', ...RANGE });
    if (realised.kind !== 'realised') return assert.fail('realised');
    const pnl = realised.rows.reduce((n, r) => n + r.realised, 0);
    assert.ok(pnl < 0, `a loss was realised (${pnl})`);

    const funds = await app.call('portfolio.funds');
    near(line(funds, 'Realized Profit and Loss'), pnl, 'realised P&L as the positions show it');
    near(line(funds, 'Total Balance'), start + pnl - total, 'total balance less the charges');
    near(funds.availableBalance.equity!, start + pnl - total, 'available less the charges');
    const ledger = await app.call('reports.fetch', { kind: 'ledger', ...RANGE });
    if (ledger.kind !== 'ledger') return assert.fail('ledger');
    // The ledger holds both segments' cash; the funds line above is the equity segment's.
    const commodity = ledger.rows[0]!.balance - start;
    closing = ledger.rows.at(-1)!.balance;
    equityClose = line(funds, 'Total Balance');
    near(equityClose + commodity, closing, 'the funds view and the ledger agree');
  });

  it('the next trading day starts from the ledger’s closing balance', async () => {
    assert.ok(Number.isFinite(closing), 'the first test ran');
    await app.close();
    shift += DAY;
    app = await tickdesk();
    const funds = await app.call('portfolio.funds');
    const ledger = await app.call('reports.fetch', { kind: 'ledger', ...RANGE });
    if (ledger.kind !== 'ledger') return assert.fail('ledger');
    const today = ledger.rows.filter((r) => r.narration === 'Opening balance').at(-1)!;
    near(today.balance, closing, 'today’s opening balance is yesterday’s closing one');
    near(line(funds, 'Limit at start of the day'), equityClose, 'the charges stay deducted');
    near(line(funds, 'Total Balance'), equityClose, 'no trade yet today');
  });
});
