/**
 * The broker's own IV and Greeks in the option chain (issue 22 #3, last clause), through the
 * composed app: createAppCore in Demo mode with real settings, the real symbol runtime and the
 * sandbox over HTTP, Demo switched to API v3, whose option-chain endpoint sends them. The
 * figures that reach the renderer's channel are the broker's (the sandbox's own surface, so
 * they reprice its quoted premiums), each contract named by the master's ticker; on API v2,
 * which has no such endpoint, the channel refuses plainly and the capability is off.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { SandboxHandle } from '../../../sandbox/index';
import { black76 } from '../../../shared/options/black76';
import { CARRY_RATE } from '../../../sandbox/market/price-model';
import { inProcessDemo } from '../../support/in-process-demo';
import { startComposedApp, type ComposedApp, ChannelError } from '../app/composed-app';
import { startDemoSandbox } from '../safety/composed-app';

const SPOT = 'NSE:NIFTY50-INDEX';

describe('the broker’s option Greeks on API v3 (composed app, sandbox over HTTP)', () => {
  let app: ComposedApp;
  let sandbox: SandboxHandle;
  const requests: string[] = [];

  before(async () => {
    sandbox = await startDemoSandbox(undefined, (line) => requests.push(line));
    app = await startComposedApp({ login: false, deps: { demoProcess: inProcessDemo(sandbox) } });
    await app.call('settings.updatePreferences', { patch: { demoBroker: 'fyers-v3' } });
    const s = await app.call('session.login', {});
    assert.equal(s.status, 'active', JSON.stringify(s.lastError));
    await app.core.symbols.ready();
  });
  after(async () => {
    await app?.close();
    await sandbox?.close();
  });

  it('the v3 account offers the broker’s option chain', async () => {
    const info = await app.call('app.info');
    assert.equal(info.account?.capabilities.optionChainEndpoint, true);
  });

  it('the broker’s IV and delta reach the chain, per contract of the master, consistent with its prices', async () => {
    const expiries = await app.call('symbols.expiries', { underlying: 'NIFTY' });
    const expiry = expiries[0]!.expiry;
    const chain = await app.call('symbols.optionChain', { underlying: 'NIFTY', expiry });
    assert.ok(chain && chain.rows.length > 0);
    const strikeOf = new Map<string, number>();
    for (const r of chain.rows) for (const t of [r.ce, r.pe]) if (t) strikeOf.set(t, r.strike);
    const got = await app.call('marketdata.brokerChain', { symbol: SPOT, expiry, strikes: 3 });
    assert.ok(
      requests.some((l) => l.startsWith('GET /data/options-chain-v3')),
      'the v3 data host was asked',
    );
    assert.equal(got.symbol, SPOT);
    assert.equal(got.expiry, expiry);
    assert.deepEqual(got.rejected, []);
    assert.ok(got.rows.length >= 4, `calls and puts of several strikes: ${got.rows.length}`);
    const symbols = [SPOT, ...got.rows.map((r) => r.ticker)];
    await app.call('marketdata.subscribe', { owner: 'test', reason: 'option-chain', symbols });
    // Wait (no fixed sleep) until every contract and the underlying is priced.
    let quotes = await app.call('marketdata.snapshot', { symbols });
    for (let n = 0; quotes.length < symbols.length && n < 600; n++) {
      await new Promise((r) => setTimeout(r, 100));
      quotes = await app.call('marketdata.snapshot', { symbols });
    }
    assert.equal(quotes.length, symbols.length, 'every contract is priced');
    const ltp = (t: string) => quotes.find((q) => q.symbol === t)?.ltp;
    const spot = ltp(SPOT)!;
    const years = (expiry * 1000 - Date.now()) / (365 * 86_400_000);
    for (const r of got.rows) {
      assert.ok(strikeOf.has(r.ticker), `${r.ticker} is a contract of the master's chain`);
      assert.ok(r.iv !== null && r.iv > 0.01 && r.iv < 1, `${r.ticker}: IV a fraction, ${r.iv}`);
      assert.ok(r.delta !== null && Math.abs(r.delta) < 1);
      assert.equal(Math.sign(r.delta), r.ticker.endsWith('CE') ? 1 : -1);
      // The broker's IV reprices the contract to about its quoted premium (one surface).
      const premium = ltp(r.ticker)!;
      const model = black76({
        right: r.ticker.endsWith('CE') ? 'CE' : 'PE',
        forward: spot * Math.exp(CARRY_RATE * years),
        strike: strikeOf.get(r.ticker)!,
        years,
        rate: CARRY_RATE,
        vol: r.iv,
      });
      assert.ok(
        Math.abs(model - premium) <= Math.max(2, premium * 0.1),
        `${r.ticker}: broker IV ${r.iv} reprices to ${model.toFixed(2)}, quoted ${premium}`,
      );
    }
  });

  it('one contract the broker sends unreadable is named; the others still arrive', async () => {
    const expiry = (await app.call('symbols.expiries', { underlying: 'NIFTY' }))[0]!.expiry;
    const whole = await app.call('marketdata.brokerChain', { symbol: SPOT, expiry, strikes: 2 });
    // Row 0 of the answer is the underlying; row 1 the first contract: give it a delta of 7.
    await app.control('row-patch', {
      route: 'GET /data/options-chain-v3',
      list: 'data.optionsChain',
      index: 1,
      patch: { greeks: { delta: 7, gamma: 0, theta: 0, vega: 0, iv: 15 } },
    });
    const got = await app.call('marketdata.brokerChain', { symbol: SPOT, expiry, strikes: 2 });
    assert.equal(got.rejected.length, 1, JSON.stringify(got.rejected));
    const bad = got.rejected[0]!;
    // Named by its ticker (the lowest call of the window: the answer lists strikes ascending).
    assert.match(bad.row, /^NSE:NIFTY\w+CE$/, 'the bad contract is named by its ticker');
    assert.match(bad.reason, /delta/);
    assert.doesNotMatch(bad.reason, /greeks|optionsChain|\//);
    assert.ok(!got.rows.some((r) => r.ticker === bad.row));
    // The window may move with the index between the two reads; its size does not.
    assert.equal(got.rows.length, whole.rows.length - 1, 'every other contract still arrives');
    assert.ok(got.rows.every((r) => r.iv !== null && r.delta !== null));
  });

  it('on API v2 the capability is off and the channel refuses plainly', async () => {
    await app.call('session.logout');
    await app.call('settings.updatePreferences', { patch: { demoBroker: 'fyers-v2' } });
    const s = await app.call('session.login', {});
    assert.equal(s.status, 'active', JSON.stringify(s.lastError));
    const info = await app.call('app.info');
    assert.equal(info.account?.capabilities.optionChainEndpoint, false);
    const expiry = (await app.call('symbols.expiries', { underlying: 'NIFTY' }))[0]!.expiry;
    await assert.rejects(
      app.call('marketdata.brokerChain', { symbol: SPOT, expiry, strikes: 3 }),
      (e: unknown) =>
        e instanceof ChannelError &&
        e.error.kind === 'unsupported' &&
        !/options-chain|greeks/.test(e.error.message),
    );
  });
});
