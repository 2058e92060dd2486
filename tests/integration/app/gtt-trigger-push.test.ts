/**
 * GTT triggers seen at once (issue 21), on the composed app (createAppCore in Demo on API v3,
 * real settings and symbols, the sandbox over HTTP and its real order socket): the GTT book is
 * still read every 15 s while a GTT is active, but when the broker triggers one, the order it
 * places arrives on the order socket, and that reads the GTT book at once: the "GTT
 * triggered" alert comes within seconds, measured here by the test's own clock.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Side } from '../../../shared/broker/enums';
import type { GttDraft } from '../../../shared/broker/gtt';
import type { Alert } from '../../../shared/alerts/alert';
import { GTT_POLL_MS } from '../../../electron/core/gtt/gtt-service';
import { startComposedApp, type ComposedApp } from './composed-app';

const SBIN = 'NSE:SBIN-EQ';

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
    app = await startComposedApp({ dialect: 'fyers-v3' });
    await app.core.symbols.ready();
    await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    await until('the order socket open', () => app.core.marketData.status().orderSocket === 'open');
  });
  after(async () => {
    await app?.close();
  });

  it('the alert naming the triggered GTT comes within 5 s, while the GTT book is read every 15 s', async (t) => {
    assert.equal(GTT_POLL_MS, 15_000, 'the poll is still 15 s: only the push can be faster');
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
    // Creating it read the book: the next poll is about 15 s away from here.
    const alerts = () =>
      app.events
        .filter((e) => e.name === 'alerts.raised')
        .map((e) => e.payload as Alert)
        .filter((a) => a.kind === 'gtt' && a.title.includes(id));

    const t0 = Date.now();
    await app.control('price', { symbol: SBIN, ltp: 831 });
    await until(`the alert for GTT ${id}`, () => alerts().length > 0, 30_000);
    const took = Date.now() - t0;
    t.diagnostic(`trigger to alert: ${took} ms (GTT book poll: ${GTT_POLL_MS} ms)`);
    assert.ok(took < 5_000, `the alert came ${took} ms after the trigger (the poll is 15 s)`);
    assert.match(alerts()[0]!.title, new RegExp(`GTT ${id} triggered`));
    assert.equal(alerts().length, 1, 'one alert for one trigger');
  });
});
