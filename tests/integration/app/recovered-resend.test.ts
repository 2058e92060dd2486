/**
 * Resend is offered only for what can be sent again (issue 8, finding 2), through the
 * composed app: after a restart, an action the journal shows as never sent is settled
 * "not done"; when the journal still holds its payload Resend is offered, and when the
 * payload cannot be rebuilt (a journal line without its draft or order id) it never is, and
 * the resend channel refuses it with a typed error.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { journalFileFor } from '../../../electron/core/orders/journal/daily-order-journal';
import { OrderType, Side } from '../../../shared/broker/enums';
import { istDayKey } from '../../../shared/format/ist';
import type { OrderIntent } from '../../../shared/broker/models';
import { startComposedApp, type ComposedApp } from './composed-app';

let dataDir: string;
let app: ComposedApp;

const draft = {
  symbol: 'NSE:SBIN-EQ',
  qty: 1,
  type: OrderType.Limit,
  side: Side.Buy,
  productType: 'INTRADAY',
  limitPrice: 601,
  stopPrice: 0,
  disclosedQty: 0,
  validity: 'DAY',
  offlineOrder: false,
  stopLoss: 0,
  takeProfit: 0,
};

before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'tickdesk-recovered-'));
  const at = new Date().toISOString();
  const line = (intentId: string, action: string, payload: unknown) =>
    JSON.stringify({ at, intentId, step: 'intent', action, data: { summary: intentId, payload } });
  await mkdir(join(dataDir, 'journal'), { recursive: true });
  await writeFile(
    join(dataDir, 'journal', journalFileFor(istDayKey(Date.now()))),
    [
      line('rebuildable', 'place', { draft }),
      line('no-draft', 'place', {}),
      line('no-order-id', 'cancel', {}),
      '',
    ].join('\n'),
  );
  app = await startComposedApp({ dataDir });
});
after(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function recovered(): Promise<Map<string, OrderIntent>> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const list = await app.call('orders.intents');
    const byId = new Map(list.map((i) => [i.intentId, i]));
    if (['rebuildable', 'no-draft', 'no-order-id'].every((id) => byId.has(id))) return byId;
    assert.ok(Date.now() < deadline, 'the journal actions come back after the restart');
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('a recovered action is offered Resend only when its payload can be rebuilt', async () => {
  const byId = await recovered();
  for (const i of byId.values()) assert.equal(i.status, 'confirmed-not-done', i.note);
  assert.equal(byId.get('rebuildable')!.resendAllowed, true);
  assert.equal(byId.get('no-draft')!.resendAllowed, false, 'no draft: nothing to send again');
  assert.equal(byId.get('no-order-id')!.resendAllowed, false, 'no order id to cancel again');

  const refused = await app.dispatch('orders.resend', { intentId: 'no-draft' });
  assert.equal(refused.ok, false);
  assert.equal(!refused.ok && refused.error.kind, 'resend-refused');
  // The rebuildable one goes out again as a new action (its own checks decide the rest).
  const again = await app.call('orders.resend', { intentId: 'rebuildable' });
  assert.notEqual(again.intentId, 'rebuildable');
  assert.equal(again.action, 'place');
  assert.equal(again.summary.includes('NSE:SBIN-EQ'), true, again.summary);
  assert.equal(
    (await app.call('orders.intents')).find((i) => i.intentId === 'rebuildable')?.resendAllowed,
    false,
    'Resend is single-use',
  );
});
