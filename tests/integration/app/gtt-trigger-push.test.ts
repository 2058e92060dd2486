/**
 * GTT triggers seen at once (issue 21), on the composed app (createAppCore in Demo on API v3,
 * real settings and symbols, the sandbox over HTTP and its real order socket): the GTT book is
 * still read every 15 s while a GTT is active, but when the broker triggers one, the order it
 * places arrives on the order socket, and that reads the GTT book at once. The app here polls
 * the book only every 10 minutes (`gttPollMs`), so an alert within the test's wait can only
 * come from the push; the sandbox's count of GTT book reads shows what it cost. The duration
 * is printed, not asserted (a loaded CI machine may take seconds).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Side } from '../../../shared/broker/enums';
import type { GttDraft } from '../../../shared/broker/gtt';
import type { Alert } from '../../../shared/alerts/alert';
import { startComposedApp, type ComposedApp } from './composed-app';

const SBIN = 'NSE:SBIN-EQ';
/** The GTT book poll of the app under test: far beyond the test's waits. */
const SLOW_POLL_MS = 10 * 60_000;

describe('a GTT trigger is seen from the order socket (composed app, API v3)', () => {
  let app: ComposedApp;

  async function until(what: string, ok: () => boolean, ms = 60_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!ok()) {
      assert.ok(Date.now() < deadline, `timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  before(async () => {
    app = await startComposedApp({ dialect: 'fyers-v3', deps: { gttPollMs: SLOW_POLL_MS } });
    await app.core.symbols.ready();
    await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    await until('the order socket open', () => app.core.marketData.status().orderSocket === 'open');
  });
  after(async () => {
    await app?.close();
  });

  /** How many GTT book reads reached the sandbox. */
  async function bookReads(): Promise<number> {
    const res = await fetch(new URL('/__sandbox/requests', app.core.demoBrokerUrl!));
    const json = (await res.json()) as { requests: Record<string, number> };
    return Object.entries(json.requests)
      .filter(([route]) => /^GET \S*\/gtt\/orders$/.test(route))
      .reduce((n, [, c]) => n + c, 0);
  }

  it('the alert naming the triggered GTT comes from the order push (the book poll is 10 minutes away)', async (t) => {
    await app.control('price', { symbol: SBIN, ltp: 800 });
    // A buy: no demat shares involved. Target and stop within the 5% distance guard.
    const draft: GttDraft = {
      kind: 'oco',
      symbol: SBIN,
      side: Side.Buy,
      productType: 'CNC',
      target: { triggerPrice: 830, limitPrice: 830, qty: 1 },
      stop: { triggerPrice: 770, limitPrice: 770, qty: 1 },
    };
    const made = await app.call('gtt.create', { draft, confirmed: true });
    assert.equal(made.status, 'done', JSON.stringify(made));
    const id = made.gttId!;
    // Creating it read the book: the next poll is 10 minutes away from here.
    const alerts = () =>
      app.events
        .filter((e) => e.name === 'alerts.raised')
        .map((e) => e.payload as Alert)
        .filter((a) => a.kind === 'gtt' && a.title.includes(id));

    // The reads the create started have landed (the book shows the GTT active).
    await until('the GTT active in the book', () =>
      app.core.gtt.view().gtts.some((g) => g.id === id && g.status === 'active'),
    );
    const readsBefore = await bookReads();
    assert.ok(readsBefore >= 1, 'the sandbox counts the GTT book reads');

    const t0 = Date.now();
    await app.control('price', { symbol: SBIN, ltp: 831 });
    await until(`the alert for GTT ${id}`, () => alerts().length > 0, 60_000);
    const took = Date.now() - t0;
    const reads = (await bookReads()) - readsBefore;
    t.diagnostic(`trigger to alert: ${took} ms, ${reads} GTT book read(s) (poll: ${SLOW_POLL_MS} ms)`);
    assert.ok(took < SLOW_POLL_MS / 2, 'the alert came long before any poll was due');
    assert.ok(reads >= 1 && reads <= 2, `${reads} GTT book reads for one trigger`);
    assert.match(alerts()[0]!.title, new RegExp(`GTT ${id} triggered`));
    assert.equal(alerts().length, 1, 'one alert for one trigger');
  });

  it("the app's own orders and a cover order's exit leg read no GTT book while a GTT is active", async (t) => {
    await app.control('price', { symbol: SBIN, ltp: 830 });
    const draft: GttDraft = {
      kind: 'oco',
      symbol: SBIN,
      side: Side.Buy,
      productType: 'CNC',
      target: { triggerPrice: 860, limitPrice: 860, qty: 1 },
      stop: { triggerPrice: 800, limitPrice: 800, qty: 1 },
    };
    const made = await app.call('gtt.create', { draft, confirmed: true });
    assert.equal(made.status, 'done', JSON.stringify(made));
    await until('the GTT active in the book', () =>
      app.core.gtt.view().gtts.some((g) => g.id === made.gttId && g.status === 'active'),
    );
    const readsBefore = await bookReads();

    const placed: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await app.call('orders.place', {
        draft: { symbol: SBIN, qty: 1, type: 2, side: 1, productType: 'INTRADAY' },
        confirmGuards: true,
      });
      assert.equal(r.status, 'done', r.note);
      placed.push(r.orderId!);
    }
    const co = await app.call('orders.place', {
      draft: { symbol: SBIN, qty: 1, type: 2, side: 1, productType: 'CO', stopLoss: 800 },
      confirmGuards: true,
    });
    assert.equal(co.status, 'done', `${co.note} ${JSON.stringify(co.violations)}`);
    // The cover order's exit leg (a parent id, an id the app never placed) is in the book.
    let leg = false;
    const deadline = Date.now() + 60_000;
    while (!leg) {
      assert.ok(Date.now() < deadline, 'timed out waiting for the cover order exit leg');
      await app.control('tick', { n: 2 });
      leg = (await app.call('portfolio.orders')).some((o) => o.parentId === co.orderId);
      if (!leg) await new Promise((r) => setTimeout(r, 100));
    }
    // The pushes of these orders have had many debounce periods to read the book (none may).
    await new Promise((r) => setTimeout(r, 3_000));
    const reads = (await bookReads()) - readsBefore;
    t.diagnostic(`GTT book reads after 3 orders and a cover order: ${reads}`);
    assert.equal(reads, 0, 'no GTT book read for orders no GTT placed');
  });
});
