/**
 * Issue 19 #5, the 2026 rules, through the composed app: the order lane
 * never sends more than 10 order actions a second (the exchange's rule for API orders),
 * however many the trader fires at once, single orders and a basket's multi requests alike.
 * Measured where requests leave the app (its fetch, on the clock the scheduler counts by),
 * each multi request weighing its items. Real time: the virtual clock moves on while a slow
 * request is on the wire, which would spread the sends and hide a burst.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sbinBuy, startComposedApp, type ComposedApp } from './composed-app';

/** One order-action request as it left the app: when (ms) and how many actions. */
interface Sent {
  at: number;
  actions: number;
}

const ORDER_PATH = /\/(orders|orders-multi|multi-order|positions)(\/sync)?$/;

let app: ComposedApp;
const sent: Sent[] = [];
const realFetch = globalThis.fetch;

before(async () => {
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (method !== 'GET' && ORDER_PATH.test(url.pathname) && !url.pathname.startsWith('/__')) {
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      sent.push({ at: Date.now(), actions: Array.isArray(body) ? body.length : 1 });
    }
    return realFetch(input, init);
  };
  app = await startComposedApp();
});
after(async () => {
  await app.close();
  globalThis.fetch = realFetch;
});

test('55 order actions fired at once leave at most 10 in any second', async () => {
  const { core } = app;
  const singles = Array.from({ length: 30 }, (_, k) =>
    core.orders.place(sbinBuy(600 + k * 0.05), { confirmGuards: true }),
  );
  const basket = core.orders.placeMany(
    Array.from({ length: 25 }, (_, k) => sbinBuy(590 + k * 0.05)),
    { confirmGuards: true },
  );
  const intents = [...(await Promise.all(singles)), ...(await basket)];
  for (const i of intents) assert.equal(i.status, 'done', `${i.summary}: ${i.note}`);

  const total = sent.reduce((n, s) => n + s.actions, 0);
  assert.equal(total, 55, 'every action went out once');
  assert.ok(
    sent.some((s) => s.actions > 1),
    'the basket went as multi requests',
  );
  sent.sort((a, b) => a.at - b.at);
  let busiest = 0;
  for (const s of sent) {
    const inSecond = sent
      .filter((x) => x.at >= s.at && x.at < s.at + 1000)
      .reduce((n, x) => n + x.actions, 0);
    busiest = Math.max(busiest, inSecond);
  }
  assert.ok(busiest <= 10, `${busiest} order actions left within one second`);
  const spanMs = sent.at(-1)!.at - sent[0]!.at;
  assert.ok(spanMs >= 4000, `55 actions at ≤10 a second take over 4 s, took ${spanMs} ms`);
});
