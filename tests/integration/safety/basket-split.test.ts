/**
 * A basket of 23 orders through the composed app against the sandbox over HTTP: it goes
 * out as three multi requests (10 + 10 + 3) and every order is in the book exactly once,
 * also when the sandbox carries out the second request and drops its answer: those ten are
 * reconciled from the book (confirmed, with their own ids), never resent.
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { sbinBuy, startComposedApp, type ComposedApp } from './composed-app';
import { virtualClock } from './virtual-clock';

/**
 * 10:00 IST of the last such morning: idle virtual time runs far ahead of real time, so a
 * start at the real hour could cross the 06:00 IST token expiry mid-test (the session ends).
 */
function lastTenAmIst(): number {
  const d = new Date();
  const t = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 4, 30);
  return t <= d.getTime() ? t : t - 86_400_000;
}

let app: ComposedApp;
before(async () => {
  app = await startComposedApp({ clock: virtualClock(lastTenAmIst()) });
});
after(async () => {
  await app.close();
});

/** 23 buys far below the market (they stay pending), each at a price of its own. */
function basket(base: number) {
  return Array.from({ length: 23 }, (_, i) => sbinBuy(Math.round((base + i * 0.05) * 100) / 100));
}

/** How often each of the basket's prices is in the broker's book. */
async function countsInBook(base: number): Promise<number[]> {
  const book = await app.core.broker.getOrders({ fresh: true });
  return basket(base).map(
    (d) =>
      book.filter(
        (o) => o.symbol === d.symbol && Math.abs(o.limitPrice - d.limitPrice) < 1e-6 && !o.parentId,
      ).length,
  );
}

/** The multi place requests the app's request log holds, each with the intents it carried. */
async function multiRequests(): Promise<{ intentIds: string[] }[]> {
  const dir = join(app.dataDir, 'logs');
  const files = (await readdir(dir)).filter((f) => f.startsWith('requests-'));
  const lines = (await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8'))))
    .join('\n')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { method: string; path: string; intentIds: string[] });
  return lines.filter((l) => l.method === 'POST' && l.path === '/api/v2/orders-multi');
}

/** Waits (bounded) until the request log has `n` multi requests: its sink writes behind. */
async function multiRequestsAtLeast(n: number): Promise<{ intentIds: string[] }[]> {
  for (let i = 0; i < 50; i++) {
    const got = await multiRequests().catch(() => []);
    if (got.length >= n) return got;
    await new Promise((r) => setTimeout(r, 100));
  }
  return multiRequests();
}

test('23 orders go out as 10 + 10 + 3 and each is in the book exactly once', async () => {
  const before = (await multiRequests().catch(() => [])).length;
  const intents = await app.core.orders.placeMany(basket(500), { confirmGuards: true });
  assert.deepEqual(
    intents.map((i) => i.status),
    Array<string>(23).fill('done'),
    intents.map((i) => i.note).join(' | '),
  );
  const sent = (await multiRequestsAtLeast(before + 3)).slice(before);
  assert.deepEqual(
    sent.map((r) => r.intentIds.length),
    [10, 10, 3],
  );
  assert.deepEqual(await countsInBook(500), Array<number>(23).fill(1));
});

test('the second request’s answer dropped: its ten are reconciled, not resent; each order once', async () => {
  const before = (await multiRequests()).length;
  await app.control('faults', {
    route: 'POST /api/v2/orders-multi',
    mode: 'drop-after-commit',
    skip: 1,
  });
  const intents = await app.core.orders.placeMany(basket(520), { confirmGuards: true });
  const settled = await Promise.all(intents.map((i) => app.core.orders.settled(i.intentId)));
  assert.deepEqual(
    settled.map((i) => i.status),
    [
      ...Array<string>(10).fill('done'),
      ...Array<string>(10).fill('confirmed-done'),
      ...Array<string>(3).fill('done'),
    ],
    settled.map((i) => i.note).join(' | '),
  );
  assert.equal(new Set(settled.map((i) => i.orderId)).size, 23, 'each intent its own order');
  const sent = (await multiRequestsAtLeast(before + 3)).slice(before);
  assert.deepEqual(
    sent.map((r) => r.intentIds.length),
    [10, 10, 3],
    'three requests: nothing resent',
  );
  assert.deepEqual(await countsInBook(520), Array<number>(23).fill(1));
});
