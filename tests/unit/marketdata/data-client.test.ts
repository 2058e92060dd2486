/**
 * The broker's data REST client (electron/core/marketdata/data-client.ts) with an injected
 * transport and scheduler: quotes are asked 50 symbols at a time, depth survives malformed
 * levels without a wrong price, and every request waits in the scheduler at background
 * priority. The composed app against the sandbox is proven in tests/integration/marketdata.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { HttpTransport, TransportRequest } from '../../../electron/core/broker/http-transport';
import type { ScheduledJob } from '../../../electron/core/limiter/request-scheduler';
import { createDataClient, MAX_QUOTE_SYMBOLS } from '../../../electron/core/marketdata/data-client';

const NOW = Date.UTC(2026, 10, 23, 5, 0, 0);

/** A transport that records each request and answers with `answer(req)`. */
function fakeTransport(answer: (req: TransportRequest) => Record<string, unknown>) {
  const requests: TransportRequest[] = [];
  const transport: HttpTransport = {
    origin: 'http://127.0.0.1:1',
    send: () => Promise.reject(new Error('the data client uses request()')),
    request: async (req) => {
      requests.push(req);
      return answer(req);
    },
  };
  return { transport, requests };
}

/** A scheduler that records each job and runs it only when released. */
function heldScheduler() {
  const jobs: ScheduledJob<unknown>[] = [];
  const waiting: (() => void)[] = [];
  return {
    jobs,
    schedule<T>(job: ScheduledJob<T>): Promise<T> {
      jobs.push(job as ScheduledJob<unknown>);
      return new Promise<T>((resolve, reject) =>
        waiting.push(() => void job.run().then(resolve, reject)),
      );
    },
    releaseAll() {
      for (const go of waiting.splice(0)) go();
    },
  };
}

/** A scheduler that runs each job at once, recording it. */
function passingScheduler() {
  const jobs: ScheduledJob<unknown>[] = [];
  return {
    jobs,
    schedule<T>(job: ScheduledJob<T>): Promise<T> {
      jobs.push(job as ScheduledJob<unknown>);
      return job.run();
    },
  };
}

const quoteItem = (symbol: string, k: number) => ({
  n: symbol,
  s: 'ok',
  v: {
    symbol,
    lp: 100 + k,
    tt: NOW / 1000 - 1,
    fyToken: String(10100000000000 + k),
    bid: 99,
    ask: 101,
  },
});

test('quotes are asked at most 50 symbols per request, in order, and the answers merged', async () => {
  const symbols = Array.from({ length: 120 }, (_, k) => `NSE:S${k}-EQ`);
  const { transport, requests } = fakeTransport((req) => {
    const asked = req.query!.symbols!.split(',');
    return {
      s: 'ok',
      d: asked.map((s) =>
        s === 'NSE:S77-EQ'
          ? { n: s, s: 'error', v: { errmsg: 'invalid symbol' } }
          : quoteItem(s, Number(s.slice(5, -3))),
      ),
    };
  });
  const scheduler = passingScheduler();
  const client = createDataClient({
    transport,
    historyTransport: transport,
    scheduler,
    now: () => NOW,
  });
  const answer = await client.quotes(symbols);

  assert.equal(MAX_QUOTE_SYMBOLS, 50);
  assert.deepEqual(
    requests.map((r) => [r.method, r.path, r.query!.symbols!.split(',').length]),
    [
      ['GET', '/quotes/', 50],
      ['GET', '/quotes/', 50],
      ['GET', '/quotes/', 20],
    ],
  );
  assert.deepEqual(
    requests.flatMap((r) => r.query!.symbols!.split(',')),
    symbols,
    'every symbol asked once, in order',
  );
  assert.equal(answer.quotes.length, 119);
  assert.deepEqual(answer.errors, [{ symbol: 'NSE:S77-EQ', message: 'invalid symbol' }]);
  assert.equal(answer.tokens.get('NSE:S119-EQ'), 10100000000119);
  assert.equal(answer.quotes.find((q) => q.symbol === 'NSE:S3-EQ')?.ltp, 103);
});

test('50 symbols make one request; none make none', async () => {
  const { transport, requests } = fakeTransport((req) => ({
    s: 'ok',
    d: req.query!.symbols!.split(',').map((s, k) => quoteItem(s, k)),
  }));
  const client = createDataClient({
    transport,
    historyTransport: transport,
    scheduler: passingScheduler(),
    now: () => NOW,
  });
  const fifty = Array.from({ length: 50 }, (_, k) => `NSE:S${k}-EQ`);
  assert.equal((await client.quotes(fifty)).quotes.length, 50);
  assert.equal(requests.length, 1);
  assert.deepEqual((await client.quotes([])).quotes, []);
  assert.equal(requests.length, 1);
});

const depthOf = (symbol: string, over: Record<string, unknown>) => ({
  s: 'ok',
  d: {
    [symbol]: {
      ltp: 812.35,
      ltt: NOW / 1000 - 2,
      ch: 12.35,
      chp: 1.54,
      o: 801,
      h: 815,
      l: 799.5,
      c: 800,
      v: 123_456,
      lower_ckt: 720,
      upper_ckt: 880,
      oi: 0,
      bids: [{ price: 812.3, volume: 10, ord: 2 }],
      ask: [{ price: 812.4, volume: 7, ord: 1 }],
      ...over,
    },
  },
});

test('depth gives the ticket its picture: best bid and ask, change, circuit limits', async () => {
  const { transport, requests } = fakeTransport(() => depthOf('NSE:SBIN-EQ', {}));
  const client = createDataClient({
    transport,
    historyTransport: transport,
    scheduler: passingScheduler(),
    now: () => NOW,
  });
  const q = (await client.depth('NSE:SBIN-EQ'))!.quote;
  assert.deepEqual(requests[0]?.query, { symbol: 'NSE:SBIN-EQ', ohlcv_flag: '1' });
  assert.equal(requests[0]?.path, '/depth/');
  assert.deepEqual(
    [q.ltp, q.bid, q.ask, q.change, q.changePct, q.lowerCircuit, q.upperCircuit, q.source],
    [812.35, 812.3, 812.4, 12.35, 1.54, 720, 880, 'depth'],
  );
  assert.equal(q.at, (NOW / 1000 - 2) * 1000);
});

test('depth with malformed levels loses only the broken price, never gives a wrong one', async () => {
  const cases: [string, Record<string, unknown>, number | null, number | null][] = [
    ['junk top levels', { bids: [{ price: 'abc' }, { price: 812.3 }], ask: [null] }, null, null],
    ['zero and negative prices', { bids: [{ price: 0 }], ask: [{ price: -812.4 }] }, null, null],
    ['sides that are not lists', { bids: { price: 812.3 }, ask: 'none' }, null, null],
    ['a non-finite price', { bids: [{ price: '1e999' }], ask: [{ price: 812.4 }] }, null, 812.4],
    ['price as text', { bids: [{ price: '812.30' }], ask: [] }, 812.3, null],
    ['no sides at all', { bids: undefined, ask: undefined }, null, null],
  ];
  for (const [what, over, bid, ask] of cases) {
    const { transport } = fakeTransport(() => depthOf('NSE:SBIN-EQ', over));
    const client = createDataClient({
      transport,
      historyTransport: transport,
      scheduler: passingScheduler(),
      now: () => NOW,
    });
    const q = (await client.depth('NSE:SBIN-EQ'))?.quote;
    assert.ok(q, `${what}: the rest of the picture is kept`);
    assert.deepEqual([q.bid, q.ask], [bid, ask], what);
    assert.equal(q.ltp, 812.35, what);
    assert.equal(q.upperCircuit, 880, what);
  }
  // Without a usable last price there is no picture at all (never a 0 or NaN price).
  for (const ltp of [undefined, 'x', 0, -1]) {
    const { transport } = fakeTransport(() => depthOf('NSE:SBIN-EQ', { ltp }));
    const client = createDataClient({
      transport,
      historyTransport: transport,
      scheduler: passingScheduler(),
      now: () => NOW,
    });
    assert.equal(await client.depth('NSE:SBIN-EQ'), null, `ltp ${String(ltp)}`);
  }
});

test('every data request waits in the scheduler at background priority, the lowest', async () => {
  const { transport, requests } = fakeTransport((req) =>
    req.path === '/depth/'
      ? depthOf('NSE:SBIN-EQ', {})
      : { s: 'ok', d: req.query!.symbols!.split(',').map((s, k) => quoteItem(s, k)) },
  );
  const scheduler = heldScheduler();
  const client = createDataClient({
    transport,
    historyTransport: transport,
    scheduler,
    now: () => NOW,
  });
  const quotes = client.quotes(['NSE:SBIN-EQ', 'NSE:TCS-EQ']);
  const depth = client.depth('NSE:SBIN-EQ');
  await new Promise((r) => setImmediate(r));
  assert.equal(requests.length, 0, 'nothing is sent before the scheduler lets it go');
  assert.deepEqual(
    scheduler.jobs.map((j) => [j.priority, j.label]),
    [
      ['background', 'GET data/quotes/'],
      ['background', 'GET data/depth/'],
    ],
  );
  // Reads share a key while queued, so two equal polls cost one request.
  assert.match(
    scheduler.jobs[0]!.key!,
    /^GET data\/quotes\/\?symbols=NSE%3ASBIN-EQ%2CNSE%3ATCS-EQ$/,
  );
  scheduler.releaseAll();
  assert.equal((await quotes).quotes.length, 2);
  assert.equal((await depth)?.quote.ltp, 812.35);
  assert.equal(requests.length, 2);
});

test('quotes and depth go to the data transport, history to the history transport, with cont_flag', async () => {
  const data = fakeTransport((req) =>
    req.path.includes('quotes')
      ? { s: 'ok', d: [quoteItem('NSE:SBIN-EQ', 1)] }
      : { s: 'ok', d: { 'NSE:SBIN-EQ': { bids: [], ask: [], ltp: 800 } } },
  );
  const hist = fakeTransport(() => ({ s: 'ok', candles: [] }));
  const client = createDataClient({
    transport: data.transport,
    historyTransport: hist.transport,
    scheduler: passingScheduler(),
    now: () => NOW,
  });
  await client.quotes(['NSE:SBIN-EQ']);
  await client.depth('NSE:SBIN-EQ');
  await client.history({
    symbol: 'NSE:SBIN-EQ',
    resolution: 5,
    from: NOW - 3_600_000,
    to: NOW,
    priority: 'user',
  });
  assert.deepEqual(
    data.requests.map((r) => r.path),
    ['/quotes/', '/depth/'],
  );
  assert.deepEqual(
    hist.requests.map((r) => r.path),
    ['/history/'],
  );
  assert.equal(hist.requests[0]?.query?.cont_flag, '1');
  assert.equal(hist.requests[0]?.query?.count_flag, undefined);
});
