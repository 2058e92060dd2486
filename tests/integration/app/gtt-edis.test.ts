/**
 * Sell GTTs and the depository rule (issue 21): on the composed app (createAppCore in Demo on
 * API v3, real settings and symbols, the sandbox over HTTP, an HTTP-posting depository window).
 * A GTT that sells delivery shares places, when it triggers, a CNC sell the broker rejects
 * unless the account has DDPI or that day's eDIS authorization covers it (FYERS, Zerodha,
 * Dhan; docs/broker-v3.md "GTT"). The app says so before it is sent, without blocking it, and
 * offers today's authorization; the sandbox applies the rule at trigger; the GTT alert says
 * why the order was rejected and what to do.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Side } from '../../../shared/broker/enums';
import type { Gtt, GttDraft } from '../../../shared/broker/gtt';
import type { Holding } from '../../../shared/broker/models';
import type { Alert } from '../../../shared/alerts/alert';
import { DEMO_USER } from '../../../sandbox/auth/user';
import type { SandboxHandle } from '../../../sandbox/index';
import { httpDepositoryWindow, type TraderInput } from '../../support/http-depository-window';
import { inProcessDemo } from '../../support/in-process-demo';
import { startComposedApp, type ComposedApp } from './composed-app';
import { startDemoSandbox } from '../safety/composed-app';

describe('sell GTTs and eDIS (composed app, API v3, sandbox over HTTP)', () => {
  const trader: TraderInput[] = [];
  const window = httpDepositoryWindow(trader);
  let app: ComposedApp;
  let sandbox: SandboxHandle;
  let h: Holding;
  let isin: string;
  let qty: number;

  /**
   * An OCO protecting `qty` of the holding with the market at 1000: target `up` (within the
   * 5% distance guard), stop as far below. Each test's differs: the same GTT twice within a
   * double press is refused as one press.
   */
  const ocoSell = (up: number): GttDraft => ({
    kind: 'oco',
    symbol: h.symbol,
    side: Side.Sell,
    productType: 'CNC',
    target: { triggerPrice: up, limitPrice: up, qty },
    stop: { triggerPrice: 2000 - up, limitPrice: 2000 - up, qty },
  });

  const gttAlerts = () =>
    app.events
      .filter((e) => e.name === 'alerts.raised')
      .map((e) => e.payload as Alert)
      .filter((a) => a.kind === 'gtt');

  /** Reads the GTT book until `id` shows `status` (generous: a loaded CI machine). */
  async function gttReads(id: string, status: Gtt['status']): Promise<Gtt> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const g = (await app.call('gtt.refresh')).gtts.find((x) => x.id === id);
      if (g?.status === status) return g;
      assert.ok(Date.now() < deadline, `GTT ${id} never ${status}: ${JSON.stringify(g)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** Waits for the GTT alert naming `id` raised after the first `from` (events reach the bus a moment after the read). */
  async function alertFor(id: string, from: number): Promise<Alert> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const a = gttAlerts()
        .slice(from)
        .find((x) => x.title.includes(id));
      if (a) return a;
      assert.ok(Date.now() < deadline, `no alert names GTT ${id}: ${JSON.stringify(gttAlerts())}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Creates the OCO, confirming what it asks; returns the GTT id and what it asked. */
  async function place(
    up: number,
  ): Promise<{ id: string; asked: string[]; authorizeQty?: number }> {
    await app.control('price', { symbol: h.symbol, ltp: 1000 });
    const first = await app.call('gtt.create', { draft: ocoSell(up), confirmed: false });
    assert.equal(first.status, 'confirm', JSON.stringify(first));
    const edis = first.checks.find((c) => c.field === 'edis');
    const sent = await app.call('gtt.create', { draft: ocoSell(up), confirmed: true });
    assert.equal(sent.status, 'done', JSON.stringify(sent));
    return {
      id: sent.gttId!,
      asked: first.checks.map((c) => c.message),
      ...(edis?.authorizeQty ? { authorizeQty: edis.authorizeQty } : {}),
    };
  }

  before(async () => {
    // The market moves only when told (tickMs 0): the triggers are crossed by the test alone.
    sandbox = await startDemoSandbox(undefined, undefined, { tickMs: 0 });
    app = await startComposedApp({
      login: false,
      deps: { demoProcess: inProcessDemo(sandbox), depositoryWindow: window },
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
    qty = 2;
    const info = await app.call('symbols.get', { ticker: h.symbol });
    assert.ok(info?.isin, `ISIN of ${h.symbol}`);
    isin = info.isin;
  });
  after(async () => {
    await app?.close();
    await sandbox?.close();
  });

  it('the profile of the demo account says it has no DDPI', async () => {
    const p = await app.call('portfolio.profile');
    assert.equal(p.ddpi, false);
  });

  it('a CNC-sell GTT without DDPI asks first: rejected at trigger unless authorized that day, today offered; not blocked', async () => {
    const { id, asked, authorizeQty } = await place(1030);
    assert.match(id, /^\d{14}$/);
    const words = asked.join(' ');
    assert.match(words, /no DDPI/);
    assert.match(words, /rejects that sell unless the eDIS authorization of that day covers it/);
    assert.match(words, /Authorize now covers today only/);
    assert.equal(authorizeQty, qty, 'today’s authorization offered for the shares the sell needs');
    assert.doesNotMatch(words, /\/api\/|ddpi_enabled/, 'no API path or raw field in the words');
    await app.call('gtt.cancel', { id });
    await gttReads(id, 'cancelled');
  });

  it('unauthorized, the triggered sell is rejected by the broker for eDIS, and the GTT alert says what to do', async () => {
    const { id } = await place(1035);
    const before = gttAlerts().length;
    await app.control('price', { symbol: h.symbol, ltp: 1036 });
    const g = await gttReads(id, 'rejected');
    assert.match(g.message, /eDIS/);
    const orders = await app.call('portfolio.orders');
    const leg = orders.find((o) => g.message.includes(o.id));
    assert.ok(leg, `the triggered order is in the order book: ${g.message}`);
    assert.match(leg.message, /eDIS/);
    const alert = await alertFor(id, before);
    assert.match(alert.title, /its order was rejected/);
    assert.match(alert.body, /not authorized for sale that day \(eDIS\)/);
    assert.match(alert.body, /Authorize them on the eDIS screen/);
  });

  it('authorized today through the eDIS flow, the triggered sell goes to the exchange', async () => {
    const tpin = await app.call('edis.requestTpin');
    assert.match(tpin.message, /TPIN/);
    trader.push({ tpin: DEMO_USER.tpin, otp: DEMO_USER.otp });
    const r = await app.call('edis.authorize', { items: [{ isin, qty }] });
    assert.equal(r.outcome, 'completed', r.message);
    const { id, asked, authorizeQty } = await place(1040);
    // Still said (a GTT outlives today's authorization), but today is covered: nothing to offer.
    assert.match(asked.join(' '), /no DDPI/);
    assert.doesNotMatch(asked.join(' '), /Today is not covered yet/);
    assert.equal(authorizeQty, undefined);
    const before = gttAlerts().length;
    await app.control('price', { symbol: h.symbol, ltp: 1041 });
    const g = await gttReads(id, 'triggered');
    assert.match(g.message, /target leg triggered: order \S+ placed/);
    const alert = await alertFor(id, before);
    assert.match(alert.title, new RegExp(`GTT ${id} triggered: Sell ${qty} `));
  });

  it('with DDPI on the account, the triggered sell needs no eDIS', async () => {
    await app.control('demat', { ddpi: true });
    assert.equal((await app.call('portfolio.profile')).ddpi, true);
    const { id } = await place(1045);
    await app.control('price', { symbol: h.symbol, ltp: 1046 });
    const g = await gttReads(id, 'triggered');
    assert.match(g.message, /order \S+ placed/);
  });
});
