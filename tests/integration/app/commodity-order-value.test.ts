/**
 * The fat-finger order-value guard values a commodity order at qty × price × the contract's
 * multiplier before any position exists (issue 20 #6): one MCX CRUDEOIL lot holds 100
 * barrels priced per barrel, so 1 lot at ₹6,000 is worth ₹6,00,000, above a ₹5 lakh limit.
 * Once it was valued at ₹6,000 and went through. Composed app: createAppCore in Demo on API
 * v3 (real settings, the real symbol runtime reading the sandbox's symbol masters over HTTP),
 * every refusal checked against the sandbox's own request log: nothing reached the broker,
 * for a single order, a GTT leg and a multi-leg leg. An NSE equity order is valued as before.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Instrument } from '../../../shared/broker/instrument';
import { Exchange, Segment, Side } from '../../../shared/broker/enums';
import { startComposedApp, type ComposedApp } from './composed-app';
import { startValueGuardApp, type ValueGuardApp } from './value-guard-app';

const SBIN = 'NSE:SBIN-EQ';

describe('order value of commodity contracts (composed app, sandbox over HTTP)', () => {
  let h: ValueGuardApp;
  let app: ComposedApp;
  let crude: Instrument;
  const sends = () => h.sends();

  before(async () => {
    h = await startValueGuardApp({ exchange: Exchange.MCX, segment: Segment.Commodity });
    app = h.app;
    crude = h.nearestFuture('CRUDEOIL');
    await app.control('price', { symbol: crude.ticker, ltp: 6000 });
    await app.control('price', { symbol: SBIN, ltp: 800 });
  });
  after(async () => {
    await h?.close();
  });

  const crudeBuy = (over: Record<string, unknown> = {}) => ({
    symbol: crude.ticker,
    qty: 1,
    type: 1,
    side: Side.Buy,
    productType: 'INTRADAY',
    limitPrice: 6000,
    ...over,
  });

  it('the symbol runtime knows the CRUDEOIL lot is 100 barrels before any position exists', async () => {
    const positions = await app.call('portfolio.positions');
    assert.equal(positions.positions.length, 0, 'no position to learn it from');
    const info = await app.call('symbols.get', { ticker: crude.ticker });
    assert.equal(info?.contractMultiplier, 100, 'published qtyMultiplier of CRUDEOIL');
    const sbin = await app.call('symbols.get', { ticker: SBIN });
    assert.equal(sbin?.contractMultiplier, 1);
  });

  it('refuses 1 CRUDEOIL lot at ₹6,000 (worth ₹6,00,000) against a ₹5 lakh limit; nothing is sent', async () => {
    const was = sends().length;
    const intent = await app.call('orders.place', { draft: crudeBuy() });
    assert.equal(intent.status, 'blocked', `${intent.summary}: ${intent.note}`);
    const v = intent.violations.find((x) => x.guard === 'max-value');
    assert.ok(v, `max-value expected, got ${JSON.stringify(intent.violations)}`);
    assert.match(v.message, /6,00,000/);
    assert.match(v.message, /5,00,000/);
    assert.deepEqual(sends().slice(was), [], 'nothing reached the broker');
  });

  it('refuses the same lot as a GTT leg (v3) before reading or sending anything', async () => {
    const was = sends().length;
    const r = await app.core.gtt.create({
      kind: 'single',
      symbol: crude.ticker,
      side: Side.Buy,
      productType: 'MARGIN',
      leg: { triggerPrice: 6000, limitPrice: 6000, qty: 1 },
    });
    assert.equal(r.status, 'confirm', r.note);
    assert.ok(
      r.checks.some((c) => c.guard === 'max-value' && /6,00,000/.test(c.message)),
      `max-value on the leg expected, got ${JSON.stringify(r)}`,
    );
    assert.deepEqual(sends().slice(was), [], 'no GTT create reached the broker');
  });

  it('refuses the same lot as a multi-leg leg; nothing is sent', async () => {
    const was = sends().length;
    const intent = await app.call('orders.placeMultiLeg', {
      legs: [
        crudeBuy({ productType: 'MARGIN' }),
        crudeBuy({ productType: 'MARGIN', side: Side.Sell, limitPrice: 5990 }),
      ],
    });
    assert.equal(intent.status, 'blocked', `${intent.summary}: ${intent.note}`);
    assert.ok(
      intent.violations.some(
        (x) => x.guard === 'max-value' && /^Leg 1 /.test(x.message) && /6,00,000/.test(x.message),
      ),
      `max-value on leg 1 expected, got ${JSON.stringify(intent.violations)}`,
    );
    assert.deepEqual(sends().slice(was), [], 'no multi-leg order reached the broker');
  });

  it('values an NSE equity order as qty × price, as before', async () => {
    const sbin = (qty: number) => ({
      symbol: SBIN,
      qty,
      type: 1,
      side: Side.Buy,
      productType: 'INTRADAY',
      limitPrice: 800,
    });
    const under = await app.call('orders.precheck', sbin(600));
    assert.ok(
      !under.some((x) => x.guard === 'max-value'),
      `600 × ₹800 = ₹4,80,000 is within ₹5 lakh: ${JSON.stringify(under)}`,
    );
    const over = await app.call('orders.precheck', sbin(700));
    const v = over.find((x) => x.guard === 'max-value');
    assert.ok(v, `700 × ₹800 = ₹5,60,000 is above ₹5 lakh: ${JSON.stringify(over)}`);
    assert.match(v.message, /5,60,000/);
  });
});

describe('a commodity whose multiplier is unknown (composed app)', () => {
  let app: ComposedApp;
  let dataDir: string;
  before(async () => {
    // Today's list of contract sizes was read and lists no contract (a contract the broker
    // added after it, or a list that came back empty): the same IST day, it is not read again.
    dataDir = await mkdtemp(join(tmpdir(), 'tickdesk-sizes-'));
    await mkdir(join(dataDir, 'symbols'), { recursive: true });
    await writeFile(
      join(dataDir, 'symbols', 'contract-sizes.json'),
      JSON.stringify({ checkedAt: new Date().toISOString(), files: {} }),
    );
    app = await startComposedApp({ dataDir });
    await app.control('market', {
      exchange: Exchange.MCX,
      segment: Segment.Commodity,
      status: 'OPEN',
    });
  });
  after(async () => {
    await app?.close();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  });

  it('is never valued as if it were 1: the order asks, the ticket has no value to show', async () => {
    const hit = (await app.call('symbols.search', { query: 'crudeoil fut', limit: 10 })).find(
      (s) => s.ticker.startsWith('MCX:CRUDEOIL') && s.ticker.endsWith('FUT'),
    );
    assert.ok(hit, 'a CRUDEOIL future in search');
    assert.equal(hit.contractMultiplier, null);
    await app.control('price', { symbol: hit.ticker, ltp: 6000 });
    const sent = await app.sandboxOrderCount();
    const intent = await app.call('orders.place', {
      draft: {
        symbol: hit.ticker,
        qty: 1,
        type: 1,
        side: Side.Buy,
        productType: 'INTRADAY',
        limitPrice: 6000,
      },
    });
    assert.equal(intent.status, 'blocked', `${intent.summary}: ${intent.note}`);
    const v = intent.violations.find((x) => x.guard === 'unknown-multiplier');
    assert.ok(v, `unknown-multiplier expected, got ${JSON.stringify(intent.violations)}`);
    assert.match(v.message, /contract size/);
    assert.ok(!intent.violations.some((x) => x.guard === 'max-value'), 'no value was made up');
    assert.equal(await app.sandboxOrderCount(), sent, 'nothing reached the sandbox');
  });
});
