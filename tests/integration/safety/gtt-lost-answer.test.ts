/**
 * The no-duplicate promise for GTT actions (issue 21 #1), on the composed app (createAppCore
 * in Demo on API v3, real settings and symbols, the sandbox over HTTP): the answer to a GTT
 * create is lost after the broker created it; the app shows it unconfirmed, refuses to send
 * it again meanwhile, finds it in the GTT book and says so; the journal holds every step. A
 * lost cancel is settled the same way; one left open by a quit is settled at the next start.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { GttAction, GttDraft } from '../../../shared/broker/gtt';
import { Side } from '../../../shared/broker/enums';
import { istDayKey } from '../../../shared/format/ist';
import { journalFileFor } from '../../../electron/core/orders/journal/daily-order-journal';
import type { JournalEntry } from '../../../electron/core/orders/journal/order-journal';
import { startComposedApp, startDemoSandbox, type ComposedApp } from './composed-app';

let app: ComposedApp;
const SYNC = 'api/v3/gtt/orders/sync';

before(async () => {
  app = await startComposedApp({ dialect: 'fyers-v3' });
  await app.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 800 });
});

after(async () => {
  await app?.close();
});

/** How many requests of `route` ("POST /api/v3/gtt/orders/sync") reached the sandbox. */
async function reached(route: string): Promise<number> {
  const res = await fetch(new URL('/__sandbox/requests', app.core.demoBrokerUrl!));
  const json = (await res.json()) as { requests: Record<string, number> };
  return json.requests[route] ?? 0;
}

/** The broker's GTT book, read through the app's scheduler (a direct read would spend the account's budget behind its back). */
async function sandboxBook(): Promise<Record<string, unknown>[]> {
  const view = await app.core.gtt.refresh();
  return view.gtts.map((g) => ({
    id: g.id,
    price_trigger: g.leg1.triggerPrice,
    price2_trigger: g.leg2?.triggerPrice ?? 0,
    ord_status: g.status === 'active' ? 6 : g.status === 'cancelled' ? 1 : -1,
  }));
}

/** Waits until the action reaches a settled status (generous: a loaded CI machine). */
async function settled(actionId: string): Promise<GttAction> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const a = app.core.gtt.view().actions.find((x) => x.actionId === actionId);
    if (a && a.status !== 'unconfirmed' && a.status !== 'sending') return a;
    assert.ok(Date.now() < deadline, `action ${actionId} never settled: ${JSON.stringify(a)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function gttJournal(actionId: string): Promise<JournalEntry[]> {
  const file = join(app.dataDir, 'journal', journalFileFor(istDayKey(Date.now()), 'gtt'));
  return (await readFile(file, 'utf8'))
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as JournalEntry)
    .filter((e) => e.intentId === actionId);
}

const oco = (up: number, down: number): GttDraft => ({
  kind: 'oco',
  symbol: 'NSE:SBIN-EQ',
  side: Side.Buy,
  productType: 'CNC',
  target: { triggerPrice: up, limitPrice: up, qty: 1 },
  stop: { triggerPrice: down, limitPrice: down, qty: 1 },
});

test('a GTT create whose answer is lost is shown unconfirmed, never sent twice, found in the GTT book and journalled', async () => {
  const { core } = app;
  await app.control('faults', { route: `POST /${SYNC}`, mode: 'drop-after-commit' });
  const sentBefore = await reached(`POST /${SYNC}`);
  const first = await core.gtt.create(oco(1010, 590), { confirmed: true });
  assert.equal(first.status, 'unconfirmed', JSON.stringify(first));
  // A second press while it is unconfirmed: refused, nothing sent.
  const again = await core.gtt.create(oco(1010, 590), { confirmed: true });
  assert.equal(again.status, 'blocked', JSON.stringify(again));
  assert.match(again.note, /not sent twice/);
  const done = await settled(first.actionId);
  assert.equal(done.status, 'confirmed-done', JSON.stringify(done));
  assert.match(done.gttId ?? '', /^\d{14}$/);
  assert.equal((await reached(`POST /${SYNC}`)) - sentBefore, 1, 'sent exactly once');
  const mine = (await sandboxBook()).filter(
    (r) => r.price_trigger === 1010 && r.price2_trigger === 590 && r.ord_status === 6,
  );
  assert.equal(mine.length, 1, 'the broker holds one such GTT');
  assert.equal(mine[0]!.id, done.gttId);
  assert.ok(core.gtt.view().gtts.some((g) => g.id === done.gttId && g.status === 'active'));
  const steps = (await gttJournal(first.actionId)).map((e) => e.step);
  assert.deepEqual(
    [...new Set(steps)],
    ['intent', 'request', 'unconfirmed', 'reconcile', 'outcome'],
    steps.join(','),
  );
});

test('a lost cancel is settled from the GTT book: cancelled once', async () => {
  const { core } = app;
  const made = await core.gtt.create(oco(1020, 580), { confirmed: true });
  assert.equal(made.status, 'done', JSON.stringify(made));
  await app.control('faults', { route: `DELETE /${SYNC}`, mode: 'drop-after-commit' });
  const cancel = await core.gtt.cancel(made.gttId!);
  assert.equal(cancel.status, 'unconfirmed', JSON.stringify(cancel));
  const done = await settled(cancel.actionId);
  assert.equal(done.status, 'confirmed-done', JSON.stringify(done));
  const row = (await sandboxBook()).find((r) => r.id === made.gttId);
  assert.equal(row?.ord_status, 1, 'cancelled at the broker');
});

test('each leg goes through the pre-checks: a rule blocks by leg, a guard and a trigger at the wrong side ask first', async () => {
  const { core } = app;
  const sent = await reached(`POST /${SYNC}`);
  const offTick = await core.gtt.create(oco(810.03, 790));
  assert.equal(offTick.status, 'blocked', JSON.stringify(offTick));
  assert.ok(
    offTick.checks.some((c) => c.leg === 'leg1' && /^Target: .*multiple of/.test(c.message)),
  );
  const wrongSide = await core.gtt.create(oco(790, 780));
  assert.equal(wrongSide.status, 'confirm', JSON.stringify(wrongSide));
  assert.ok(
    wrongSide.checks.some((c) => c.leg === 'leg1' && /would trigger at once/.test(c.message)),
  );
  const far = await core.gtt.create(oco(1200, 790));
  assert.equal(far.status, 'confirm', JSON.stringify(far));
  assert.ok(far.checks.some((c) => c.leg === 'leg1' && /away from the last price/.test(c.message)));
  assert.equal(await reached(`POST /${SYNC}`), sent, 'nothing was sent');
});

test('a GTT create left unconfirmed when Tickdesk quits is reconciled at the next start, not sent again', async () => {
  const sandbox = await startDemoSandbox();
  const dataDir = await mkdtemp(join(tmpdir(), 'tickdesk-gtt-restart-'));
  try {
    const first = await startComposedApp({ sandbox, dataDir, dialect: 'fyers-v3' });
    let actionId = '';
    try {
      await first.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 800 });
      await first.control('faults', { route: `POST /${SYNC}`, mode: 'drop-after-commit' });
      const sent = await first.core.gtt.create(oco(1030, 570), { confirmed: true });
      assert.equal(sent.status, 'unconfirmed', JSON.stringify(sent));
      actionId = sent.actionId;
    } finally {
      // Quits before the first reconciliation read: the journal has no outcome.
      await first.close(false);
    }
    const before = (
      await readFile(join(dataDir, 'journal', journalFileFor(istDayKey(Date.now()), 'gtt')), 'utf8')
    )
      .split('\n')
      .filter((l) => l.includes(actionId));
    assert.ok(!before.some((l) => l.includes('"outcome"')), before.join('\n'));

    // A restart takes longer than the broker's sliding second (the quitting app's last reads
    // still count in it); starting within the same second drew a 429 on a loaded machine.
    await new Promise((r) => setTimeout(r, 1_100));
    const second = await startComposedApp({ sandbox, dataDir, dialect: 'fyers-v3' });
    try {
      const deadline = Date.now() + 90_000;
      let back = second.core.gtt.view().actions.find((a) => a.actionId === actionId);
      while (!back || back.status === 'unconfirmed') {
        assert.ok(Date.now() < deadline, `not reconciled: ${JSON.stringify(back)}`);
        await new Promise((r) => setTimeout(r, 200));
        back = second.core.gtt.view().actions.find((a) => a.actionId === actionId);
      }
      assert.equal(back.status, 'confirmed-done', JSON.stringify(back));
      const res = await fetch(new URL('/__sandbox/requests', second.core.demoBrokerUrl!));
      const counts = ((await res.json()) as { requests: Record<string, number> }).requests;
      assert.equal(counts[`POST /${SYNC}`], 1, 'sent once, across the restart');
      const view = await second.core.gtt.refresh();
      assert.equal(view.gtts.filter((g) => g.leg1.triggerPrice === 1030).length, 1);
    } finally {
      await second.close(false);
    }
  } finally {
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
