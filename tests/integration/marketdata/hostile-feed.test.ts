/**
 * A hostile or broken market-data feed through the composed app (createAppCore in Demo
 * mode, the embedded sandbox over HTTP and its real socket), issue 18 #4, #5 and #9:
 * one price stamped in the future must not freeze a quote, a quotes answer padded with
 * symbols nobody asked for keeps only what was asked, an oversized answer or socket frame is
 * refused unread, and a flood of subscriptions is answered without waiting on REST quotes.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createAppCore, type AppCore } from '../../../electron/core/app/app-core';
import { paddedSymbol } from '../../../sandbox/controls/padded-answer';
import { QUOTES_PREFIX } from '../../../sandbox/data/routes';
import { eventually } from '../../support/fake-data-socket';

const SBIN = 'NSE:SBIN-EQ';

/**
 * A sandbox control request, tried again when its pooled connection was reset: the app
 * cuts off oversized answers mid-stream, and the next request may meet that closed socket.
 */
async function fetchAgain(url: URL, init?: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}
const QUOTES_ROUTE = `GET ${QUOTES_PREFIX}quotes/`;

describe('a hostile market-data feed in the composed app', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tickdesk-hostile-md-'));
  let core: AppCore;

  const control = async (path: string, body: unknown) => {
    const r = await fetchAgain(new URL(`/__sandbox/${path}`, core.demoBrokerUrl!), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const j = (await r.json()) as Record<string, unknown>;
    assert.equal(r.status, 200, JSON.stringify(j));
    return j;
  };
  /** The app log's lines so far that contain `text` (the logger writes them as they come). */
  const logLines = (text: string): string[] =>
    readdirSync(join(dataDir, 'logs'))
      .filter((n) => n.startsWith('tickdesk-'))
      .flatMap((n) => readFileSync(join(dataDir, 'logs', n), 'utf8').split('\n'))
      .filter((l) => l.includes(text));
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  /** How many `padded` faults the sandbox has fired so far. */
  const padded = async (): Promise<number> => {
    const r = await fetchAgain(new URL('/__sandbox/faults', core.demoBrokerUrl!));
    const j = (await r.json()) as { fired: { byMode: Record<string, number> } };
    return j.fired.byMode.padded ?? 0;
  };
  const eventuallyAsync = async (what: string, check: () => Promise<boolean>, ms = 5_000) => {
    const until = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > until) throw new Error(`timed out waiting for: ${what}`);
      await sleep(50);
    }
  };

  before(async () => {
    core = await createAppCore({
      appName: 'Tickdesk',
      version: '0.0.0-test',
      platform: process.platform,
      host: 'harness',
      environment: 'demo',
      dataDir,
      openExternal: async () => {
        throw new Error('Demo mode must not open the system browser');
      },
      keychain: async () => ({ keychain: null, reason: 'test: memory only' }),
      demo: { testControls: true },
      marketDataTuning: { pingEveryMs: 300, minBackoffMs: 50, maxBackoffMs: 300 },
    });
    await control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    const s = await core.session.login();
    assert.equal(s.status, 'active', JSON.stringify(s.lastError));
    await core.symbols.ready();
    await eventually('the price socket open', () => core.marketData.status().socket === 'open');
  });

  after(async () => {
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('one price stamped five minutes ahead is replaced by the next real tick', async () => {
    await core.marketData.subscribe('test', 'watch', [SBIN]);
    await eventually('a socket tick', () => core.quotes.get(SBIN)?.source === 'socket', 5_000);
    const market = core.quotes.get(SBIN)!.ltp;
    const bogus = Math.round(market * 0.9 * 20) / 20;
    const seen: { ltp: number; at: number }[] = [];
    const off = core.quotes.onChange((symbols) => {
      if (symbols.includes(SBIN)) seen.push({ ltp: core.quotes.get(SBIN)!.ltp, at: Date.now() });
    });
    try {
      const r = await control('socket', { action: 'future', symbol: SBIN, ltp: bogus });
      assert.equal(r.affected, 1);
      await eventually('the future-stamped price arrived', () => seen.some((s) => s.ltp === bogus));
      const arrived = seen.find((s) => s.ltp === bogus)!.at;
      // The sandbox ticks every 250 ms: a second is several ticks, never a lucky one.
      await eventually(
        'a real tick replaced the future-stamped price',
        () => seen.some((s) => s.at >= arrived && Math.abs(s.ltp - market) < market * 0.05),
        1_500,
      );
      await sleep(600);
      const now = core.quotes.lastPrice(SBIN)!;
      assert.notEqual(now.ltp, bogus, 'the quote follows the market, not the stamped packet');
      assert.ok(Math.abs(now.ltp - market) < market * 0.05, `${now.ltp} vs market ${market}`);
    } finally {
      off();
      core.marketData.unsubscribe('test', 'watch');
    }
  });

  it('a quotes answer padded with symbols nobody asked for keeps only the asked ones', async () => {
    const before = core.quotes.size();
    const firedBefore = await padded();
    await control('faults', { route: QUOTES_ROUTE, mode: 'padded', items: 500 });
    await core.marketData.subscribe('test', 'watch', ['NSE:TCS-EQ']);
    await eventually('TCS priced', () => core.quotes.get('NSE:TCS-EQ') !== undefined, 5_000);
    await eventuallyAsync('the padded answer was sent', async () => (await padded()) > firedBefore);
    await sleep(300);
    assert.equal(core.quotes.get(paddedSymbol(0)), undefined, 'an unrequested symbol is dropped');
    assert.ok(core.quotes.size() <= before + 1, `cache grew to ${core.quotes.size()}`);
    core.marketData.unsubscribe('test', 'watch');
  });

  it('an oversized quotes answer is refused unread, logged once, and nothing of it is cached', async () => {
    const before = core.quotes.size();
    await control('faults', { route: QUOTES_ROUTE, mode: 'padded', items: 100_000, times: 2 });
    await core.marketData.subscribe('test', 'watch', ['NSE:INFY-EQ']);
    await core.marketData.subscribe('test', 'watch', ['NSE:RELIANCE-EQ']);
    await eventually(
      'both oversized answers refused',
      () => logLines('answer too large').length > 0,
      10_000,
    );
    await sleep(1_000);
    assert.equal(logLines('answer too large').length, 1, 'logged once, not per answer');
    assert.equal(core.quotes.get(paddedSymbol(0)), undefined);
    assert.ok(core.quotes.size() <= before + 2, `cache grew to ${core.quotes.size()}`);
    core.marketData.unsubscribe('test', 'watch');
  });

  it('an oversized socket frame is refused unread: the socket reconnects and prices keep coming', async () => {
    await core.marketData.subscribe('test', 'watch', [SBIN]);
    const reconnects = core.marketData.status().reconnects;
    const r = await control('socket', { action: 'oversized', bytes: 60 * 1024 * 1024 });
    assert.equal(r.affected, 1);
    await eventually(
      'reconnected after the refused frame',
      () =>
        core.marketData.status().reconnects > reconnects &&
        core.marketData.status().socket === 'open',
      10_000,
    );
    const since = Date.now();
    let fresh = false;
    const off = core.quotes.onChange((s) => {
      if (s.includes(SBIN) && core.quotes.get(SBIN)?.source === 'socket' && Date.now() > since)
        fresh = true;
    });
    await eventually('a socket tick after the reconnect', () => fresh, 5_000);
    off();
    assert.equal(logLines('frame larger than').length, 1, 'the refused frame is logged once');
    core.marketData.unsubscribe('test', 'watch');
  });

  it('a 15,000-symbol subscribe flood answers every subscribe call promptly', async () => {
    const csv = await (
      await fetchAgain(new URL('/sym_details/NSE_FO.csv', core.demoBrokerUrl!))
    ).text();
    const tickers = [
      ...new Set(
        csv
          .split('\n')
          .map((l) => l.split(',').find((f) => /^NSE:\S+$/.test(f)))
          .filter((t): t is string => t !== undefined),
      ),
    ].slice(0, 15_000);
    assert.equal(tickers.length, 15_000, 'the sandbox master has 15,000 F&O tickers');
    const started = Date.now();
    const answered: number[] = [];
    const calls = Array.from({ length: 30 }, (_, k) =>
      core.marketData
        .subscribe(`flood${k}`, 'watch', tickers.slice(k * 500, (k + 1) * 500))
        .then(() => answered.push(Date.now() - started)),
    );
    // Waits a bounded time: unanswered calls are the failure, not a hung test.
    await Promise.race([Promise.all(calls), sleep(20_000)]);
    assert.equal(
      answered.length,
      30,
      `${30 - answered.length} subscribe calls unanswered after 20 s`,
    );
    const slowest = Math.max(...answered);
    assert.ok(slowest < 5_000, `the slowest subscribe call took ${slowest} ms`);
    for (let k = 0; k < 30; k++) core.marketData.releaseOwner(`flood${k}`);
  });
});
