/**
 * Commodity multipliers and cross-currency rates through the app as it ships (issue 20 #6):
 * the broker reports `qtyMulti_com` (a CRUDEOIL lot is 100 barrels, priced per barrel),
 * `crossCurrency` and `rbiRefRate` on each position, and a rupee figure is quantity × price
 * move × multiplier (× the reference rate for a cross-currency pair). The composed app on the
 * Demo sandbox (over HTTP, the market standing still between reads) must show an MCX
 * position's P&L, its live P&L at a new price and the margin it blocks at that scale.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Exchange, OrderType, Segment, Side } from '../../../shared/broker/enums';
import type { Instrument } from '../../../shared/broker/instrument';
import { positionPlAt } from '../../../shared/marketdata/live-pnl';
import { DEMO_APP_ID, freeLoopbackPort } from '../../../sandbox/demo-app';
import { startSandbox, type SandboxHandle } from '../../../sandbox/index';
import { inProcessDemo } from '../../support/in-process-demo';
import { startComposedApp, type ComposedApp } from './composed-app';

/** The nearest future of a product on an exchange's derivative segment. */
function nearestFuture(all: readonly Instrument[], underlying: string, segment: number) {
  const futs = all
    .filter((i) => i.underlying === underlying && i.segment === segment && i.optionType === 'XX')
    .filter((i) => i.expiry !== null && i.ticker.endsWith('FUT'))
    .sort((a, b) => (a.expiry ?? 0) - (b.expiry ?? 0));
  assert.ok(futs[0], `a ${underlying} future in the master`);
  return futs[0];
}

describe('contract multipliers and cross-currency rates (composed app)', () => {
  let sandbox: SandboxHandle;
  let app: ComposedApp;

  /** Buys one lot at market and waits until the position shows it. */
  async function buyOne(symbol: string) {
    const intent = await app.call('orders.place', {
      draft: {
        symbol,
        qty: 1,
        type: OrderType.Market,
        side: Side.Buy,
        productType: 'INTRADAY',
      },
      confirmGuards: true,
    });
    assert.equal(intent.status, 'done', intent.note);
    // The market stands still (no ticker): step it until the fill shows in the positions.
    const deadline = Date.now() + 60_000;
    for (;;) {
      await app.control('tick', { n: 1 });
      const p = await app.core.broker.getPositions({ fresh: true });
      if (p.positions.find((x) => x.symbol === symbol)?.netQty === 1) return;
      assert.ok(Date.now() < deadline, `${symbol}: no fill within 60 s`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  before(async () => {
    sandbox = await startSandbox({
      autoApprove: true,
      testControls: true,
      tickMs: 0,
      latency: 'easy',
      apps: [
        {
          app_id: DEMO_APP_ID,
          secret: randomBytes(8).toString('hex').toUpperCase(),
          redirect_uri: `http://127.0.0.1:${await freeLoopbackPort()}/callback`,
          template: 'orders',
        },
      ],
    });
    app = await startComposedApp({ deps: { demoProcess: inProcessDemo(sandbox) } });
    await app.control('market', {
      exchange: Exchange.MCX,
      segment: Segment.Commodity,
      status: 'OPEN',
    });
    await app.control('market', {
      exchange: Exchange.NSE,
      segment: Segment.Currency,
      status: 'OPEN',
    });
  });

  after(async () => {
    await app?.close();
    await sandbox?.close();
  });

  it('a CRUDEOIL lot moves by 100 × the price move: broker P&L, live P&L and margin', async () => {
    const fut = nearestFuture(sandbox.instruments, 'CRUDEOIL', Segment.Commodity);
    const before = await app.call('portfolio.funds');
    await buyOne(fut.ticker);
    const p0 = (await app.call('portfolio.positions')).positions.find(
      (x) => x.symbol === fut.ticker,
    )!;
    assert.equal(p0.commodityMultiplier, 100, 'qtyMulti_com of CRUDEOIL');
    assert.equal(p0.crossCurrency, false);
    assert.equal(p0.rbiRefRate, 1);
    // The broker's own figure at its price: 1 lot × (ltp − average) × 100.
    const target = Math.round(p0.netAvg + 20);
    await app.control('price', { symbol: fut.ticker, ltp: target });
    const p1 = (await app.call('portfolio.positions')).positions.find(
      (x) => x.symbol === fut.ticker,
    )!;
    assert.ok(
      Math.abs(p1.unrealizedPl - (p1.ltp - p1.netAvg) * 100) < 1,
      `unrealized ${p1.unrealizedPl} at ltp ${p1.ltp}, average ${p1.netAvg}`,
    );
    assert.ok(p1.unrealizedPl > 1000, `a ₹20 rise on 100 barrels: ${p1.unrealizedPl}`);
    // The app's live P&L at a price ₹5 above the broker's: ₹500 more.
    const live = positionPlAt(p1, p1.ltp + 5);
    assert.ok(Math.abs(live.pl - p1.pl - 500) < 0.01, `live ${live.pl} vs broker ${p1.pl}`);
    // The commodity margin blocked is on the lot's value (100 barrels), not one barrel's.
    const after = await app.call('portfolio.funds');
    const blocked = (after.utilizedAmount.commodity ?? 0) - (before.utilizedAmount.commodity ?? 0);
    assert.ok(
      blocked >= p1.netAvg * 100 * 0.05,
      `margin blocked ${blocked} for a lot worth ${p1.netAvg * 100}`,
    );
  });

  it('a cross-currency future reports crossCurrency and the rupee reference rate; its P&L is in rupees', async () => {
    const fut = nearestFuture(sandbox.instruments, 'EURUSD', Segment.Currency);
    await buyOne(fut.ticker);
    const p0 = (await app.call('portfolio.positions')).positions.find(
      (x) => x.symbol === fut.ticker,
    )!;
    assert.equal(p0.crossCurrency, true);
    assert.ok(p0.rbiRefRate > 50 && p0.rbiRefRate < 150, `USD in rupees: ${p0.rbiRefRate}`);
    assert.equal(p0.commodityMultiplier, 1000, 'a lot is EUR 1,000');
    await app.control('price', {
      symbol: fut.ticker,
      ltp: Math.round((p0.netAvg + 0.01) * 1e4) / 1e4,
    });
    const p1 = (await app.call('portfolio.positions')).positions.find(
      (x) => x.symbol === fut.ticker,
    )!;
    const expected = (p1.ltp - p1.netAvg) * 1000 * p1.rbiRefRate;
    assert.ok(
      Math.abs(p1.unrealizedPl - expected) < 0.5,
      `unrealized ${p1.unrealizedPl}, expected ${expected} (move × 1000 × reference rate)`,
    );
    // The app's live P&L moves in rupees too.
    const live = positionPlAt(p1, p1.ltp + 0.01);
    assert.ok(
      Math.abs(live.pl - p1.pl - 0.01 * 1000 * p1.rbiRefRate) < 0.5,
      `live ${live.pl} vs broker ${p1.pl} at rate ${p1.rbiRefRate}`,
    );
  });
});
