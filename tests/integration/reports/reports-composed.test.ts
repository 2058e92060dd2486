/**
 * Reports on the composed app (issue 22 #5): createAppCore in Demo mode with real settings,
 * the real symbol runtime and the sandbox over HTTP. On API v3 the day's orders, trades,
 * charges, realised P&L and ledger come back through `reports.fetch`, filtered as asked; an
 * unreadable row is listed as such while the good rows stay; on API v2 the channel refuses
 * plainly, without a request to the broker.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { SandboxHandle } from '../../../sandbox/index';
import { inProcessDemo } from '../../support/in-process-demo';
import { ChannelError, startComposedApp, type ComposedApp } from '../app/composed-app';
import { startDemoSandbox } from '../safety/composed-app';

const SBIN = 'NSE:SBIN-EQ';
const DAY_MS = 86_400_000;
/** The IST calendar date of an instant, YYYY-MM-DD. */
const istDate = (ms: number) => new Date(ms + 5.5 * 3600_000).toISOString().slice(0, 10);

describe('Reports (composed app, Demo, sandbox over HTTP)', () => {
  let app: ComposedApp;
  let sandbox: SandboxHandle;
  const requests: string[] = [];
  let range: { from: string; to: string };

  before(async () => {
    sandbox = await startDemoSandbox(undefined, (line) => requests.push(line));
    app = await startComposedApp({ login: false, deps: { demoProcess: inProcessDemo(sandbox) } });
    await app.call('settings.updatePreferences', { patch: { demoBroker: 'fyers-v3' } });
    const s = await app.call('session.login', {});
    assert.equal(s.status, 'active', JSON.stringify(s.lastError));
    await app.core.symbols.ready();
    await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    await app.control('price', { symbol: SBIN, ltp: 800 });
    const clock = (await (await fetch(`${sandbox.url}/__sandbox/clock`)).json()) as { now: string };
    const now = Date.parse(clock.now);
    range = { from: istDate(now - 8 * DAY_MS), to: istDate(now + DAY_MS) };
    const market = (side: 1 | -1) => ({
      draft: { symbol: SBIN, qty: 2, type: 2, side, productType: 'INTRADAY' as const },
      confirmGuards: true,
    });
    const bought = await app.call('orders.place', market(1));
    assert.equal(bought.status, 'done', bought.note);
    await app.control('tick', { n: 2 });
    await app.control('price', { symbol: SBIN, ltp: 810 });
    const sold = await app.call('orders.place', market(-1));
    assert.equal(sold.status, 'done', sold.note);
    await app.control('tick', { n: 2 });
  });
  after(async () => {
    await app?.close();
    await sandbox?.close();
  });

  it("reads the day's orders and trades from the v3 history calls, filtered by side and segment", async () => {
    const from = requests.length;
    const orders = await app.call('reports.fetch', { kind: 'orders', ...range });
    assert.equal(orders.kind, 'orders');
    assert.equal(orders.rows.length, 2, JSON.stringify(orders));
    assert.deepEqual(orders.unreadable, []);
    assert.ok(orders.rows.every((r) => r.order.symbol === SBIN && r.order.filledQty === 2));
    assert.ok(
      requests.slice(from).some((l) => l.startsWith('GET /api/v3/order-history')),
      requests.slice(from).join('\n'),
    );
    const sells = await app.call('reports.fetch', { kind: 'orders', ...range, side: 'sell' });
    assert.equal(sells.rows.length, 1);
    assert.equal(sells.kind === 'orders' && sells.rows[0]!.order.side, -1);
    const fno = await app.call('reports.fetch', { kind: 'trades', ...range, segment: 11 });
    assert.equal(fno.rows.length, 0, 'no derivative trades');
    const trades = await app.call('reports.fetch', { kind: 'trades', ...range, symbol: SBIN });
    assert.equal(trades.rows.length, 2);
  });

  it('charges, realised P&L and the ledger agree with each other', async () => {
    const charges = await app.call('reports.fetch', { kind: 'charges', ...range });
    assert.equal(charges.kind, 'charges');
    if (charges.kind !== 'charges') return;
    assert.equal(charges.rows.length, 2);
    const totalCharges = charges.rows.reduce((n, r) => n + r.total, 0);
    assert.ok(totalCharges > 0);
    const realised = await app.call('reports.fetch', { kind: 'realised', ...range });
    assert.equal(realised.kind === 'realised' && realised.rows.length, 1);
    const pnl = realised.kind === 'realised' ? realised.rows[0]!.realised : NaN;
    const ledger = await app.call('reports.fetch', { kind: 'ledger', ...range });
    if (ledger.kind !== 'ledger') return assert.fail('ledger');
    const opening = ledger.rows[0]!.balance;
    const closing = ledger.rows.at(-1)!.balance;
    assert.ok(Math.abs(closing - (opening + pnl - totalCharges)) < 0.011, JSON.stringify(ledger));
  });

  it('an unreadable row is listed with its position; the good rows stay', async () => {
    await app.control('row-patch', {
      route: 'GET /api/v3/charges-history',
      list: 'data',
      index: 0,
      patch: { brokerage: 'twenty' },
    });
    const charges = await app.call('reports.fetch', { kind: 'charges', ...range });
    assert.equal(charges.rows.length, 1, 'the good row is kept');
    assert.equal(charges.unreadable.length, 1);
    assert.equal(charges.unreadable[0]!.position, 1);
    assert.match(charges.unreadable[0]!.reason, /brokerage/);
    assert.doesNotMatch(charges.unreadable[0]!.reason, /\/api\//);
  });

  it('a range the broker would refuse is refused before any request, naming the field', async () => {
    const from = requests.length;
    await assert.rejects(
      app.call('reports.fetch', { kind: 'orders', from: range.to, to: range.from }),
      (e: unknown) => e instanceof ChannelError && /start date is after/.test(e.message),
    );
    assert.equal(requests.length, from);
  });

  it('on API v2 the channel says the dialect keeps no history, without asking the broker', async () => {
    await app.call('session.logout');
    await app.call('settings.updatePreferences', { patch: { demoBroker: 'fyers-v2' } });
    const s = await app.call('session.login', {});
    assert.equal(s.status, 'active', JSON.stringify(s.lastError));
    const info = await app.call('app.info');
    assert.equal(info.account?.capabilities.reports, false);
    const from = requests.length;
    await assert.rejects(
      app.call('reports.fetch', { kind: 'orders', ...range }),
      (e: unknown) =>
        e instanceof ChannelError &&
        e.error.kind === 'unsupported' &&
        /keeps no history/.test(e.message),
    );
    assert.ok(!requests.slice(from).some((l) => l.includes('history')));
  });
});
