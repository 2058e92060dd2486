import { after, afterEach, before, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { PacketSize } from '../../../shared/marketdata/packet-layout';
import {
  PING,
  PONG,
  SocketCloseCode,
  subscribeData,
  subscribeOrders,
} from '../../../shared/marketdata/socket-protocol';
import { startSandbox } from '../../../sandbox/index';
import { order, session, type Session } from './helpers';
import {
  openSocket,
  packetsOf,
  primeSdk,
  sdkDecode,
  type Frame,
  type TestSocket,
} from './socket-client';

let s: Session;
const open: TestSocket[] = [];
before(async () => {
  s = await session();
  await primeSdk(s, ['NSE:SBIN-EQ']);
});
after(() => s.sb.close());
beforeEach(() => s.control('reset'));
afterEach(() => {
  for (const t of open.splice(0)) t.close();
});

const socketControl = async (body: unknown) => {
  const r = await fetch(`${s.sb.url}/__sandbox/socket`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, json: (await r.json()) as Record<string, unknown> };
};
/** A market-data connection watching SBIN, its snapshot received. */
async function watching(): Promise<TestSocket> {
  const t = await openSocket(s, 'symbolUpdate');
  open.push(t);
  t.send(subscribeData(['NSE:SBIN-EQ'], true));
  await t.waitFor((f) => f.binary);
  return t;
}
const isPong = (f: Frame) => !f.binary && f.text === PONG;
const silentFor = async (t: TestSocket, ms: number, from: number) => {
  await new Promise((r) => setTimeout(r, ms));
  return t.frames.length === from;
};

test('drop: every connection is cut without a close frame, as a network drop would', async () => {
  const md = await watching();
  const od = await openSocket(s, 'orderUpdate');
  open.push(od);
  const r = await socketControl({ action: 'drop' });
  assert.deepEqual([r.status, r.json.affected], [200, 2]);
  assert.equal((await md.closed).code, 1006);
  assert.equal((await od.closed).code, 1006);
  // A new connection after the drop works at once (what a reconnecting client does).
  await watching();
});

test('drop by type leaves the other type open', async () => {
  const md = await watching();
  const od = await openSocket(s, 'orderUpdate');
  open.push(od);
  assert.equal((await socketControl({ action: 'drop', type: 'orderUpdate' })).json.affected, 1);
  await od.closed;
  md.send(PING);
  await md.waitFor(isPong);
});

test('stall: no pong and no data while the connection stays open; resume brings both back', async () => {
  const md = await watching();
  const od = await openSocket(s, 'orderUpdate');
  open.push(od);
  od.send(subscribeOrders(true));
  assert.equal((await socketControl({ action: 'stall' })).json.affected, 2);
  let from = md.frames.length;
  const odFrom = od.frames.length;
  md.send(PING);
  await s.control('tick', { n: 2 });
  await s.call('POST', '/api/v2/orders', order());
  assert.ok(await silentFor(md, 400, from), 'a stalled connection sent something');
  assert.equal(od.frames.length, odFrom);
  assert.equal(md.ws.readyState, md.ws.OPEN);
  assert.equal((await socketControl({ action: 'resume' })).json.affected, 2);
  from = md.frames.length;
  md.send(PING);
  await md.waitFor(isPong, 2_000, from);
  await s.control('tick', { n: 1 });
  await md.waitFor((f) => f.binary, 2_000, from);
  await od.waitFor((f) => !f.binary && f.text.includes('"status":2'));
});

test('truncated: one good packet, then a packet cut short; the feed goes on afterwards', async () => {
  const md = await watching();
  const from = md.frames.length;
  assert.equal((await socketControl({ action: 'truncated' })).json.affected, 1);
  const f = await md.waitFor((x) => x.binary, 2_000, from);
  assert.ok(f.binary);
  assert.equal(f.bytes.length, 2 * PacketSize.quote - 13);
  assert.equal(sdkDecode(f.bytes).s, 'err'); // the SDK throws on it; the app must not
  const good = packetsOf(sdkDecode(f.bytes.subarray(0, PacketSize.quote)));
  const q = (await s.call('GET', `${s.sb.dataUrl}quotes/?symbols=NSE:SBIN-EQ`)).json.d as {
    v: { lp: number };
  }[];
  assert.equal(good[0]!.v.lp, q[0]!.v.lp);
  await s.control('tick', { n: 1 });
  await md.waitFor((x) => x.binary, 2_000, from + 1);
});

test('malformed: a complete packet whose price divisor is 0 (every price would be a division by zero)', async () => {
  const md = await watching();
  const from = md.frames.length;
  assert.equal((await socketControl({ action: 'malformed' })).json.affected, 1);
  const f = await md.waitFor((x) => x.binary, 2_000, from);
  assert.ok(f.binary);
  assert.equal(f.bytes.length, 2 * PacketSize.quote);
  assert.equal(f.bytes.readInt32BE(24), 100);
  assert.equal(f.bytes.readInt32BE(PacketSize.quote + 24), 0);
  const [ok, bad] = packetsOf(sdkDecode(f.bytes));
  assert.ok(Number.isFinite(ok!.v.lp));
  assert.ok(!Number.isFinite(bad!.v.lp)); // what a naive decoder would show
});

test('slow: frames to a slowed subscriber arrive late, in order; 0 restores', async () => {
  const md = await watching();
  assert.equal(
    (await socketControl({ action: 'slow', type: 'symbolUpdate', delayMs: 400 })).json.affected,
    1,
  );
  const from = md.frames.length;
  const t0 = Date.now();
  await s.control('tick', { n: 1 });
  await s.control('tick', { n: 1 });
  md.send(PING);
  await md.waitFor(isPong, 3_000, from);
  const got = md.frames.slice(from);
  assert.ok(got[0]!.at - t0 >= 380, `first frame after ${got[0]!.at - t0} ms`);
  assert.deepEqual(
    got.map((f) => (f.binary ? 'bin' : f.text)),
    ['bin', 'bin', PONG],
  );
  await socketControl({ action: 'slow', type: 'symbolUpdate', delayMs: 0 });
  const t1 = Date.now();
  md.send(PING);
  await md.waitFor(isPong, 3_000, from + 3);
  assert.ok(Date.now() - t1 < 300);
});

test('the socket controls list connections, refuse bad input, and exist only with testControls', async () => {
  await watching();
  const list = (await (await fetch(`${s.sb.url}/__sandbox/socket`)).json()) as {
    connections: unknown[];
  };
  assert.deepEqual(list.connections, [
    {
      type: 'symbolUpdate',
      symbols: 1,
      depthSymbols: 0,
      orders: false,
      stalled: false,
      delayMs: 0,
    },
  ]);
  for (const body of [
    { action: 'explode' },
    { action: 'slow', delayMs: -1 },
    { action: 'drop', type: 'x' },
  ]) {
    const r = await socketControl(body);
    assert.equal(r.status, 400, JSON.stringify(body));
    assert.match(String(r.json.message), /send \{"action"/);
  }
  const plain = await startSandbox({ tickMs: 0, master: 'fixture' });
  try {
    assert.equal(
      (await fetch(`${plain.url}/__sandbox/socket`, { method: 'POST', body: '{}' })).status,
      404,
    );
  } finally {
    await plain.close();
  }
});

test('a subscriber that stops reading is cut off with 1013 once 8 MB pile up; the others go on', async () => {
  const tickers = s.sb.instruments.slice(0, 5_000).map((i) => i.ticker);
  const stuck = await openSocket(s, 'symbolUpdate');
  open.push(stuck);
  stuck.send(subscribeData(tickers, true, true)); // with depth: about 1.1 MB a tick
  await stuck.waitFor(() => stuck.frames.length >= 100, 20_000);
  const raw = (stuck.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
  raw.pause(); // the client stops reading; the kernel buffers fill, then the server's
  const healthy = await watching();
  for (let k = 0; k < 25; k++) await s.control('tick', { n: 1 });
  const from = healthy.frames.length;
  healthy.send(PING);
  await healthy.waitFor(isPong, 5_000, from);
  raw.resume(); // reads what was sent before the cut, then the close frame
  const code = await Promise.race([
    stuck.closed.then((c) => c.code),
    new Promise((r) => setTimeout(() => r('still open 15 s later'), 15_000)),
  ]);
  assert.equal(code, SocketCloseCode.SlowConsumer);
});
