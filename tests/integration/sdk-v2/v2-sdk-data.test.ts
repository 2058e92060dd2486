/**
 * The broker's official v2 SDK (`fyers-api-v2` 1.0.5, unmodified) as the test peer of the
 * sandbox's v2 data API. The SDK sends quotes and depth to one host (`api-t1.fyers.in/data/`)
 * and history to another (`api.fyers.in/data-rest/v2/`), and names the history flag
 * `count_flag` where the broker's published samples name `cont_flag` (gaps.md). Its two fixed
 * addresses are redirected in this process, each to the sandbox address announced for it, by
 * an interceptor on the SDK's own axios: so the sandbox must serve each call where the SDK
 * sends it, and nowhere else (a client that sends all three to one address must fail here as
 * it would against the broker).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { session, type Session } from '../sandbox/helpers';

type Msg = Record<string, unknown>;
interface AxiosLike {
  interceptors: {
    request: { use(fn: (c: { url?: string }) => unknown): number; eject(id: number): void };
  };
}
interface SdkClient {
  setAppId(v: string): void;
  setAccessToken(v: string): void;
  quotes: new () => { setSymbol(s: string): { getQuotes(): Promise<Msg> } };
  marketDepth: new () => {
    setSymbol(s: string): { setOhlcvFlag(f: number): { getMarketDepth(): Promise<Msg> } };
  };
  market_status(): Promise<Msg>;
  history: new () => {
    setSymbol(s: string): {
      setResolution(r: string): {
        setDateFormat(f: number): {
          setRangeFrom(x: string): {
            setRangeTo(x: string): {
              setCountFlag(c: number | string): { getHistory(): Promise<Msg> };
            };
          };
        };
      };
    };
  };
}

const sdkRequire = createRequire(import.meta.url);
/** The SDK's own axios (its nested copy): the interceptor must sit on the instance it calls. */
const sdkHttp = sdkRequire(
  sdkRequire.resolve('axios', { paths: [sdkRequire.resolve('fyers-api-v2')] }),
) as AxiosLike;
/** The two fixed addresses in the SDK's helper.js. */
const SDK_QUOTES_HOST = 'https://api-t1.fyers.in/data/';
const SDK_HISTORY_HOST = 'https://api.fyers.in/data-rest/v2/';
const SBIN = 'NSE:SBIN-EQ';

let s: Session;
let sdk: SdkClient;
let interceptor: number;

before(async () => {
  s = await session({ master: 'fixture' });
  interceptor = sdkHttp.interceptors.request.use((c) => {
    if (c.url?.startsWith(SDK_QUOTES_HOST))
      c.url = s.sb.dataUrl + c.url.slice(SDK_QUOTES_HOST.length);
    else if (c.url?.startsWith(SDK_HISTORY_HOST))
      c.url = s.sb.historyUrl + c.url.slice(SDK_HISTORY_HOST.length);
    else throw new Error(`the SDK called an address this test does not redirect: ${c.url}`);
    return c;
  });
  sdk = sdkRequire('fyers-api-v2') as SdkClient;
  sdk.setAppId(s.appId);
  sdk.setAccessToken(s.token);
});

after(async () => {
  sdkHttp.interceptors.request.eject(interceptor);
  await s?.sb.close();
});

test('the sandbox announces the quotes/depth address and the history address on different origins', () => {
  assert.notEqual(new URL(s.sb.dataUrl).origin, new URL(s.sb.historyUrl).origin);
  assert.equal(new URL(s.sb.dataUrl).pathname, '/data/');
  assert.equal(new URL(s.sb.historyUrl).pathname, '/data-rest/v2/');
});

test('the SDK reads quotes and depth from the data host', async () => {
  const q = await new sdk.quotes().setSymbol(SBIN).getQuotes();
  assert.equal(q.s, 'ok', JSON.stringify(q));
  const [item] = q.d as { n: string; s: string; v: { lp: number } }[];
  assert.equal(item?.n, SBIN);
  assert.ok((item?.v.lp ?? 0) > 0);
  const d = await new sdk.marketDepth().setSymbol(SBIN).setOhlcvFlag(1).getMarketDepth();
  assert.equal(d.s, 'ok', JSON.stringify(d));
  const book = (d.d as Record<string, { bids: unknown[]; ask: unknown[] }>)[SBIN];
  assert.equal(book?.bids.length, 5);
  assert.equal(book?.ask.length, 5);
  // The SDK's market status goes to the data host too (`marketStatus`).
  const m = await sdk.market_status();
  assert.equal(m.s, 'ok', JSON.stringify(m));
  assert.ok(Array.isArray(m.marketStatus) && m.marketStatus.length > 0);
});

test('the SDK reads history from the history host, with its count_flag', async () => {
  const to = Math.floor(Date.now() / 1000);
  const h = await new sdk.history()
    .setSymbol(SBIN)
    .setResolution('D')
    .setDateFormat(0)
    .setRangeFrom(String(to - 30 * 86_400))
    .setRangeTo(String(to))
    .setCountFlag(1)
    .getHistory();
  assert.equal(h.s, 'ok', JSON.stringify(h));
  assert.ok((h.candles as unknown[]).length > 5);
});

/** A GET with the session's Authorization header; the broker's envelope. */
async function get(url: string): Promise<{ status: number; body: Msg }> {
  const r = await fetch(url, { headers: { authorization: `${s.appId}:${s.token}` } });
  const text = await r.text();
  try {
    return { status: r.status, body: JSON.parse(text) as Msg };
  } catch {
    return { status: r.status, body: { raw: text } };
  }
}

test('each host answers only its own calls: history is not on the data host, quotes and depth are not on the history host', async () => {
  const to = Math.floor(Date.now() / 1000);
  const range = `symbol=${SBIN}&resolution=D&date_format=0&range_from=${to - 10 * 86_400}&range_to=${to}&cont_flag=1`;
  assert.notEqual((await get(`${s.sb.dataUrl}history/?${range}`)).body.s, 'ok');
  assert.notEqual((await get(`${s.sb.historyUrl}quotes/?symbols=${SBIN}`)).body.s, 'ok');
  assert.notEqual((await get(`${s.sb.historyUrl}depth/?symbol=${SBIN}&ohlcv_flag=1`)).body.s, 'ok');
});

test('history takes either spelling of the flag, cont_flag (the published samples) or count_flag (the SDK), and refuses a value other than 0 or 1', async () => {
  const to = Math.floor(Date.now() / 1000);
  const base = `${s.sb.historyUrl}history/?symbol=${SBIN}&resolution=D&date_format=0&range_from=${to - 10 * 86_400}&range_to=${to}`;
  assert.equal((await get(`${base}&cont_flag=1`)).body.s, 'ok');
  assert.equal((await get(`${base}&count_flag=1`)).body.s, 'ok');
  for (const bad of [`${base}&cont_flag=2`, `${base}&count_flag=yes`]) {
    const r = await get(bad);
    assert.equal(r.body.s, 'error', bad);
    assert.match(String(r.body.message), /cont_flag/);
  }
  const clash = await get(`${base}&cont_flag=1&count_flag=0`);
  assert.equal(clash.body.s, 'error', 'the two spellings disagree');
});
