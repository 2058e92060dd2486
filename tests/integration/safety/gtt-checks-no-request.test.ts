/**
 * A GTT its pre-checks block or ask about costs the account no request (issue 21 #1): the
 * checks run on the GTT book as last read before anything is read or sent, so a trader fixing
 * a typo, or a burst of bad GTTs, spends none of the broker's 10-a-second budget. Composed
 * app: createAppCore in Demo on API v3, the sandbox over HTTP counting each route.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { GttDraft } from '../../../shared/broker/gtt';
import { Side } from '../../../shared/broker/enums';
import { V3_GTT_BOOK_PATH, V3_GTT_SYNC_PATH } from '../../../shared/broker/v3/gtt-wire';
import { startComposedApp, type ComposedApp } from './composed-app';

let app: ComposedApp;
const BOOK = `GET /api/v3${V3_GTT_BOOK_PATH}`;
const CREATE = `POST /api/v3${V3_GTT_SYNC_PATH}`;

before(async () => {
  app = await startComposedApp({ dialect: 'fyers-v3' });
  await app.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 800 });
  await app.core.gtt.refresh();
});

after(async () => {
  await app?.close();
});

async function reached(): Promise<{ book: number; create: number }> {
  const res = await fetch(new URL('/__sandbox/requests', app.core.demoBrokerUrl!));
  const r = ((await res.json()) as { requests: Record<string, number> }).requests;
  return { book: r[BOOK] ?? 0, create: r[CREATE] ?? 0 };
}

const oco = (over: Partial<Extract<GttDraft, { kind: 'oco' }>> = {}): GttDraft => ({
  kind: 'oco',
  symbol: 'NSE:SBIN-EQ',
  side: Side.Buy,
  productType: 'CNC',
  target: { triggerPrice: 820, limitPrice: 820, qty: 1 },
  stop: { triggerPrice: 780, limitPrice: 780, qty: 1 },
  ...over,
});

test('a GTT a rule blocks, or a guard asks about, reads and sends nothing', async () => {
  const was = await reached();
  const blocked = await app.core.gtt.create(oco({ productType: 'MARGIN' }));
  assert.equal(blocked.status, 'blocked', blocked.note);
  const asks = await app.core.gtt.create(
    oco({ target: { triggerPrice: 820, limitPrice: 1000, qty: 1 } }),
  );
  assert.equal(asks.status, 'confirm', asks.note);
  assert.deepEqual(await reached(), was, 'no GTT book read, no create');
  // Confirmed, the same GTT is read against a fresh book and sent once.
  const sent = await app.core.gtt.create(
    oco({ target: { triggerPrice: 820, limitPrice: 1000, qty: 1 } }),
    { confirmed: true },
  );
  assert.equal(sent.status, 'done', sent.note);
  const now = await reached();
  assert.ok(now.book > was.book, 'the book is read before sending');
  assert.equal(now.create - was.create, 1);
});
