/**
 * The request log holds every broker request (issue 12), through the composed app: the
 * login code exchange, symbol master downloads, the API client's reads and order actions,
 * the market-data REST requests, the logout revoke, and the reconciliation reads of an
 * order whose answer was lost, each carrying that order's intent id.
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { RequestLogLine } from '../../../electron/core/diagnostics/request-log';
import { OrderType, Side } from '../../../shared/broker/enums';
import { startComposedApp, type ComposedApp } from './composed-app';

let app: ComposedApp;
before(async () => {
  app = await startComposedApp();
});
after(async () => {
  await app.close();
});

async function requestLines(): Promise<RequestLogLine[]> {
  const dir = join(app.dataDir, 'logs');
  const files = (await readdir(dir)).filter((f) => f.startsWith('requests-'));
  const text = (await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')))).join('');
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as RequestLogLine);
}

test('every kind of broker request is in the request log; reconcile reads carry the intent id', async () => {
  await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
  await app.call('marketdata.depth', { symbol: 'NSE:SBIN-EQ' }).catch(() => null);
  await app.control('faults', { route: 'POST /api/v2/orders', mode: 'drop-before' });
  const intent = await app.call('orders.place', {
    draft: {
      symbol: 'NSE:SBIN-EQ',
      qty: 1,
      type: OrderType.Limit,
      side: Side.Buy,
      productType: 'INTRADAY',
      limitPrice: 1,
    },
    confirmGuards: true,
  });
  assert.equal(intent.status, 'unconfirmed', intent.note);
  const settled = await app.core.orders.settled(intent.intentId);
  assert.equal(settled.status, 'confirmed-not-done', settled.note);
  await app.call('session.logout');

  const lines = await requestLines();
  const has = (what: string, pred: (l: RequestLogLine) => boolean) =>
    assert.ok(lines.some(pred), `${what} is in the request log`);
  has(
    'the login code exchange',
    (l) => l.method === 'POST' && l.path.endsWith('/validate-authcode'),
  );
  has('a symbol master download', (l) => l.method === 'GET' && /\.csv$/.test(l.path));
  has('a market-data REST request', (l) => l.path.includes('/depth'));
  has('the logout revoke', (l) => l.method === 'POST' && l.path.endsWith('/logout'));
  has(
    'the placement',
    (l) =>
      l.method === 'POST' && l.path.endsWith('/orders') && l.intentIds.includes(intent.intentId),
  );
  const reconcileReads = lines.filter(
    (l) =>
      l.method === 'GET' && l.path.includes('/orders') && l.intentIds.includes(intent.intentId),
  );
  assert.ok(reconcileReads.length >= 1, 'the reconciliation reads carry the intent id');
  for (const l of lines)
    assert.doesNotMatch(l.path, /[?&](code|access_token)=/, 'no query in a path');
});
