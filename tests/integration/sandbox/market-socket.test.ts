import { after, afterEach, before, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import {
  PING,
  PONG,
  SocketCloseCode,
  socketConnectUrl,
  subscribeData,
  subscribeOrders,
} from '../../../shared/marketdata/socket-protocol';
import { session, type Session } from './helpers';
import {
  openSocket,
  packetsOf,
  primeSdk,
  sdkDecode,
  type Frame,
  type TestSocket,
} from './socket-client';

type Row = Record<string, unknown>;
let s: Session;
let fut: string;
let index: string;
const open: TestSocket[] = [];
before(async () => {
  s = await session();
  fut = s.sb.instruments.find(
    (i) => i.segment === 11 && /^NSE:NIFTY\d{2}[A-Z]{3}FUT$/.test(i.ticker),
  )!.ticker;
  index = 'NSE:NIFTY50-INDEX';
  await primeSdk(s, ['NSE:SBIN-EQ', 'NSE:TCS-EQ', fut, index]);
});
after(() => s.sb.close());
beforeEach(() => s.control('reset'));
afterEach(() => {
  for (const t of open.splice(0)) t.close();
});

const connect = async (type: 'symbolUpdate' | 'orderUpdate') => {
  const t = await openSocket(s, type);
  open.push(t);
  return t;
};
const binary = (f: Frame) => f.binary;
const quote = async (symbols: string[]) =>
  Object.fromEntries(
    (
      (
        await s.call(
          'GET',
          `${s.sb.dataUrl}quotes/?symbols=${encodeURIComponent(symbols.join(','))}`,
        )
      ).json.d as Row[]
    ).map((x) => [x.n, x.v as Row]),
  );
const decodeFrom = (t: TestSocket, from: number) =>
  t.frames
    .slice(from)
    .filter((f) => f.binary)
    .flatMap((f) => packetsOf(sdkDecode((f as { bytes: Buffer }).bytes)));

test('a subscribe gets a snapshot at once: one frame, several packets, prices equal to the REST quote', async () => {
  const t = await connect('symbolUpdate');
  t.send(subscribeData(['NSE:SBIN-EQ', fut, index], true));
  const f = await t.waitFor(binary);
  assert.ok(f.binary);
  const packets = packetsOf(sdkDecode(f.bytes));
  assert.equal(packets.length, 3);
  const q = await quote(['NSE:SBIN-EQ', fut, index]);
  const by = Object.fromEntries(packets.map((p) => [p.n, p]));
  assert.equal(by['NSE:SBIN-EQ']!.fycode, 7208);
  assert.equal(by[fut]!.fycode, 31038);
  assert.equal(by[index]!.fycode, 7207);
  for (const sym of ['NSE:SBIN-EQ', fut, index]) {
    assert.equal(by[sym]!.v.lp, q[sym]!.lp, sym);
    assert.equal(by[sym]!.v.prev_close_price, q[sym]!.prev_close_price, sym);
    assert.equal(by[sym]!.v.bid, q[sym]!.bid, sym);
    assert.equal(by[sym]!.v.ask, q[sym]!.ask, sym);
    assert.equal(by[sym]!.v.tt, q[sym]!.tt, sym);
  }
  const depth = (await s.call('GET', `${s.sb.dataUrl}depth/?symbol=${fut}`)).json.d as Record<
    string,
    Row
  >;
  assert.equal(by[fut]!.v.oi, depth[fut]!.oi);
  assert.equal(by['NSE:SBIN-EQ']!.v.marketStat, 1); // market open
});

test('every tick pushes the moved symbols, each packet equal to the quote at that step', async () => {
  const t = await connect('symbolUpdate');
  t.send(subscribeData(['NSE:SBIN-EQ', 'NSE:TCS-EQ'], true));
  await t.waitFor(binary);
  for (let k = 0; k < 3; k++) {
    const from = t.frames.length;
    await s.control('tick', { n: 1 });
    const f = await t.waitFor(binary, 3_000, from);
    assert.ok(f.binary);
    const q = await quote(['NSE:SBIN-EQ', 'NSE:TCS-EQ']);
    for (const p of packetsOf(sdkDecode(f.bytes))) {
      assert.equal(p.v.lp, q[p.n]!.lp);
      assert.equal(p.v.volume, q[p.n]!.volume);
    }
  }
});

test('only watched instruments are simulated: 3 subscribed of ~139,000 cost 3 walks, however many ticks', async () => {
  const t = await connect('symbolUpdate');
  const base = (await s.control('tick', { n: 1 })).priced as number; // the demo holdings
  t.send(subscribeData(['NSE:SBIN-EQ', 'NSE:TCS-EQ', fut], true));
  await t.waitFor(binary);
  for (let k = 0; k < 20; k++) await s.control('tick', { n: 5 });
  const after = (await s.control('tick', { n: 1 })).priced as number;
  assert.ok(s.sb.instruments.length > 100_000);
  assert.ok(after <= base + 3, `${after} instruments priced (${base} before subscribing)`);
});

test('depth when asked: five levels, the first equal to the depth answer', async () => {
  const t = await connect('symbolUpdate');
  t.send(subscribeData([fut], true, true));
  const f = await t.waitFor(binary);
  assert.ok(f.binary);
  assert.equal(f.bytes.length, 240); // 31038 with depth
  const [p] = packetsOf(sdkDecode(f.bytes));
  const d = (
    (await s.call('GET', `${s.sb.dataUrl}depth/?symbol=${fut}`)).json.d as Record<string, Row>
  )[fut]!;
  assert.equal(p!.v.bid, (d.bids as Row[])[0]!.price);
  assert.equal(p!.v.ask, (d.ask as Row[])[0]!.price);
  assert.equal(p!.v.tot_buy, d.totalbuyqty);
  const info = (await (await fetch(`${s.sb.url}/__sandbox/socket`)).json()) as {
    connections: Row[];
  };
  assert.deepEqual(
    info.connections.map((c) => [c.type, c.symbols, c.depthSymbols]),
    [['symbolUpdate', 1, 1]],
  );
});

test('unsubscribe stops the packets of that symbol only', async () => {
  const t = await connect('symbolUpdate');
  t.send(subscribeData(['NSE:SBIN-EQ', 'NSE:TCS-EQ'], true));
  await t.waitFor(binary);
  t.send(subscribeData(['NSE:TCS-EQ'], false));
  await s.control('tick', { n: 1 }); // the unsubscribe and the tick race: the next tick is after both
  const from = t.frames.length;
  await s.control('tick', { n: 1 });
  await t.waitFor(binary, 3_000, from);
  assert.deepEqual([...new Set(decodeFrom(t, from).map((p) => p.n))], ['NSE:SBIN-EQ']);
});

test('more than 50 symbols arrive in frames of at most 50 packets (the SDK reads 50 a frame)', async () => {
  const tickers = s.sb.instruments
    .filter((i) => i.segment === 10 && i.ticker.endsWith('-EQ'))
    .slice(0, 120)
    .map((i) => i.ticker);
  await primeSdk(s, tickers);
  const t = await connect('symbolUpdate');
  t.send(subscribeData(tickers, true));
  await t.waitFor(() => decodeFrom(t, 0).length >= 120);
  const sizes = t.frames
    .filter((f) => f.binary)
    .map((f) => packetsOf(sdkDecode((f as { bytes: Buffer }).bytes)).length);
  assert.deepEqual(sizes, [50, 50, 20]);
});

test('under load: 5,000 symbols in one subscribe are served in frames of 50; the 5,001st is refused', async () => {
  const tickers = s.sb.instruments.slice(0, 5_001).map((i) => i.ticker);
  const t = await connect('symbolUpdate');
  t.send(subscribeData(tickers.slice(0, 5_000), true));
  await t.waitFor(() => t.frames.filter(binary).length >= 100, 20_000);
  const bytes = t.frames
    .filter(binary)
    .reduce((n, f) => n + (f as { bytes: Buffer }).bytes.length, 0);
  assert.ok(bytes >= 5_000 * 72, `${bytes} bytes`);
  t.send(subscribeData(tickers.slice(5_000), true));
  await t.waitFor((f) => !f.binary && f.text.includes('at most 5000 symbols per connection'));
  const info = (await (await fetch(`${s.sb.url}/__sandbox/socket`)).json()) as {
    connections: Row[];
  };
  assert.equal(info.connections[0]!.symbols, 5_000);
  // The market keeps ticking for all of them.
  const from = t.frames.length;
  await s.control('tick', { n: 1 });
  await t.waitFor(() => t.frames.slice(from).filter(binary).length >= 100, 20_000);
});

test('unknown symbols are answered in a text frame; the known ones are still subscribed', async () => {
  const t = await connect('symbolUpdate');
  t.send(subscribeData(['NSE:NOPE-EQ', 'NSE:SBIN-EQ'], true));
  const err = await t.waitFor((f) => !f.binary);
  assert.ok(!err.binary);
  assert.deepEqual(JSON.parse(err.text), {
    s: 'error',
    code: -300,
    message: 'unknown symbol: NSE:NOPE-EQ',
    symbols: ['NSE:NOPE-EQ'],
  });
  const f = await t.waitFor(binary);
  assert.ok(f.binary);
  assert.equal(packetsOf(sdkDecode(f.bytes))[0]!.n, 'NSE:SBIN-EQ');
  t.send('{"T":"SUB_DATA"');
  await t.waitFor((x) => !x.binary && x.text.includes('not JSON'));
  t.send(JSON.stringify({ T: 'SUB_ORD', SLIST: ['orderUpdate'], SUB_T: 1 }));
  await t.waitFor(
    (x) => !x.binary && x.text.includes('SUB_ORD needs a type=orderUpdate connection'),
  );
});

test('heartbeat: "ping" is answered with a pong text frame', async () => {
  const t = await connect('symbolUpdate');
  t.send(PING);
  const f = await t.waitFor((x) => !x.binary);
  assert.ok(!f.binary);
  assert.equal(f.text, PONG);
  assert.ok(f.text.includes('pong'));
});

/** Opens a raw upgrade and returns the HTTP refusal. */
function refusal(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => reject(new Error('the upgrade was accepted')));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.once('error', reject);
  });
}

test('the socket refuses a bad token, another path and a bad type with the failure envelope', async () => {
  await assert.rejects(
    openSocket(s, 'symbolUpdate', 'not-the-token'),
    (e: { status: number; body: string }) => {
      assert.equal(e.status, 401);
      assert.equal(JSON.parse(e.body).code, -15);
      return true;
    },
  );
  const good = new URL(socketConnectUrl(s.sb.socketUrl, 'symbolUpdate', s.appId, s.token));
  const noToken = new URL(good);
  noToken.searchParams.delete('access_token');
  const r1 = await refusal(noToken.toString());
  assert.equal(r1.status, 401);
  assert.match(JSON.parse(r1.body).message, /access_token is missing/);
  const badType = new URL(good);
  badType.searchParams.set('type', 'depthUpdate');
  const r2 = await refusal(badType.toString());
  assert.equal(r2.status, 400);
  assert.match(JSON.parse(r2.body).message, /type must be symbolUpdate or orderUpdate/);
  const badPath = new URL(good);
  badPath.pathname = '/socket/v3/dataSock';
  assert.equal((await refusal(badPath.toString())).status, 404);
  const basic = await session({ master: 'fixture' }, 'basic');
  try {
    await assert.rejects(
      openSocket(basic, 'orderUpdate'),
      (e: { status: number }) => e.status === 403,
    );
    (await openSocket(basic, 'symbolUpdate')).close(); // market data needs only Basic
  } finally {
    await basic.sb.close();
  }
});

test('a connection whose token expires (06:00 IST) or is revoked is closed with 4001 at the next push', async () => {
  const own = await session({ master: 'fixture' });
  try {
    const md = await openSocket(own, 'symbolUpdate');
    md.send(subscribeData(['NSE:SBIN-EQ'], true));
    await md.waitFor((f) => f.binary);
    await own.control('clock', { set: '2026-11-24T06:00:00+05:30' });
    await own.control('tick', { n: 1 });
    assert.equal((await md.closed).code, SocketCloseCode.TokenInvalid);
    await assert.rejects(
      openSocket(own, 'symbolUpdate'),
      (e: { status: number }) => e.status === 401,
    );
  } finally {
    await own.sb.close();
  }
  const other = await session({ master: 'fixture' });
  try {
    const od = await openSocket(other, 'orderUpdate');
    od.send(subscribeOrders(true));
    assert.equal((await other.call('POST', '/api/v3/logout')).status, 200);
    await other.control('tick', { n: 1 });
    assert.equal((await od.closed).code, SocketCloseCode.TokenInvalid);
  } finally {
    await other.sb.close();
  }
});
