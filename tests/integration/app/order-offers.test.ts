/**
 * Issue 8, finding 11, through the composed app: only what the broker accepts is sent.
 * A Transit order is not modified or cancelled (rule 1); a cover order's exit leg is not
 * cancelled (the broker refuses) and can be modified only in its trigger; each refusal
 * says why, costs no request, and a multi-cancel says which item was refused and why.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Order } from '../../../shared/broker/models';
import { startComposedApp, type ComposedApp } from './composed-app';

const SBIN = 'NSE:SBIN-EQ';

describe('offer only what the broker accepts (composed app, sandbox over HTTP)', () => {
  let app: ComposedApp;
  let pendingId: string;
  let leg: Order;
  before(async () => {
    app = await startComposedApp();
    await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    await app.control('price', { symbol: SBIN, ltp: 945 });
    const pending = await app.call('orders.place', {
      draft: { symbol: SBIN, qty: 1, type: 1, side: 1, productType: 'INTRADAY', limitPrice: 900 },
      confirmGuards: true,
    });
    assert.equal(pending.status, 'done', pending.note);
    pendingId = pending.orderId!;
    const co = await app.call('orders.place', {
      draft: { symbol: SBIN, qty: 1, type: 2, side: 1, productType: 'CO', stopLoss: 900 },
      confirmGuards: true,
    });
    assert.equal(co.status, 'done', `${co.note} ${JSON.stringify(co.violations)}`);
    for (let i = 0; i < 40; i++) {
      await app.control('tick', { n: 2 });
      const book = await app.call('portfolio.orders');
      const found = book.find((o) => o.parentId === co.orderId && o.status === 6);
      if (found && book.find((o) => o.id === pendingId)?.status === 6) {
        leg = found;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(leg, 'the cover order has a pending stop leg');
  });
  after(() => app?.close());

  /** The app's request log (one JSON line per broker request), as support reads it. */
  const requestLines = () =>
    readdirSync(join(app.dataDir, 'logs'))
      .filter((f) => f.startsWith('requests-'))
      .flatMap((f) => readFileSync(join(app.dataDir, 'logs', f), 'utf8').split('\n'))
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { method: string; path: string });

  /**
   * Runs f and returns its result with the order writes (anything but a read) it sent. Reads
   * are not counted: a market-data or catch-up read may land in the same moment.
   */
  async function writesDuring<T>(f: () => Promise<T>): Promise<[T, string[]]> {
    const before = requestLines().length;
    const out = await f();
    await new Promise((r) => setTimeout(r, 50));
    const writes = requestLines()
      .slice(before)
      .filter((r) => r.method !== 'GET' && r.path.startsWith('/api/v2/orders'))
      .map((r) => `${r.method} ${r.path}`);
    return [out, writes];
  }

  it('does not send a modify or cancel of an order still in Transit, and says so', async () => {
    // The patch below answers the next 3 book reads; a background read in between would use
    // one up, so the refresher waits until the test is done.
    app.core.refresher.stop();
    await app.control('row-patch', {
      route: 'GET /api/v2/orders',
      list: 'orderBook',
      index: 0,
      patch: { status: 4, orderNumStatus: `${pendingId}:4`, id: pendingId },
      // The book read, the fresh re-reads before modify and before cancel, and any read the
      // app makes meanwhile (a catch-up after the order socket opens): all see it in Transit.
      times: 20,
    });
    const book = await app.call('portfolio.orders');
    assert.equal(book.find((o) => o.id === pendingId)?.status, 4, 'the app sees it in Transit');
    const [m, modifyWrites] = await writesDuring(() =>
      app.call('orders.modify', { change: { id: pendingId, limitPrice: 901 } }),
    );
    assert.equal(m.status, 'blocked');
    assert.match(m.note, /in transit/);
    // Only the fresh re-read of the order before refusing: no modify went out.
    assert.deepEqual(modifyWrites, []);
    const [c, cancelWrites] = await writesDuring(() =>
      app.call('orders.cancel', { id: pendingId }),
    );
    assert.equal(c.status, 'blocked');
    assert.match(c.note, /in transit/);
    assert.deepEqual(cancelWrites, []);
    // Back to what the broker says (re-arming replaces the Transit patch), then read it.
    await app.control('row-patch', {
      route: 'GET /api/v2/orders',
      list: 'orderBook',
      index: 0,
      patch: {},
      times: 1,
    });
    await app.call('portfolio.orders'); // pending again
    app.core.refresher.start();
  });

  it('does not cancel a cover exit leg (the broker refuses); a multi-cancel says which and why', async () => {
    const [c, writes] = await writesDuring(() => app.call('orders.cancel', { id: leg.id }));
    assert.equal(c.status, 'blocked');
    assert.match(c.note, /exit leg/);
    assert.deepEqual(writes, []);
    const many = await app.call('orders.cancelMany', [pendingId, leg.id]);
    const refused = many.find((i) => i.violations.length > 0);
    assert.ok(refused, JSON.stringify(many));
    assert.match(refused.note, new RegExp(`${leg.id}.*exit leg`));
  });

  it('modifies a stop leg only in its trigger', async () => {
    const wrong = await app.call('orders.modify', { change: { id: leg.id, qty: 5 } });
    assert.equal(wrong.status, 'blocked');
    assert.deepEqual(wrong.violations.map((v) => v.field).sort(), ['qty', 'stopPrice']);
    const type = await app.call('orders.modify', {
      change: { id: leg.id, type: 1, stopPrice: 899 },
    });
    assert.equal(type.status, 'blocked');
    assert.ok(type.violations.some((v) => v.field === 'type'));
    const ok = await app.call('orders.modify', { change: { id: leg.id, stopPrice: 899 } });
    assert.equal(ok.status, 'done', `${ok.note} ${JSON.stringify(ok.error)}`);
  });

  it('never offers "Send again" for a definite refusal by the broker', async () => {
    const r = await app.call('orders.place', {
      draft: { symbol: SBIN, qty: 90_000, type: 1, side: 1, productType: 'CNC', limitPrice: 900 },
      confirmGuards: true,
    });
    assert.equal(r.status, 'failed', r.note);
    assert.match(r.error?.brokerMessage ?? '', /Insufficient funds/);
    assert.equal(r.resendAllowed, false);
    await assert.rejects(app.call('orders.resend', { intentId: r.intentId }));
  });
});
