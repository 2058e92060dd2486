/**
 * The app's v3 data-socket client against the sandbox's data socket: it authenticates with
 * the token's `hsm_key`, subscribes scrip, index and depth topics from symbol-master tokens,
 * and its quotes (through the same `tickToQuote` as v2) equal the REST quotes; it switches
 * lite and full, pauses and resumes, and after a network drop it reconnects, authenticates
 * and subscribes again by itself.
 */
import { after, afterEach, before, test } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { silentLogger } from '../../../electron/core/diagnostics/logger';
import { systemClock } from '../../../electron/core/limiter/clock';
import type { SocketLike } from '../../../electron/core/marketdata/socket-connection';
import type { HsmDepth } from '../../../electron/core/marketdata/v3/hsm-decoder';
import { createHsmFeed, type HsmFeed } from '../../../electron/core/marketdata/v3/hsm-feed';
import type { Quote } from '../../../shared/marketdata/quote';
import { HsmMessageType } from '../../../shared/marketdata/v3/hsm-protocol';
import { hsmKeyOf } from '../../../shared/broker/v3/access-token';
import { session, type Session } from '../sandbox/helpers';

type Msg = Record<string, unknown>;
const SBIN = 'NSE:SBIN-EQ';
const NIFTY = 'NSE:NIFTY50-INDEX';

let s: Session;
let feed: HsmFeed | undefined;
const quotes: Quote[] = [];
const depths: { symbol: string; depth: HsmDepth }[] = [];
const answers: { type: number; ok: boolean }[] = [];
const sockets: WebSocket[] = [];

before(async () => {
  s = await session({ master: 'fixture' });
});
after(() => s.sb.close());
afterEach(() => {
  feed?.stop();
  feed = undefined;
  quotes.length = depths.length = answers.length = 0;
});

async function until(cond: () => boolean, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function start(extra: Partial<Parameters<typeof createHsmFeed>[0]> = {}): HsmFeed {
  const tokens = new Map(s.sb.instruments.map((i) => [i.ticker, i.token]));
  feed = createHsmFeed({
    url: () => s.sb.v3.dataSocketUrl,
    hsmKey: () => hsmKeyOf(s.token) ?? null,
    tokenOf: (sym) => tokens.get(sym),
    clock: systemClock,
    logger: silentLogger,
    minBackoffMs: 50,
    maxBackoffMs: 200,
    onQuote: (q) => quotes.push(q),
    onDepth: (symbol, depth) => depths.push({ symbol, depth }),
    onAnswer: (type, ok) => answers.push({ type, ok }),
    open: (url) => {
      const ws = new WebSocket(url);
      sockets.push(ws);
      return ws as unknown as SocketLike;
    },
    ...extra,
  });
  feed.start();
  return feed;
}

async function restQuote(symbol: string): Promise<Msg> {
  const r = await s.call('GET', `/data/quotes?symbols=${symbol}`);
  return (r.json.d as { v: Msg }[])[0]!.v;
}

/** One market step; resolves with the feed's quote once it shows the REST price. */
async function stepAndMatch(symbol: string): Promise<{ q: Quote; rest: Msg }> {
  await s.control('tick', { n: 1 });
  const rest = await restQuote(symbol);
  const mine = () => quotes.filter((x) => x.symbol === symbol).at(-1);
  await until(() => mine()?.ltp === rest.lp, `${symbol} at ${String(rest.lp)}`);
  return { q: mine()!, rest };
}

const answered = (type: number, from: number) =>
  until(() => answers.slice(from).some((a) => a.type === type && a.ok), `answer ${type}`);

test('quotes, index and depth from the data socket equal the REST quotes and depth', async () => {
  const f = start();
  f.subscribe([SBIN, NIFTY]);
  f.subscribe([SBIN], true);
  // Asked before the socket opened: the open subscribes all of them in one request.
  await answered(HsmMessageType.Subscribe, 0);
  for (let k = 0; k < 3; k++) {
    const { q, rest } = await stepAndMatch(SBIN);
    assert.equal(q.source, 'socket');
    assert.equal(q.open, rest.open_price);
    assert.equal(q.high, rest.high_price);
    assert.equal(q.low, rest.low_price);
    assert.equal(q.prevClose, rest.prev_close_price);
    assert.equal(q.volume, rest.volume);
    assert.equal(q.bid, rest.bid);
    assert.equal(q.ask, rest.ask);
    assert.equal(q.change, rest.ch);
  }
  const { q: ix, rest: ir } = await stepAndMatch(NIFTY);
  assert.equal(ix.prevClose, ir.prev_close_price);
  assert.equal(ix.at, Number(ir.tt) * 1000, 'the index time is UTC again');
  const d = (
    (await s.call('GET', `/data/depth?symbol=${SBIN}&ohlcv_flag=1`)).json.d as Record<
      string,
      { bids: Msg[]; ask: Msg[] }
    >
  )[SBIN]!;
  await until(() => depths.at(-1)?.depth.bids[0]?.price === d.bids[0]!.price, 'the depth');
  const mine = depths.at(-1)!.depth;
  for (let k = 0; k < 5; k++) {
    assert.equal(mine.bids[k]!.price, d.bids[k]!.price);
    assert.equal(mine.bids[k]!.volume, d.bids[k]!.volume);
    assert.equal(mine.bids[k]!.orders, d.bids[k]!.ord);
    assert.equal(mine.asks[k]!.price, d.ask[k]!.price);
  }
});

test('lite and full; pause and resume', async () => {
  const f = start();
  f.subscribe([SBIN]);
  await answered(HsmMessageType.Subscribe, 0);
  let mark = answers.length;
  f.setLite(true);
  await answered(HsmMessageType.LiteFull, mark);
  const lite = await stepAndMatch(SBIN);
  assert.equal(lite.q.ltp, lite.rest.lp);
  mark = answers.length;
  f.setLite(false);
  await answered(HsmMessageType.LiteFull, mark);
  const full = await stepAndMatch(SBIN);
  assert.equal(full.q.bid, full.rest.bid);

  mark = answers.length;
  f.setPaused(true);
  await answered(HsmMessageType.ChannelPause, mark);
  const before = quotes.length;
  await s.control('tick', { n: 1 });
  const rest = await restQuote(SBIN);
  assert.equal(quotes.length, before, 'a paused channel sends nothing');
  mark = answers.length;
  f.setPaused(false);
  await answered(HsmMessageType.ChannelResume, mark);
  // A resumed channel gets its topics at once, at the current price.
  await until(() => quotes.at(-1)?.ltp === rest.lp, 'the price after resume');
});

test('after a network drop the feed reconnects, authenticates and subscribes again', async () => {
  const f = start();
  f.subscribe([SBIN]);
  await answered(HsmMessageType.Subscribe, 0);
  await stepAndMatch(SBIN);
  const mark = answers.length;
  sockets.at(-1)!.terminate();
  await until(() => f.reconnects() === 1, 'a reconnect');
  await answered(HsmMessageType.Subscribe, mark);
  const { q, rest } = await stepAndMatch(SBIN);
  assert.equal(q.ltp, rest.lp);
  assert.equal(f.healthy(), true);
});

test('a logout closes the data socket at the next step; the feed waits for a new login', async () => {
  let rejected = false;
  feed = start({ onTokenRejected: () => (rejected = true) });
  feed.subscribe([SBIN]);
  await answered(HsmMessageType.Subscribe, 0);
  const out = await s.call('POST', '/api/v3/logout');
  assert.equal(out.status, 200);
  await s.control('tick', { n: 1 });
  await until(() => rejected, 'the token refusal');
  assert.equal(feed.state(), 'down');
  assert.equal(feed.reconnects(), 0, 'no retry with a dead token');
});
