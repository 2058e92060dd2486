/**
 * Issue 20 #4: eDIS through the composed app (Demo mode's sandbox over HTTP, the real IPC
 * channels) with an HTTP-posting depository window. The sandbox's hand-off is opaque
 * (TransDtls reveals nothing, the inquiry refuses the ReqId) and its depository has its own
 * origin, so the app must find the transaction id where a real broker puts it: the details
 * list after the depository. Before the fix the app inquired with the ReqId and failed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_USER } from '../../../sandbox/auth/user';
import { httpDepositoryWindow, type TraderInput } from '../../support/http-depository-window';
import { startComposedApp, type ComposedApp } from './composed-app';

describe('eDIS authorization through the composed app', () => {
  const trader: TraderInput[] = [];
  const window = httpDepositoryWindow(trader);
  let app: ComposedApp;
  before(async () => {
    app = await startComposedApp({ deps: { depositoryWindow: window } });
  });
  after(() => app?.close());

  it('posts to the depository on its own origin, then inquires with the id the broker lists', async () => {
    const holdings = await app.call('portfolio.holdings');
    const h = holdings.holdings[0];
    assert.ok(h, 'the demo account has holdings');
    // As the eDIS screen does: the holding's ISIN from the symbol master.
    const info = await app.call('symbols.get', { ticker: h.symbol });
    assert.ok(info?.isin, `ISIN of ${h.symbol}`);
    const isin = info.isin;
    trader.push({ tpin: DEMO_USER.tpin, otp: DEMO_USER.otp });
    const r = await app.call('edis.authorize', { items: [{ isin, qty: 1 }] });
    assert.equal(r.outcome, 'completed', r.message);
    assert.deepEqual(r.inquiry, { successCount: 1, failedCount: 0 });
    const base = app.core.demoBrokerUrl;
    assert.ok(base);
    assert.notEqual(window.actions[0], new URL(base).origin, 'the depository is not the broker');
    const history = await app.call('edis.details');
    const row = history.find((d) => d.transactionId === r.transactionId);
    assert.ok(row, `${r.transactionId} is the id the history lists`);
    assert.equal(row.isin, isin);
    assert.equal(row.status, 'SUCCESS');
  });
});
