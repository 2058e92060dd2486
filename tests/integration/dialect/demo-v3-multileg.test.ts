/**
 * Multi-leg orders on API v3 (issue 21 #3), through the composed app: createAppCore in Demo
 * mode with real settings, the real symbol runtime and the sandbox over HTTP, Demo switched
 * to v3. Two or three option legs go as ONE multi-leg request, each leg pre-checked first; a
 * multi-leg order whose answer is lost is journalled, shown unconfirmed, found in the book
 * and never sent twice (the no-duplicate promise, as for every order).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Instrument } from '../../../shared/broker/instrument';
import type { SandboxHandle } from '../../../sandbox/index';
import { inProcessDemo } from '../../support/in-process-demo';
import { startComposedApp, type ComposedApp } from '../app/composed-app';
import { startDemoSandbox } from '../safety/composed-app';

const ROUTE = 'POST /api/v3/multileg/orders/sync';

describe('multi-leg orders on API v3 (composed app, sandbox over HTTP)', () => {
  let app: ComposedApp;
  let sandbox: SandboxHandle;
  let ce: Instrument;
  let pe: Instrument;
  let ce2: Instrument;
  const requests: string[] = [];
  const sent = () => requests.filter((l) => l.startsWith(`${ROUTE} `)).length;

  before(async () => {
    sandbox = await startDemoSandbox(undefined, (line) => requests.push(line));
    app = await startComposedApp({ login: false, deps: { demoProcess: inProcessDemo(sandbox) } });
    await app.call('settings.updatePreferences', { patch: { demoBroker: 'fyers-v3' } });
    const s = await app.call('session.login', {});
    assert.equal(s.status, 'active', JSON.stringify(s.lastError));
    await app.core.symbols.ready();
    await app.control('market', { exchange: 10, segment: 11, status: 'OPEN' });
    const fut = sandbox.instruments.find(
      (i) => i.segment === 11 && /^NSE:NIFTY\d{2}[A-Z]{3}FUT$/.test(i.ticker),
    )!;
    const opts = sandbox.instruments.filter(
      (i) => i.segment === 11 && i.underlying === fut.underlying && i.expiry === fut.expiry,
    );
    ce = opts.find((i) => i.ticker.endsWith('CE'))!;
    pe = opts.find((i) => i.ticker.endsWith('PE'))!;
    ce2 = opts.find((i) => i.ticker.endsWith('CE') && i !== ce)!;
    assert.ok(ce && pe && ce2, 'the master has NIFTY options of one expiry');
  });
  after(async () => {
    await app?.close();
    await sandbox?.close();
  });

  /** A one-lot limit leg at a price the sandbox is pinned to. */
  async function leg(i: Instrument, side: 1 | -1, over: Record<string, unknown> = {}) {
    await app.control('price', { symbol: i.ticker, ltp: 100 });
    return {
      symbol: i.ticker,
      qty: i.lotSize,
      type: 1,
      side,
      productType: 'MARGIN',
      limitPrice: 100,
      validity: 'IOC',
      ...over,
    };
  }

  it('the account offers multi-leg orders', async () => {
    const info = await app.call('app.info');
    assert.equal(info.account?.capabilities.multiLeg, true);
  });

  it('sends a two-leg and a three-leg order as one request each', async () => {
    const before = sent();
    const two = await app.call('orders.placeMultiLeg', {
      legs: [await leg(ce, 1), await leg(pe, 1)],
      confirmGuards: true,
    });
    assert.equal(two.status, 'done', two.note);
    assert.match(String(two.orderId), /^\d{14}$/);
    const three = await app.call('orders.placeMultiLeg', {
      legs: [await leg(ce, 1), await leg(ce2, -1), await leg(pe, 1)],
      confirmGuards: true,
    });
    assert.equal(three.status, 'done', three.note);
    assert.equal(sent() - before, 2, 'one request per multi-leg order');
  });

  it('pre-checks each leg: a leg off its lot size blocks the order before anything is sent', async () => {
    const before = sent();
    const blocked = await app.call('orders.placeMultiLeg', {
      legs: [await leg(ce, 1), await leg(pe, 1, { qty: pe.lotSize + 1 })],
      confirmGuards: true,
    });
    assert.equal(blocked.status, 'blocked', blocked.note);
    assert.ok(blocked.violations.length > 0);
    assert.doesNotMatch(blocked.note, /\/api\//);
    assert.equal(sent(), before, 'nothing sent');
  });

  it('a lost answer is journalled, reconciled against the book and never sent twice', async () => {
    const books = async () => (await app.core.broker.getOrders({ fresh: true })).length;
    const bookBefore = await books();
    const before = sent();
    await app.control('faults', { route: ROUTE, mode: 'drop-after-commit' });
    const lost = await app.call('orders.placeMultiLeg', {
      legs: [await leg(ce, 1), await leg(pe, 1)],
      confirmGuards: true,
    });
    assert.ok(
      lost.status === 'unconfirmed' || lost.status === 'confirmed-done',
      `${lost.status}: ${lost.note}`,
    );
    const settled = await app.core.orders.settled(lost.intentId);
    assert.equal(settled.status, 'confirmed-done', settled.note);
    assert.equal(sent() - before, 1, 'sent once, never again');
    assert.equal((await books()) - bookBefore, 2, 'exactly its two legs are in the book');
    // The journal holds the action (request and its settlement).
    const intents = await app.call('orders.intents');
    assert.ok(intents.some((i) => i.intentId === lost.intentId));
  });
});
