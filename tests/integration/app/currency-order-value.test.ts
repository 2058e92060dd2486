/**
 * The fat-finger order-value guard values a currency derivative order at qty × price × the
 * contract's multiplier before any position exists (issue 20): NSE currency quantities are
 * lots, one USDINR lot is USD 1,000 priced in rupees per dollar, so 6 lots at ₹88.60 are
 * worth ₹5,31,600, above a ₹5 lakh limit. Once they were valued at ₹531.60 and went through.
 * Composed app: createAppCore in Demo on API v3 (real settings, the real symbol runtime
 * reading the sandbox's JSON symbol masters over HTTP); the refusal is checked against the
 * sandbox's request log: nothing reached the broker.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Instrument } from '../../../shared/broker/instrument';
import { Exchange, Segment, Side } from '../../../shared/broker/enums';
import type { ComposedApp } from './composed-app';
import { startValueGuardApp, type ValueGuardApp } from './value-guard-app';

describe('order value of currency contracts (composed app, sandbox over HTTP)', () => {
  let h: ValueGuardApp;
  let app: ComposedApp;
  let usdinr: Instrument;
  let eurusd: Instrument;
  const sends = () => h.sends();

  before(async () => {
    h = await startValueGuardApp({ exchange: Exchange.NSE, segment: Segment.Currency });
    app = h.app;
    usdinr = h.nearestFuture('USDINR');
    await app.control('price', { symbol: usdinr.ticker, ltp: 88.6 });
    eurusd = h.nearestFuture('EURUSD');
    await app.control('price', { symbol: eurusd.ticker, ltp: 1.16 });
  });
  after(async () => {
    await h?.close();
  });

  const buy = (qty: number) => ({
    symbol: usdinr.ticker,
    qty,
    type: 1,
    side: Side.Buy,
    productType: 'INTRADAY',
    limitPrice: 88.6,
  });

  it('the symbol runtime knows a USDINR lot is USD 1,000 before any position exists', async () => {
    const positions = await app.call('portfolio.positions');
    assert.equal(positions.positions.length, 0, 'no position to learn it from');
    const info = await app.call('symbols.get', { ticker: usdinr.ticker });
    assert.equal(info?.contractMultiplier, 1000, 'published qtyMultiplier of USDINR');
  });

  it('values 5 USDINR lots at ₹88.60 as ₹4,43,000 (within ₹5 lakh)', async () => {
    const checks = await app.call('orders.precheck', buy(5));
    assert.ok(
      !checks.some((x) => x.guard === 'max-value' || x.guard === 'unknown-multiplier'),
      `5 × 88.60 × 1000 = ₹4,43,000 is within ₹5 lakh: ${JSON.stringify(checks)}`,
    );
  });

  it('refuses 6 USDINR lots at ₹88.60 (worth ₹5,31,600) against a ₹5 lakh limit; nothing is sent', async () => {
    const was = sends().length;
    const intent = await app.call('orders.place', { draft: buy(6) });
    assert.equal(intent.status, 'blocked', `${intent.summary}: ${intent.note}`);
    const v = intent.violations.find((x) => x.guard === 'max-value');
    assert.ok(v, `max-value expected, got ${JSON.stringify(intent.violations)}`);
    assert.match(v.message, /5,31,600/);
    assert.match(v.message, /5,00,000/);
    assert.deepEqual(sends().slice(was), [], 'nothing reached the broker');
  });

  it('an EURUSD order (priced in dollars) is never valued as rupees: 10 lots ≈ ₹10 lakh ask first', async () => {
    // 10 lots × $1.16 × 1,000 = $11,600: read as rupees it passes a ₹5 lakh limit, but at the
    // exchange's reference rate (~₹88 a dollar) it is worth about ₹10 lakh. Until the rate is
    // known (a position reports it as rbiRefRate), its rupee value cannot be told.
    const was = sends().length;
    const info = await app.call('symbols.get', { ticker: eurusd.ticker });
    assert.equal(
      info?.contractMultiplier,
      null,
      'no rupee multiplier for a pair quoted in dollars',
    );
    const intent = await app.call('orders.place', {
      draft: { ...buy(10), symbol: eurusd.ticker, limitPrice: 1.16 },
    });
    assert.equal(intent.status, 'blocked', `${intent.summary}: ${intent.note}`);
    const v = intent.violations.find((x) => x.guard === 'unknown-multiplier');
    assert.ok(v, `unknown-multiplier expected, got ${JSON.stringify(intent.violations)}`);
    assert.match(v.message, /rupee/i);
    assert.deepEqual(sends().slice(was), [], 'nothing reached the broker');
  });
});
