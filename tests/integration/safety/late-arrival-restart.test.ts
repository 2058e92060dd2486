/**
 * Issue 18 #2, through the composed app: a late correction is an outcome in the order
 * journal, so restarting the app (on the same data folder and the same sandbox, which
 * outlives the core) never brings the action back as "not done" or unconfirmed, and the
 * journal's last word on it is "done".
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { OrderStatus } from '../../../shared/broker/enums';
import { createDailyOrderJournal } from '../../../electron/core/orders/journal/daily-order-journal';
import { unsettledActions } from '../../../electron/core/orders/journal/journal-recovery';
import type { SandboxHandle } from '../../../sandbox/index';
import { sbinBuy, startComposedApp, startDemoSandbox } from './composed-app';
import { virtualClock } from './virtual-clock';

// At most 20x real time, as in late-arrival-kinds.test.ts (a slow disk costs virtual time).
const clock = virtualClock(Date.now(), 20);
let sandbox: SandboxHandle;
let dataDir: string;
before(async () => {
  sandbox = await startDemoSandbox(clock);
  dataDir = await mkdtemp(join(tmpdir(), 'tickdesk-late-restart-'));
});
after(async () => {
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});

test('a cancel corrected as "arrived late" stays done after a restart', async () => {
  const first = await startComposedApp({ clock, sandbox, dataDir });
  let intentId = '';
  let orderId = '';
  try {
    const placed = await first.core.orders.place(sbinBuy(831), { confirmGuards: true });
    assert.equal(placed.status, 'done', placed.note);
    orderId = placed.orderId!;
    await first.control('tick', { n: 1 });
    first.core.orders.observeOrders(await first.core.broker.getOrders({ fresh: true }));
    await first.control('faults', {
      route: 'DELETE /api/v2/orders',
      mode: 'late-arrival',
      delayMs: 90_000,
    });
    const sent = await first.core.orders.cancel(orderId);
    intentId = sent.intentId;
    const s = await first.core.orders.settled(intentId);
    assert.equal(s.status, 'confirmed-not-done', s.note);
    await clock.sleep(90_000 + 25_000);
    await first.core.orders.idle();
    const now = first.core.orders.get(intentId);
    assert.equal(now.status, 'confirmed-done', now.note);
    assert.match(now.note, /Arrived late/);
  } finally {
    await first.close(false);
  }

  const journal = createDailyOrderJournal(join(dataDir, 'journal'), clock);
  const entries = await journal.readAll();
  await journal.close();
  const outcomes = entries.filter((e) => e.intentId === intentId && e.step === 'outcome');
  assert.equal(
    (outcomes.at(-1)?.data as { status?: string } | undefined)?.status,
    'confirmed-done',
    'the journal ends on the late outcome',
  );
  assert.ok(!unsettledActions(entries).some((u) => u.intentId === intentId));

  const second = await startComposedApp({ clock, sandbox, dataDir });
  try {
    const back = second.core.orders.list().find((i) => i.intentId === intentId);
    assert.equal(back, undefined, 'not brought back as unsettled');
    const row = (await second.core.broker.getOrders({ fresh: true })).find((o) => o.id === orderId);
    assert.equal(row?.status, OrderStatus.Canceled, 'and the broker agrees');
  } finally {
    await second.close(false);
  }
});
