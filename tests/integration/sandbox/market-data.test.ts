import { after, before, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSandbox } from '../../../sandbox/index';
import { login, MARKET_OPEN, order, RELAXED_LIMITS, session, type Session } from './helpers';

type Row = Record<string, unknown>;
let s: Session;
let fut: string; // a NIFTY future of the generated master
before(async () => {
  s = await session();
  fut = s.sb.instruments.find(
    (i) => i.segment === 11 && /^NSE:NIFTY\d{2}[A-Z]{3}FUT$/.test(i.ticker),
  )!.ticker;
});
after(() => s.sb.close());
beforeEach(async () => {
  await s.control('reset');
});

const quotes = async (symbols: string[]) => {
  const r = await s.call('GET', `${s.sb.dataUrl}quotes/?symbols=${symbols.join(',')}`);
  return { status: r.status, json: r.json, d: (r.json.d ?? []) as Row[] };
};
const v = (item: Row | undefined) => item!.v as Row;
const history = (q: Record<string, string>) =>
  s.call(
    'GET',
    `/data-rest/v2/history/?${new URLSearchParams({ date_format: '1', cont_flag: '1', ...q })}`,
  );

test('the handle and the data base URLs: historyUrl is base_url + /data-rest/v2/, dataUrl /data/ on its own port, socketUrl its own port', () => {
  assert.equal(s.sb.historyUrl, `${s.sb.url}/data-rest/v2/`);
  assert.match(s.sb.dataUrl, /^http:\/\/127\.0\.0\.1:\d+\/data\/$/);
  assert.notEqual(new URL(s.sb.dataUrl).port, new URL(s.sb.url).port);
  const sock = new URL(s.sb.socketUrl);
  assert.equal(sock.protocol, 'ws:');
  assert.equal(sock.pathname, '/socket/v2/dataSock');
  assert.notEqual(sock.port, new URL(s.sb.url).port);
});

test('quotes answer each symbol in its own item with the fields of gaps.md; unknown ones fail alone', async () => {
  await s.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 812.35 });
  const r = await quotes(['NSE:SBIN-EQ', 'NSE:NOPE-EQ', fut, 'NSE:NIFTY50-INDEX']);
  assert.equal(r.status, 200);
  assert.equal(r.json.s, 'ok');
  assert.deepEqual(
    r.d.map((x) => [x.n, x.s]),
    [
      ['NSE:SBIN-EQ', 'ok'],
      ['NSE:NOPE-EQ', 'error'],
      [fut, 'ok'],
      ['NSE:NIFTY50-INDEX', 'ok'],
    ],
  );
  const sbin = v(r.d[0]);
  assert.deepEqual(Object.keys(sbin).sort(), [
    'ask',
    'bid',
    'ch',
    'chp',
    'description',
    'exchange',
    'fyToken',
    'high_price',
    'low_price',
    'lp',
    'open_price',
    'original_name',
    'prev_close_price',
    'short_name',
    'spread',
    'symbol',
    'tt',
    'volume',
  ]);
  assert.equal(sbin.lp, 812.35);
  assert.equal(sbin.symbol, 'NSE:SBIN-EQ');
  assert.equal(sbin.short_name, 'SBIN-EQ');
  assert.equal(sbin.exchange, 'NSE');
  assert.equal(sbin.fyToken, s.sb.instruments.find((i) => i.ticker === 'NSE:SBIN-EQ')!.token);
  assert.ok((sbin.bid as number) < 812.35 && (sbin.ask as number) > 812.35);
  assert.equal(sbin.ch, Math.round((812.35 - (sbin.prev_close_price as number)) * 100) / 100);
  assert.equal(sbin.tt, Math.floor(MARKET_OPEN.getTime() / 1000));
  assert.match(String(v(r.d[1]).errmsg), /Unknown symbol NSE:NOPE-EQ/);
  const ix = v(r.d[3]);
  assert.equal(ix.bid, ix.lp); // an index has no book
  assert.equal(ix.volume, 0);
});

test('a quote and a fill at the same step name the same book: a small market buy takes the best ask, and prints there', async () => {
  const placed = await s.call('POST', '/api/v2/orders', order({ qty: 5 }));
  assert.equal(placed.status, 200);
  await s.control('tick', { n: 1 });
  const trades = (await s.call('GET', '/api/v2/tradebook')).json.tradeBook as Row[];
  assert.equal(trades.length, 1);
  const q = v((await quotes(['NSE:SBIN-EQ'])).d[0]);
  // A level holds at least 10 shares: 5 leave the best ask where it was.
  assert.equal(trades[0]!.tradePrice, q.ask);
  assert.ok((q.bid as number) < (q.ask as number));
  // Our fill is the last trade (issue 20: our own trades print).
  assert.equal(q.lp, trades[0]!.tradePrice);
  const pos = ((await s.call('GET', '/api/v2/positions')).json.netPositions as Row[])[0]!;
  assert.equal(pos.ltp, q.lp);
});

test('quotes move with the market: after ticks the price, volume and high/low follow the walk', async () => {
  const before = v((await quotes(['NSE:TCS-EQ'])).d[0]);
  await s.control('tick', { n: 200 });
  const later = v((await quotes(['NSE:TCS-EQ'])).d[0]);
  assert.notEqual(later.lp, before.lp);
  assert.ok((later.volume as number) > (before.volume as number));
  assert.ok((later.high_price as number) >= (later.lp as number));
  assert.ok((later.low_price as number) <= (later.lp as number));
  assert.equal(later.prev_close_price, before.prev_close_price);
});

test('at most 50 symbols per quotes request; 50 are fine, 51 is a clear -50 error', async () => {
  const tickers = s.sb.instruments
    .filter((i) => i.segment === 10)
    .slice(0, 51)
    .map((i) => i.ticker);
  const ok = await quotes(tickers.slice(0, 50));
  assert.equal(ok.status, 200);
  assert.equal(ok.d.length, 50);
  assert.ok(ok.d.every((x) => x.s === 'ok'));
  const tooMany = await quotes(tickers);
  assert.equal(tooMany.status, 400);
  assert.equal(tooMany.json.code, -50);
  assert.match(String(tooMany.json.message), /at most 50 symbols per quotes request, got 51/);
  const none = await s.call('GET', `${s.sb.dataUrl}quotes/?symbols=`);
  assert.equal(none.status, 400);
  assert.match(String(none.json.message), /symbols is required/);
});

test('data calls need the Authorization header and count against the rate limits', async () => {
  const r = await fetch(`${s.sb.dataUrl}quotes/?symbols=NSE:SBIN-EQ`);
  assert.equal(r.status, 401);
  const limited = await startSandbox({
    now: MARKET_OPEN,
    freezeClock: true,
    tickMs: 0,
    autoApprove: true,
    master: 'fixture',
    limits: { ...RELAXED_LIMITS, perSecond: 3 },
  });
  try {
    const { appId, token } = await login(limited, 'basic');
    const statuses: number[] = [];
    for (let k = 0; k < 4; k++) {
      const x = await fetch(`${limited.dataUrl}quotes?symbols=NSE:SBIN-EQ`, {
        headers: { authorization: `${appId}:${token}` },
      });
      statuses.push(x.status);
    }
    assert.deepEqual(statuses, [200, 200, 200, 429]);
  } finally {
    await limited.close();
  }
});

test('depth: five levels a side around the last price, totals, circuits, OHLCV when asked', async () => {
  await s.control('tick', { n: 3 });
  const r = await s.call('GET', `${s.sb.dataUrl}depth/?symbol=${fut}&ohlcv_flag=1`);
  assert.equal(r.status, 200);
  const d = (r.json.d as Record<string, Row>)[fut]!;
  const ltp = d.ltp as number;
  const bids = d.bids as { price: number; volume: number; ord: number }[];
  const asks = d.ask as { price: number; volume: number; ord: number }[];
  assert.equal(bids.length, 5);
  assert.equal(asks.length, 5);
  assert.ok(bids.every((b, k) => b.price < ltp && (k === 0 || b.price < bids[k - 1]!.price)));
  assert.ok(asks.every((a, k) => a.price > ltp && (k === 0 || a.price > asks[k - 1]!.price)));
  assert.ok((d.ltq as number) > 0 && (d.v as number) >= (d.ltq as number));
  assert.equal(d.totalbuyqty, bids.reduce((n, b) => n + b.volume, 0) * 7);
  assert.ok((d.oi as number) > 0 && (d.pdoi as number) > 0);
  // Index futures: a 2% band around the previous close (gaps.md price bands).
  const c = d.c as number;
  assert.ok(Math.abs((d.lower_ckt as number) - c * 0.98) <= 0.1, String(d.lower_ckt));
  assert.ok(Math.abs((d.upper_ckt as number) - c * 1.02) <= 0.1, String(d.upper_ckt));
  assert.match(String(d.expiry), /^\d{10}$/);
  for (const k of ['o', 'h', 'l', 'c', 'v']) assert.ok(k in d, k);
  const q = v((await quotes([fut])).d[0]);
  assert.equal(q.bid, bids[0]!.price);
  assert.equal(q.ask, asks[0]!.price);
  const plain = await s.call('GET', `${s.sb.dataUrl}depth/?symbol=${fut}`);
  assert.ok(!('o' in (plain.json.d as Record<string, Row>)[fut]!));
  const bad = await s.call('GET', `${s.sb.dataUrl}depth/?symbol=NSE:NOPE-EQ`);
  assert.equal(bad.status, 400);
  assert.equal(bad.json.code, -300);
});

test("history today: the simulation's own minutes, last close = the quote", async () => {
  for (let m = 0; m < 6; m++) {
    await s.control('tick', { n: 3 });
    await s.control('clock', { advanceMs: 60_000 });
  }
  await s.control('tick', { n: 1 });
  const r = await history({
    symbol: 'NSE:SBIN-EQ',
    resolution: '1',
    range_from: '2026-11-23',
    range_to: '2026-11-23',
  });
  assert.equal(r.status, 200);
  const c = r.json.candles as number[][];
  assert.ok(c.length >= 7, `${c.length} candles`);
  const q = v((await quotes(['NSE:SBIN-EQ'])).d[0]);
  assert.equal(c.at(-1)![4], q.lp);
  assert.equal(
    c.reduce((n, x) => n + x[5]!, 0),
    q.volume,
  );
  for (const [t, o, h, l, cl] of c) {
    assert.equal(t! % 60, 0);
    assert.ok(h! >= Math.max(o!, cl!) && l! <= Math.min(o!, cl!));
  }
  const five = (
    await history({
      symbol: 'NSE:SBIN-EQ',
      resolution: '5',
      range_from: '2026-11-23',
      range_to: '2026-11-23',
    })
  ).json.candles as number[][];
  assert.ok(five.length < c.length);
  assert.equal(
    five.reduce((n, x) => n + x[5]!, 0),
    q.volume,
  );
});

test('history of earlier days: the same seed gives the same candles, weekends are empty, yesterday closes at the previous close', async () => {
  const q = {
    symbol: 'NSE:SBIN-EQ',
    resolution: 'D',
    range_from: '2026-11-09',
    range_to: '2026-11-22',
  };
  const a = (await history(q)).json.candles as number[][];
  assert.equal(a.length, 10); // two Monday–Friday weeks
  for (const [t] of a) assert.ok(![0, 6].includes(new Date((t! + 19_800) * 1000).getUTCDay()));
  const prev = v((await quotes(['NSE:SBIN-EQ'])).d[0]).prev_close_price;
  assert.equal(a.at(-1)![4], prev);
  const other = await session({ master: 'generated' });
  try {
    const b = await other.call(
      'GET',
      `/data-rest/v2/history/?${new URLSearchParams({ ...q, date_format: '1' })}`,
    );
    assert.deepEqual(b.json.candles, a);
  } finally {
    await other.sb.close();
  }
  const intraday = (
    await history({ ...q, resolution: '15', range_from: '2026-11-20', range_to: '2026-11-20' })
  ).json.candles as number[][];
  assert.equal(intraday.length, 25); // 09:15-15:30 in 15-minute candles
  assert.equal(intraday[0]![0], Date.parse('2026-11-20T09:15:00+05:30') / 1000);
  assert.equal(
    intraday[0]![1],
    a.find((x) => x[0] === Date.parse('2026-11-20T00:00:00+05:30') / 1000)![1],
  );
  const epoch = await s.call(
    'GET',
    `/data-rest/v2/history/?${new URLSearchParams({
      symbol: 'NSE:SBIN-EQ',
      resolution: '15',
      date_format: '0',
      range_from: String(Date.parse('2026-11-20T09:15:00+05:30') / 1000),
      range_to: String(Date.parse('2026-11-20T10:14:59+05:30') / 1000),
    })}`,
  );
  assert.deepEqual(epoch.json.candles, intraday.slice(0, 4));
});

test('history refuses bad input with a message naming it', async () => {
  const cases: [Record<string, string>, RegExp][] = [
    [
      { symbol: 'NSE:NOPE-EQ', resolution: '5', range_from: '2026-11-20', range_to: '2026-11-20' },
      /Unknown symbol/,
    ],
    [
      { symbol: 'NSE:SBIN-EQ', resolution: '7', range_from: '2026-11-20', range_to: '2026-11-20' },
      /resolution must be one of/,
    ],
    [
      { symbol: 'NSE:SBIN-EQ', resolution: '5', range_from: '20-11-2026', range_to: '2026-11-20' },
      /range_from must be YYYY-MM-DD/,
    ],
    [
      { symbol: 'NSE:SBIN-EQ', resolution: '5', range_from: '2026-11-21', range_to: '2026-11-20' },
      /range_from is after range_to/,
    ],
    [
      { symbol: 'NSE:SBIN-EQ', resolution: '5', range_from: '2026-01-01', range_to: '2026-11-20' },
      /longer than 100 days/,
    ],
    [
      { symbol: 'NSE:SBIN-EQ', resolution: 'D', range_from: '2024-01-01', range_to: '2026-11-20' },
      /longer than 366 days/,
    ],
    [
      { symbol: 'NSE:SBIN-EQ', resolution: '5', date_format: '2', range_from: '1', range_to: '2' },
      /date_format must be 0 or 1/,
    ],
  ];
  for (const [q, msg] of cases) {
    const r = await history(q);
    assert.equal(r.status, 400, JSON.stringify(q));
    assert.match(String(r.json.message), msg);
  }
});
