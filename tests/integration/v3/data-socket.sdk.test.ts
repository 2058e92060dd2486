/**
 * The broker's official v3 SDK (`fyers-api-v3` 1.9.0, unmodified) as the test peer of the
 * sandbox's binary data socket: its `fyersDataSocket` authenticates with the access token's
 * `hsm_key`, looks symbols up with symbol-token (its fixed broker address redirected to the
 * sandbox in this process by an axios interceptor), subscribes scrip, index and depth
 * topics, switches lite and full, pauses a channel by subscribing another and resumes it,
 * and unsubscribes; every price it decodes must equal the sandbox's REST quote or depth.
 * The SDK's data socket is a process-wide singleton, so one instance serves every test here,
 * in order. The sandbox runs on today's clock: the SDK refuses a token whose `exp` is past.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import WebSocket from 'ws';
import { decodeMessage, encodeConnect, answerOk } from '../../../shared/marketdata/v3/hsm-frames';
import { HsmMessageType } from '../../../shared/marketdata/v3/hsm-protocol';
import { session, type Session } from '../sandbox/helpers';

type Msg = Record<string, unknown>;
interface SdkDataSocket {
  on(what: string, fn: (m: unknown) => void): void;
  subscribe(symbols: string[], depth: boolean, channel: number): void;
  unsubscribe(symbols: string[], depth: boolean, channel: number): void;
  mode(mode: unknown, channel: number): void;
  channelresume(channel: number): void;
  connect(): void;
  close(): void;
  LiteMode: unknown;
  FullMode: unknown;
}
interface AxiosLike {
  interceptors: {
    request: { use(fn: (c: { url?: string }) => unknown): number; eject(id: number): void };
  };
}
const sdkRequire = createRequire(import.meta.url);
const sdkConfig = (sdkRequire('fyers-api-v3/config/config.js') as { Config: Msg }).Config;
const sdkHttp = (
  sdkRequire('fyers-api-v3/apiService/apiService.js') as { axiosInstance: AxiosLike }
).axiosInstance;

/** The address the SDK's data socket calls directly (docs/broker-v3.md, "symbol-token"). */
const BROKER_DATA_HOST = 'https://api-t1.fyers.in/data';
const SBIN = 'NSE:SBIN-EQ';
const NIFTY = 'NSE:NIFTY50-INDEX';

let s: Session;
let skt: SdkDataSocket;
let interceptor: number;
const got: Msg[] = [];

before(async () => {
  s = await session({ master: 'fixture', now: new Date(), alwaysOpen: true });
  // The data socket copies HSM_SOCKET when its module loads: point it first, then load it.
  sdkConfig.HSM_SOCKET = s.sb.v3.dataSocketUrl;
  const sdk = sdkRequire('fyers-api-v3') as {
    fyersDataSocket: {
      getInstance(token: string, logPath?: string, logging?: boolean): SdkDataSocket;
    };
  };
  interceptor = sdkHttp.interceptors.request.use((c) => {
    if (c.url?.startsWith(BROKER_DATA_HOST))
      c.url = s.sb.v3.dataUrl + c.url.slice(BROKER_DATA_HOST.length);
    return c;
  });
  skt = sdk.fyersDataSocket.getInstance(`${s.appId}:${s.token}`, undefined, false);
  let open = false;
  skt.on('connect', () => (open = true));
  skt.on('message', (m) => got.push(m as Msg));
  skt.on('error', (m) =>
    got.push({
      error: String((m as { message?: string }).message ?? m),
      detail: Object.keys(m as object).join(','),
    }),
  );
  skt.connect();
  await until(() => open && got.some((m) => m.type === 'cn'), 'the SDK to connect');
  assert.deepEqual(
    got.find((m) => m.type === 'cn'),
    { type: 'cn', s: 'ok', message: 'successful', code: 200 },
  );
});
after(async () => {
  skt.close();
  sdkHttp.interceptors.request.eject(interceptor);
  await s.sb.close();
});

/** Polls `cond` until it holds (generous: a loaded CI machine). */
async function until(cond: () => boolean, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end)
      throw new Error(
        `timed out waiting for ${what}; last messages: ${JSON.stringify(got.slice(-4))}`,
      );
    await new Promise((r) => setTimeout(r, 20));
  }
}

const since = (mark: number, type: string, symbol?: string) =>
  got.slice(mark).filter((m) => m.type === type && (symbol === undefined || m.symbol === symbol));
const answered = (mark: number, type: string) =>
  until(() => since(mark, type).length > 0, `a ${type} answer`);

async function quote(symbol: string): Promise<Msg> {
  const r = await s.call('GET', `/data/quotes?symbols=${symbol}`);
  return (r.json.d as { v: Msg }[])[0]!.v;
}

/** Moves the market one step and waits until the SDK shows `symbol` at the quote's price. */
async function stepAndMatch(symbol: string, type: 'sf' | 'if'): Promise<{ sdk: Msg; rest: Msg }> {
  const mark = got.length;
  await s.control('tick', { n: 1 });
  const rest = await quote(symbol);
  await until(
    () => since(mark, type, symbol).some((m) => m.ltp === rest.lp),
    `${symbol} at ${String(rest.lp)} from the SDK`,
  );
  return { sdk: since(mark, type, symbol).at(-1)!, rest };
}

test('full mode: the SDK decodes a scrip and an index exactly as the REST quotes say', async () => {
  const mark = got.length;
  skt.subscribe([SBIN, NIFTY], false, 11);
  await answered(mark, 'sub');
  await until(
    () => since(mark, 'sf', SBIN).length > 0 && since(mark, 'if', NIFTY).length > 0,
    'snapshots',
  );
  for (let k = 0; k < 3; k++) {
    const { sdk: m, rest: q } = await stepAndMatch(SBIN, 'sf');
    assert.equal(m.ltp, q.lp);
    assert.equal(m.open_price, q.open_price);
    assert.equal(m.high_price, q.high_price);
    assert.equal(m.low_price, q.low_price);
    assert.equal(m.prev_close_price, q.prev_close_price);
    assert.equal(m.vol_traded_today, q.volume);
    assert.equal(m.bid_price, q.bid);
    assert.equal(m.ask_price, q.ask);
    assert.equal(m.ch, q.ch);
    assert.equal(m.last_traded_time, q.tt);
  }
  const { sdk: ix, rest: iq } = await stepAndMatch(NIFTY, 'if');
  assert.equal(ix.ltp, iq.lp);
  assert.equal(ix.prev_close_price, iq.prev_close_price);
  assert.equal(ix.high_price, iq.high_price);
  assert.equal(ix.exch_feed_time, iq.tt, 'the index time, after the SDK shifts it back from IST');
});

test('depth: the SDK decodes five levels each side equal to the REST depth', async () => {
  const mark = got.length;
  skt.subscribe([SBIN], true, 11);
  await until(() => since(mark, 'dp', SBIN).length > 0, 'a depth snapshot');
  const r = await s.call('GET', `/data/depth?symbol=${SBIN}&ohlcv_flag=1`);
  const d = (r.json.d as Record<string, { bids: Msg[]; ask: Msg[] }>)[SBIN]!;
  const m = since(mark, 'dp', SBIN).at(-1)!;
  for (let k = 0; k < 5; k++) {
    assert.equal(m[`bid_price${k + 1}`], d.bids[k]!.price, `bid ${k + 1}`);
    assert.equal(m[`bid_size${k + 1}`], d.bids[k]!.volume);
    assert.equal(m[`bid_order${k + 1}`], d.bids[k]!.ord);
    assert.equal(m[`ask_price${k + 1}`], d.ask[k]!.price, `ask ${k + 1}`);
    assert.equal(m[`ask_size${k + 1}`], d.ask[k]!.volume);
  }
  const um = got.length;
  skt.unsubscribe([SBIN], true, 11);
  await answered(um, 'unsub');
});

test('lite mode carries the last price only, full mode brings every field back', async () => {
  let mark = got.length;
  skt.mode(skt.LiteMode, 11);
  await answered(mark, 'lit');
  const lite = await stepAndMatch(SBIN, 'sf');
  assert.equal(lite.sdk.ltp, lite.rest.lp);
  assert.equal('bid_price' in lite.sdk, false, JSON.stringify(lite.sdk));
  mark = got.length;
  skt.mode(skt.FullMode, 11);
  await answered(mark, 'lit');
  const full = await stepAndMatch(SBIN, 'sf');
  assert.equal(full.sdk.bid_price, full.rest.bid);
});

test('channels: subscribing on another channel pauses the first; subscribing on it again resumes it', async () => {
  let mark = got.length;
  // The SDK pauses every other channel when it subscribes on one, and resumes that one
  // (observed; its channelresume() throws on an undefined variable: docs/broker-v3.md).
  skt.subscribe([NIFTY], false, 12);
  await answered(mark, 'cp');
  mark = got.length;
  await stepAndMatch(NIFTY, 'if');
  assert.equal(since(mark, 'sf', SBIN).length, 0, 'a paused channel sends nothing');
  mark = got.length;
  skt.subscribe([SBIN], false, 11);
  await answered(mark, 'cr');
  const back = await stepAndMatch(SBIN, 'sf');
  assert.equal(back.sdk.ltp, back.rest.lp);
  assert.equal(since(mark, 'if', NIFTY).length, 0, 'now channel 12 is the paused one');
});

test('unsubscribe: the topic stops, the others go on', async () => {
  let mark = got.length;
  skt.unsubscribe([SBIN], false, 11);
  await answered(mark, 'unsub');
  mark = got.length;
  skt.subscribe([NIFTY], false, 11);
  await answered(mark, 'sub');
  mark = got.length;
  await stepAndMatch(NIFTY, 'if');
  assert.equal(since(mark, 'sf').length, 0);
});

test('a connection with an unknown hsm_key is answered N and closed', async () => {
  const ws = new WebSocket(s.sb.v3.dataSocketUrl);
  const frames: Uint8Array[] = [];
  ws.on('message', (d: Buffer) => frames.push(new Uint8Array(d)));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(encodeConnect('not-a-key', 'tests'));
  assert.equal(await closed, 4001);
  const m = decodeMessage(frames[0]!);
  assert.equal(m.type, HsmMessageType.Connection);
  assert.equal(answerOk(m), false);
});
