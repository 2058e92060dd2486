/**
 * The broker's official v3 SDK (npm fyers-api-v3 1.9.0, unmodified) as the test peer of the
 * sandbox's broker-held price alerts (issue 21 #2/#4): createPriceAlert, getPriceAlert,
 * modifyPriceAlert, togglePriceAlert and deletePriceAlert run against a sandbox and must get
 * the answers the broker's samples show, and a fired alert must reach the SDK's own
 * `fyersOrderSocket` subscribed to `pricealerts`. A failure here means the sandbox's alerts
 * disagree with the broker's own client.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { WebSocket } from 'ws';
import {
  V3AlertAnswerCode,
  V3AlertStatus,
  type V3AlertPush,
  type V3AlertRow,
} from '../../../shared/broker/v3/price-alert-wire';
import { session, type Session } from '../sandbox/helpers';

type Answer = Record<string, unknown> & { s?: string; code?: number; message?: string };
interface FyersModel {
  setAppId(id: string): void;
  setAccessToken(token: string): void;
  [call: string]: unknown;
}
interface SdkOrderSocket {
  on(what: string, fn: (m: unknown) => void): void;
  subscribe(what: string[]): void;
  connect(): void;
  close(): void;
  pricealerts: string;
}

const require = createRequire(import.meta.url);
const config = (require('fyers-api-v3/config/config.js') as { Config: Record<string, string> })
  .Config;
const sdk = require('fyers-api-v3') as {
  fyersModel: new (p: { path: string; enableLogging: boolean }) => FyersModel;
  fyersOrderSocket: new (key: string, logPath?: string, logging?: boolean) => SdkOrderSocket;
};

let s: Session;
let fyers: FyersModel;
let logDir: string;
const sockets: SdkOrderSocket[] = [];

before(async () => {
  s = await session();
  config.SYNC_API = s.sb.v3.apiBase;
  config.Order_SOCKET = s.sb.v3.orderSocketUrl;
  logDir = await mkdtemp(join(tmpdir(), 'tickdesk-sdkv3-alerts-'));
  fyers = new sdk.fyersModel({ path: logDir, enableLogging: false });
  fyers.setAppId(s.appId);
  fyers.setAccessToken(s.token);
  await s.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 800 });
});

after(async () => {
  for (const k of sockets) k.close();
  await s?.sb.close();
  if (logDir) await rm(logDir, { recursive: true, force: true });
});

/** Calls one SDK method; the SDK rejects with its error object on a non-2xx answer. */
async function call(name: string, req?: unknown): Promise<Answer> {
  const fn = fyers[name] as ((r?: unknown) => Promise<Answer>) | undefined;
  assert.ok(typeof fn === 'function', `the SDK has no ${name}`);
  try {
    return await fn(req);
  } catch (err) {
    return err as Answer;
  }
}

/** Polls `cond` until it holds (generous: a loaded CI machine). */
async function until(cond: () => boolean, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The alert list as the SDK reads it (archive: the triggered ones). */
async function list(archive = false): Promise<Record<string, V3AlertRow>> {
  const a = await call('getPriceAlert', archive ? { archive: '1' } : undefined);
  assert.equal(a.s, 'ok', JSON.stringify(a));
  assert.equal(a.code, 200);
  return a.data as Record<string, V3AlertRow>;
}

/** Creates an alert by name and returns its id, found in the list (the create answer has none). */
async function create(name: string, condition: string, value: number): Promise<string> {
  const a = await call('createPriceAlert', {
    agent: 'fyers-api',
    'alert-type': 1,
    name,
    symbol: 'NSE:SBIN-EQ',
    comparisonType: 'LTP',
    condition,
    value: String(value),
  });
  assert.equal(a.s, 'ok', JSON.stringify(a));
  assert.equal(a.code, V3AlertAnswerCode.Created);
  assert.match(String(a.message), /NSE:SBIN-EQ .*created/);
  const found = Object.entries(await list()).find(([, r]) => r.alert.name === name);
  assert.ok(found, `the new alert ${name} is listed`);
  return found[0];
}

test('the SDK creates, lists, modifies, pauses, resumes and deletes a price alert', async () => {
  const id = await create('sbin far above', 'GT', 900);
  let row = (await list())[id]!;
  assert.equal(row.symbol, 'NSE:SBIN-EQ');
  assert.ok(/^\d+$/.test(row.fyToken), row.fyToken);
  assert.equal(row.alert.comparisonType, 'LTP');
  assert.equal(row.alert.condition, 'GT');
  assert.equal(row.alert.value, 900);
  assert.equal(row.alert.status, V3AlertStatus.Active);
  assert.ok(row.alert.createdEpoch > 0 && row.alert.triggeredEpoch === 0);

  const mod = await call('modifyPriceAlert', {
    alertId: id,
    agent: 'fyers-api',
    'alert-type': 1,
    name: 'sbin farther',
    symbol: 'NSE:SBIN-EQ',
    comparisonType: 'LTP',
    condition: 'GTE',
    value: 950,
  });
  assert.equal(mod.s, 'ok', JSON.stringify(mod));
  assert.equal(mod.code, V3AlertAnswerCode.Updated);
  row = (await list())[id]!;
  assert.equal(row.alert.value, 950);
  assert.equal(row.alert.condition, 'GTE');
  assert.equal(row.alert.name, 'sbin farther');

  const off = await call('togglePriceAlert', { alertId: id });
  assert.equal(off.s, 'ok', JSON.stringify(off));
  assert.equal((await list())[id]!.alert.status, V3AlertStatus.Paused);
  const on = await call('togglePriceAlert', { alertId: id });
  assert.equal(on.s, 'ok', JSON.stringify(on));
  assert.equal((await list())[id]!.alert.status, V3AlertStatus.Active);

  const del = await call('deletePriceAlert', { alertId: id, agent: 'fyers-api' });
  assert.equal(del.s, 'ok', JSON.stringify(del));
  assert.equal(del.code, V3AlertAnswerCode.Deleted);
  assert.equal((await list())[id], undefined, 'a deleted alert is gone');
});

test('bad alert requests are refused in words: unknown symbol, condition, id', async () => {
  const bad = await call('createPriceAlert', {
    agent: 'fyers-api',
    'alert-type': 1,
    name: 'x',
    symbol: 'NSE:NOSUCH-EQ',
    comparisonType: 'LTP',
    condition: 'GT',
    value: 1,
  });
  assert.notEqual(bad.s, 'ok');
  const cond = await call('createPriceAlert', {
    agent: 'fyers-api',
    'alert-type': 1,
    name: 'x',
    symbol: 'NSE:SBIN-EQ',
    comparisonType: 'LTP',
    condition: 'ABOUT',
    value: 1,
  });
  assert.notEqual(cond.s, 'ok');
  const gone = await call('deletePriceAlert', { alertId: '1', agent: 'fyers-api' });
  assert.notEqual(gone.s, 'ok');
});

test('a paused alert does not fire; an active one fires once on the simulated price and the SDK order socket receives it', async () => {
  const k = new sdk.fyersOrderSocket(`${s.appId}:${s.token}`, undefined, false);
  sockets.push(k);
  const general: unknown[] = [];
  let open = false;
  k.on('connect', () => {
    k.subscribe([k.pricealerts]);
    open = true;
  });
  k.on('general', (m) => general.push(m));
  k.on('error', () => undefined);
  k.connect();
  await until(() => open, 'the SDK order socket to open');

  const firing = await create('sbin below 790', 'LT', 790);
  const paused = await create('sbin below 795 paused', 'LT', 795);
  assert.equal((await call('togglePriceAlert', { alertId: paused })).s, 'ok');
  // The subscription has landed once a ping sent after it is answered (one connection, in order).
  const ws = (k as unknown as { ws: WebSocket }).ws;
  let pong = false;
  ws.on('message', (d) => (pong ||= String(d) === 'pong'));
  ws.send('ping');
  await until(() => pong, 'the pong after the subscription');
  await s.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 780 });
  await s.control('tick', { n: 1 });
  await s.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 780 });
  await s.control('tick', { n: 1 });
  await until(() => general.length > 0, 'the fired alert on the SDK socket');
  const push = general[0] as V3AlertPush;
  assert.equal(push.pricealerts.alertId, firing);
  assert.equal(push.pricealerts.symbol, 'NSE:SBIN-EQ');
  assert.equal(push.pricealerts.alert.status, V3AlertStatus.Triggered);
  assert.ok(push.pricealerts.ltp < 790, `fired at ${push.pricealerts.ltp}`);
  // Once: a second tick below the level sends nothing more, and the paused one never fired.
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(general.length, 1, JSON.stringify(general));
  const archived = await list(true);
  assert.equal(archived[firing]?.alert.status, V3AlertStatus.Triggered);
  assert.ok((archived[firing]?.alert.triggeredEpoch ?? 0) > 0);
  assert.equal((await list())[paused]?.alert.status, V3AlertStatus.Paused);
  // Resuming a triggered alert re-arms it.
  assert.equal((await call('togglePriceAlert', { alertId: firing })).s, 'ok');
  assert.equal((await list())[firing]?.alert.status, V3AlertStatus.Active);
  for (const id of [firing, paused])
    await call('deletePriceAlert', { alertId: id, agent: 'fyers-api' });
});
