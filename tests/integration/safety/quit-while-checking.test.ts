/**
 * Quitting while an order's outcome is still being checked, through the composed app on a
 * sandbox that outlives it: the placement's answer is cut off after the broker took it and
 * the order book cannot be read, so the app is 30 s into its settling checks when the trader
 * quits. Quitting must not wait out those checks (it waited its 20 s dispose limit, then
 * moved on), must not write an outcome it does not know, and the next start must find the
 * order from the journal and settle it "done": one order at the broker, never resent.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { SandboxHandle } from '../../../sandbox/index';
import { sbinBuy, startComposedApp, startDemoSandbox } from './composed-app';

let sandbox: SandboxHandle;
let dataDir: string;
before(async () => {
  sandbox = await startDemoSandbox();
  dataDir = await mkdtemp(join(tmpdir(), 'tickdesk-quit-checking-'));
});
after(async () => {
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});

test('quitting mid-check is quick, leaves the outcome open, and the next start settles it once', async () => {
  const first = await startComposedApp({ sandbox, dataDir });
  await first.control('faults', { route: 'POST /api/v2/orders', mode: 'drop-after-commit' });
  await first.control('faults', { route: 'GET /api/v2/orders', mode: 'http500', times: 10_000 });
  const lost = await first.core.orders.place(sbinBuy(643), { confirmGuards: true });
  assert.equal(lost.status, 'unconfirmed', lost.note);
  // Into the checks: the first reads have failed, the next is seconds away.
  await new Promise((r) => setTimeout(r, 1_000));

  const t0 = performance.now();
  await first.close(false);
  const ms = performance.now() - t0;
  assert.ok(ms < 5_000, `quitting waited ${Math.round(ms)} ms for the checks`);

  await first.control('faults', { route: 'GET /api/v2/orders', mode: 'delay', delayMs: 0 });
  const second = await startComposedApp({ sandbox, dataDir });
  try {
    const settled = await second.core.orders.settled(lost.intentId);
    assert.equal(settled.status, 'confirmed-done', settled.note);
    assert.equal(settled.resendAllowed, false, 'a placed order is never offered Resend');
    const book = await second.core.broker.getOrders({ fresh: true });
    assert.equal(book.filter((o) => o.limitPrice === 643).length, 1, 'exactly one order');
  } finally {
    await second.close(false);
  }
});
