/**
 * The option chain's and the charts screen's channels through the composed app (createAppCore
 * in Demo mode, the embedded sandbox over HTTP and its socket), called exactly as the renderer
 * calls them: history candles from the data API, the live tick that extends them, the day's
 * MTM series, and an option chain from the symbol master priced live with open interest.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { OrderType, Side } from '../../../shared/broker/enums';
import { istDayKey } from '../../../shared/format/ist';
import { CandleHistory } from '../../../shared/marketdata/candle';
import type { Quote } from '../../../shared/marketdata/quote';
import { strikesAround } from '../../../shared/marketdata/option-chain';
import { eventually } from '../../support/fake-data-socket';
import { startComposedApp, type ComposedApp } from './composed-app';

const SBIN = 'NSE:SBIN-EQ';

describe('option chain and charts through the composed app', () => {
  let app: ComposedApp;
  before(async () => {
    app = await startComposedApp();
  });
  after(async () => {
    await app?.close();
  });

  it('marketdata.history answers finite, ordered candles from the sandbox for every resolution', async () => {
    const before = app.core.scheduler.getState().day.used;
    for (const resolution of [1, 5, 15, 60] as const) {
      const h = await app.call('marketdata.history', { symbol: SBIN, resolution });
      assert.ok(CandleHistory.safeParse(h).success);
      assert.equal(h.symbol, SBIN);
      assert.equal(h.dropped, 0, 'the sandbox sends no bad candles');
      assert.ok(h.candles.length > 5, `${resolution}-minute candles: ${h.candles.length}`);
      for (let k = 1; k < h.candles.length; k++)
        assert.ok(h.candles[k]!.time > h.candles[k - 1]!.time, 'oldest first, no repeats');
      for (const c of h.candles) {
        assert.ok(c.low <= Math.min(c.open, c.close) && c.high >= Math.max(c.open, c.close));
        assert.ok(c.time * 1000 <= Date.now());
      }
      // Session-aligned: every start is a whole number of candles from 09:15 IST.
      const minutesIst = (h.candles[0]!.time / 60 + 330) % 1440;
      assert.equal((minutesIst - 555 + 1440 * 10) % resolution, 0);
    }
    assert.equal(app.core.scheduler.getState().day.used - before, 4, 'one request per read');
  });

  it('a bad resolution or an unknown symbol is a clear error, not an empty chart', async () => {
    const bad = await app.dispatch('marketdata.history', { symbol: SBIN, resolution: 7 });
    assert.equal(bad.ok, false);
    const unknown = await app.dispatch('marketdata.history', {
      symbol: 'NSE:NOSUCHCO-EQ',
      resolution: 5,
    });
    assert.equal(unknown.ok, false);
    if (!unknown.ok) assert.match(unknown.error.message, /symbol/i);
  });

  it('with the market open, today’s last candle closes at the live price', async () => {
    await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    await app.control('tick', { n: 20 });
    await app.call('marketdata.subscribe', { owner: 'chart', reason: 'chart', symbols: [SBIN] });
    const h = await app.call('marketdata.history', { symbol: SBIN, resolution: 1 });
    const last = h.candles.at(-1)!;
    assert.equal(istDayKey(last.time * 1000), istDayKey(Date.now()), 'today’s candle is there');
    const [q] = await app.call('marketdata.snapshot', { symbols: [SBIN] });
    assert.equal(last.close, q!.ltp);
    await app.call('marketdata.unsubscribe', { owner: 'chart', reason: 'chart' });
  });

  it('marketdata.mtm samples the day’s positions at once and totals their live P&L', async () => {
    // The samples cover the fill's own minute only when the first positions read lands in it
    // (otherwise that minute is rightly rebuilt): keep the fill clear of a minute's last 15 s,
    // since the read follows it within a few seconds. A fill at hh:mm:59 made this flaky.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((r) => setTimeout(r, 60_100 - intoMinute));
    const intent = await app.call('orders.place', {
      draft: {
        symbol: SBIN,
        qty: 2,
        type: OrderType.Market,
        side: Side.Buy,
        productType: 'INTRADAY',
      },
      confirmGuards: true,
    });
    assert.equal(intent.status, 'done', intent.note);
    await app.control('tick', { n: 3 });
    await eventually('a position read', () => app.core.mtm.sampled().length > 0, 15_000);
    const series = await app.call('marketdata.mtm');
    assert.ok(series.points.length >= 1);
    const last = series.points.at(-1)!;
    assert.equal(last.source, 'sampled');
    assert.ok(Number.isFinite(last.pl));
    assert.ok(last.positions >= 1);
    assert.ok(Math.abs(last.at - Date.now()) < 120_000);
    // Seen from the fill on: the samples cover the day, nothing is rebuilt.
    assert.equal(series.rebuiltFrom, null);
    assert.deepEqual(series.notes, []);
  });

  it('an option chain from the symbol master, priced live with open interest', async () => {
    const underlyings = await app.call('symbols.optionUnderlyings');
    assert.equal(underlyings[0]?.name, 'NIFTY');
    assert.equal(underlyings[0]?.spot, 'NSE:NIFTY50-INDEX');
    assert.ok(
      underlyings.some((u) => u.name === 'SBIN' && u.spot === SBIN),
      'stocks too',
    );
    const expiries = await app.call('symbols.expiries', { underlying: 'NIFTY' });
    assert.ok(expiries.length > 1);
    const today = istDayKey(Date.now());
    assert.ok(
      expiries.every((e) => e.date >= today),
      'no past expiry offered',
    );
    const chain = await app.call('symbols.optionChain', {
      underlying: 'NIFTY',
      expiry: expiries[0]!.expiry,
    });
    assert.ok(chain && chain.rows.length > 10);
    assert.ok(chain.lotSize > 0);
    await app.call('marketdata.subscribe', {
      owner: 'option-chain',
      reason: 'option-chain',
      symbols: [chain.spot!],
    });
    // Subscribing answers at once (issue 18 #9); the first price follows from the socket.
    const spotLtp = () => app.core.marketData.snapshot([chain.spot!])[0]?.ltp ?? 0;
    await eventually('the index priced', () => spotLtp() > 0, 10_000);
    const window = strikesAround(chain.rows, spotLtp(), 3);
    assert.ok(window.atm >= 0, 'the index price finds an ATM strike');
    const tickers = window.rows.flatMap((r) => [r.ce, r.pe]).filter((t): t is string => !!t);
    await app.call('marketdata.subscribe', {
      owner: 'option-chain',
      reason: 'option-chain',
      symbols: tickers,
    });
    // The socket's snapshot packets (31038) carry today's and the previous day's open interest.
    const withOi = (): Quote[] =>
      app.core.marketData
        .snapshot(tickers)
        .filter((q) => q.openInterest !== null && q.prevOpenInterest !== null);
    await eventually(
      'open interest on every contract',
      () => withOi().length === tickers.length,
      10_000,
    );
    await app.call('marketdata.unsubscribe', { owner: 'option-chain', reason: 'option-chain' });
    assert.equal(await app.call('symbols.optionChain', { underlying: 'NOSUCH', expiry: 1 }), null);
  });
});
