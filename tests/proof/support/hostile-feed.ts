/**
 * The Hostile-input rows for a hostile market-data feed (issue 18 #4, #5, #9), through the
 * composed app (createAppCore in Demo mode, the embedded sandbox over HTTP and its socket):
 * prices stamped in the future, quotes answers padded with unrequested symbols or grown
 * past the cap, oversized socket frames, and a 15,000-symbol subscribe flood. Kept apart
 * from the IPC and normalizer generators of hostile-input.proof.ts, which calls `run`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createAppCore, type AppCore } from '../../../electron/core/app/app-core';
import { MAX_CACHED_SYMBOLS } from '../../../electron/core/marketdata/quote-cache';
import { paddedSymbol } from '../../../sandbox/controls/padded-answer';
import { QUOTES_PREFIX } from '../../../sandbox/data/routes';
import { V3_DATA_PREFIX } from '../../../sandbox/v3/addresses';
import { FYERS_V3_DATA_ROUTES } from '../../../electron/core/broker/dialects/fyers-v3/routes';
import type { BrokerDialectId } from '../../../shared/broker/dialect';
import { atLeast, atMost, zeroGoal, type ProofContext, type ProofFigure } from '../types';
import { assertDialect, chooseDemoDialect } from '../../support/demo-dialect';

const SBIN = 'NSE:SBIN-EQ';

/** The quotes call on each dialect's data host (where the padded answers are armed). */
const QUOTES_ROUTE: Record<BrokerDialectId, string> = {
  'fyers-v2': `GET ${QUOTES_PREFIX}quotes/`,
  'fyers-v3': `GET ${V3_DATA_PREFIX}${FYERS_V3_DATA_ROUTES.quotes}`,
};

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
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The heap in use after a full collection, in MB (what an answer left behind, not garbage). */
function heapKeptMb(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await sleep(20);
  }
  return check();
}

/** Runs the feed campaign; its figures and notes join the Hostile input section. */
export async function run(ctx: ProofContext): Promise<{ figures: ProofFigure[]; notes: string[] }> {
  const full = ctx.size === 'full';
  const futureSent = full ? 40 : 4;
  const bigAnswers = full ? 3 : 1;
  const bigItems = full ? 400_000 : 100_000;
  const bigFrames = full ? 3 : 1;
  const dataDir = await mkdtemp(join(tmpdir(), 'tickdesk-proof-feed-'));
  const core: AppCore = await createAppCore({
    appName: 'Tickdesk',
    version: '0.0.0-proof',
    platform: process.platform,
    host: 'harness',
    environment: 'demo',
    dataDir,
    openExternal: async () => {
      throw new Error('Demo mode must not open the system browser');
    },
    keychain: async () => ({ keychain: null, reason: 'proof: memory only' }),
    demo: { testControls: true },
    marketDataTuning: { pingEveryMs: 1_000, minBackoffMs: 50, maxBackoffMs: 300 },
  });
  const control = async (path: string, body: unknown): Promise<Record<string, unknown>> => {
    const r = await fetchAgain(new URL(`/__sandbox/${path}`, core.demoBrokerUrl!), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await r.json()) as Record<string, unknown>;
  };
  const fired = async (): Promise<number> => {
    const r = await fetchAgain(new URL('/__sandbox/faults', core.demoBrokerUrl!));
    const j = (await r.json()) as { fired: { byMode: Record<string, number> } };
    return j.fired.byMode.padded ?? 0;
  };
  try {
    await control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    await chooseDemoDialect(core, ctx.dialect);
    await core.session.login();
    assertDialect(core, ctx.dialect);
    await core.symbols.ready();
    await until(() => core.marketData.status().socket === 'open', 10_000);
    await core.marketData.subscribe('proof', 'watch', [SBIN]);
    await until(() => core.quotes.get(SBIN)?.source === 'socket', 10_000);

    // (1) Future-stamped prices: each must give way to the next real tick (~250 ms).
    let frozen = 0;
    let longestShownMs = 0;
    for (let k = 0; k < futureSent; k++) {
      const market = core.quotes.get(SBIN)!.ltp;
      const bogus = Math.round(market * (k % 2 ? 1.1 : 0.9) * 20) / 20;
      const aheadMs = [3_000, 60_000, 300_000, 86_400_000][k % 4]!;
      let shownAt = 0;
      const off = core.quotes.onChange((s) => {
        if (s.includes(SBIN) && core.quotes.get(SBIN)!.ltp === bogus && !shownAt)
          shownAt = Date.now();
      });
      await control('socket', { action: 'future', symbol: SBIN, ltp: bogus, aheadMs });
      await until(() => shownAt > 0, 2_000);
      const gone = await until(() => core.quotes.get(SBIN)!.ltp !== bogus, 3_000);
      off();
      if (!gone) frozen++;
      else if (shownAt) longestShownMs = Math.max(longestShownMs, Date.now() - shownAt);
    }

    // (2) Quotes answers padded with unrequested symbols, under and over the answer cap.
    const symbols = [
      'NSE:TCS-EQ',
      'NSE:INFY-EQ',
      'NSE:RELIANCE-EQ',
      'NSE:ITC-EQ',
      'NSE:HDFCBANK-EQ',
    ];
    const route = QUOTES_ROUTE[ctx.dialect];
    let padded = 0;
    const heapBefore = heapKeptMb();
    // CPU time, not wall-clock stall: the sandbox process building 88 MB answers competes
    // for the same cores, which a timer-lateness monitor would count against the app.
    const cpuBefore = process.cpuUsage();
    for (let k = 0; k <= bigAnswers; k++) {
      const before = await fired();
      const items = k === 0 ? 500 : bigItems;
      await control('faults', { route, mode: 'padded', items });
      await core.marketData.subscribe('proof', 'watch', [symbols[k % symbols.length]!]);
      if (await until(async () => (await fired()) > before, 20_000)) padded++;
      await sleep(200);
      core.marketData.unsubscribe('proof', 'watch', [symbols[k % symbols.length]!]);
    }
    const cpu = process.cpuUsage(cpuBefore);
    const answerCpuMs = Math.round((cpu.user + cpu.system) / 1000);
    const heapGrowth = Math.max(0, Math.round(heapKeptMb() - heapBefore));
    let unrequestedCached = 0;
    for (let i = 0; i < bigItems; i++) if (core.quotes.get(paddedSymbol(i))) unrequestedCached++;

    // (3) Oversized socket frames: refused from the header, the socket reconnects.
    const delay = monitorEventLoopDelay({ resolution: 10 });
    let framesRead = 0;
    delay.enable();
    for (let k = 0; k < bigFrames; k++) {
      const reconnects = core.marketData.status().reconnects;
      await control('socket', { action: 'oversized', bytes: 60 * 1024 * 1024 });
      const refused = await until(
        () =>
          core.marketData.status().reconnects > reconnects &&
          core.marketData.status().socket === 'open',
        10_000,
      );
      if (!refused) framesRead++;
    }
    delay.disable();
    const frameStallMs = Math.round(delay.max / 1e6);

    // (4) A 15,000-symbol subscribe flood in 30 calls: every call answered promptly.
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
    const started = Date.now();
    const answered: number[] = [];
    const calls = Array.from({ length: 30 }, (_, k) =>
      core.marketData
        .subscribe(`flood${k}`, 'watch', tickers.slice(k * 500, (k + 1) * 500))
        .then(() => answered.push(Date.now() - started)),
    );
    await Promise.race([Promise.all(calls), sleep(30_000)]);
    const unanswered = 30 - answered.length;
    const slowest = answered.length ? Math.max(...answered) : 30_000;
    for (let k = 0; k < 30; k++) core.marketData.releaseOwner(`flood${k}`);

    return {
      figures: [
        atLeast('future-stamped prices sent (3 s .. 1 day ahead)', futureSent, futureSent),
        zeroGoal('future-stamped prices still shown after 3 s', frozen),
        atMost('longest a future-stamped price was shown', longestShownMs, 1_000, ' ms'),
        atLeast('padded quotes answers sent', padded, bigAnswers + 1),
        zeroGoal('unrequested symbols cached', unrequestedCached),
        atMost('quote cache size', core.quotes.size(), MAX_CACHED_SYMBOLS),
        atMost('heap kept after the padded answers', heapGrowth, 50, ' MB'),
        atMost('app CPU time over the padded answers', answerCpuMs, 1_000, ' ms'),
        zeroGoal('oversized socket frames read', framesRead),
        atMost('longest main-thread stall during oversized frames', frameStallMs, 500, ' ms'),
        zeroGoal('subscribe calls unanswered (15,000-symbol flood)', unanswered),
        atMost('slowest subscribe call in the flood', slowest, 5_000, ' ms'),
      ],
      notes: [
        `feed (Demo on ${ctx.dialect}, its market-data socket as the app runs it): ${futureSent} packets stamped 3 s..1 day ahead at ±10% of SBIN; 1 quotes answer padded with 500 unrequested symbols and ${bigAnswers} with ${bigItems.toLocaleString('en-US')} (over the 1 MiB cap); ${bigFrames} socket frames of 60 MB; 15,000 F&O tickers subscribed in 30 calls at once (the sandbox in its own process, as in Demo mode)`,
      ],
    };
  } finally {
    await core.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
