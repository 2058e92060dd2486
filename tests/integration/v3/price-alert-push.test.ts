/**
 * A fired price alert's path from the broker to the app's alert (issue 21 #2), over the real
 * wire: the sandbox holds an alert created through the app's v3 alert client, fires it on its
 * simulated price and pushes it on the v3 order socket; the app's reader (parseV3AlertPush)
 * turns the frame into the domain model and the broker-held holder raises the app's alert
 * once, whether the push or a later list read brings it first. The official SDK reads the
 * same frame on its `general` callback (sdk-v3/v3-sdk-price-alerts.test.ts). Until the app's
 * order socket is wired to the holder, this is the push path's test; the composed test
 * (dialect/demo-v3-price-alerts.test.ts) covers the list-read path through createAppCore.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import WebSocket from 'ws';
import { createBrokerPriceAlerts } from '../../../electron/core/alerts/price/broker-price-alerts';
import type { PriceAlertFired } from '../../../electron/core/alerts/price/price-alert-holder';
import {
  createV3AlertClient,
  parseV3AlertPush,
} from '../../../electron/core/broker/dialects/fyers-v3/price-alerts';
import { createHttpTransport } from '../../../electron/core/broker/http-transport';
import { session, type Session } from '../sandbox/helpers';

let s: Session;
const sockets: WebSocket[] = [];
before(async () => {
  s = await session();
  await s.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 800 });
});
after(async () => {
  for (const ws of sockets) ws.terminate();
  await s.sb.close();
});

/** Polls `cond` until it holds (generous: a loaded CI machine). */
async function until(cond: () => boolean, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The sandbox's v3 order socket subscribed to `pricealerts`, collecting text frames. */
async function alertSocket(): Promise<string[]> {
  const ws = new WebSocket(s.sb.v3.orderSocketUrl, {
    headers: { Authorization: `${s.appId}:${s.token}` },
  });
  sockets.push(ws);
  const frames: string[] = [];
  ws.on('message', (d) => frames.push(String(d)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ T: 'SUB_ORD', SLIST: ['pricealerts'], SUB_T: 1 }));
  ws.send('ping');
  await until(() => frames.includes('pong'), 'the pong after the subscription');
  return frames;
}

function holder() {
  const client = createV3AlertClient({
    transport: createHttpTransport({
      baseUrl: s.sb.url,
      credentials: () => ({ appId: s.appId, accessToken: s.token }),
    }),
  });
  const fired: PriceAlertFired[] = [];
  const h = createBrokerPriceAlerts({
    client: () => client,
    account: () => 'demo',
    fired: (f) => fired.push(f),
    logger: { info: () => undefined, warn: () => undefined },
    pollMs: 3_600_000,
  });
  return { h, fired };
}

test('the sandbox push of a fired alert is read by the app and raises its alert once', async () => {
  const frames = await alertSocket();
  const { h, fired } = holder();
  await h.refresh(); // the baseline
  const a = await h.create({
    symbol: 'NSE:SBIN-EQ',
    condition: 'price-above',
    value: 850,
    repeat: false,
    cooldownMinutes: 5,
    note: 'breakout',
  });
  await s.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 860 });
  await s.control('tick', { n: 1 });
  await until(() => frames.some((f) => f.includes('pricealerts')), 'the push');
  const frame = frames.find((f) => f.includes('pricealerts'))!;
  const push = parseV3AlertPush(frame);
  assert.ok(push, `the app reads the frame: ${frame}`);
  assert.equal(`pa-${push.alert.id}`, a.id);
  assert.equal(push.alert.state, 'triggered');
  assert.equal(push.alert.direction, 'above');
  assert.ok(push.ltp > 850);
  h.pushed(push);
  assert.equal(fired.length, 1);
  assert.equal(fired[0]!.alert.id, a.id);
  assert.equal(fired[0]!.alert.note, 'breakout');
  assert.equal(fired[0]!.ltp, push.ltp);
  // The list read after the push, and a second push of the same frame, raise nothing more.
  await h.refresh();
  h.pushed(push);
  await h.refresh();
  assert.equal(fired.length, 1);
  assert.equal(h.view().alerts.find((x) => x.id === a.id)?.status, 'triggered');
  assert.equal(h.view().alerts.find((x) => x.id === a.id)?.lastFiredPrice, push.ltp);
  await h.remove(a.id);
  await h.dispose();
});

test('an alert that fired while the app was away is shown triggered at the first read, not raised as new', async () => {
  const first = holder();
  await first.h.refresh();
  const a = await first.h.create({
    symbol: 'NSE:SBIN-EQ',
    condition: 'price-below',
    value: 700,
    repeat: false,
    cooldownMinutes: 5,
    note: '',
  });
  await first.h.dispose();
  await s.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 690 });
  await s.control('tick', { n: 1 });
  const next = holder();
  await next.h.refresh();
  assert.equal(next.h.view().alerts.find((x) => x.id === a.id)?.status, 'triggered');
  assert.equal(next.fired.length, 0);
  // Resumed, it fires again on the next crossing, and that is raised.
  await next.h.setPaused(a.id, false);
  await s.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 680 });
  await s.control('tick', { n: 1 });
  await next.h.refresh();
  assert.equal(next.fired.length, 1);
  await next.h.remove(a.id);
  await next.h.dispose();
});

test('frames that are not a fired alert are not read as one', () => {
  assert.equal(parseV3AlertPush('pong'), null);
  assert.equal(parseV3AlertPush('{"orders":{"id":"1"}}'), null);
  assert.equal(parseV3AlertPush('{"pricealerts":'), null);
  assert.equal(parseV3AlertPush('{"pricealerts":{"alertId":"12","ltp":-1}}'), null);
  assert.equal(
    parseV3AlertPush(
      '{"pricealerts":{"alertId":"12","ltp":5,"symbol":"NSE:SBIN-EQ","alert":{"condition":"ABOUT","value":4}}}',
    ),
    null,
  );
});
