/**
 * Finding 10 of issue 8, through the composed app: a crash left a torn last journal line;
 * the next run's first entry must not be glued onto it and lost. After a second crash
 * between request and answer, the restarted app still finds the sent order in the journal
 * and reconciles it against the broker (the same sandbox, which outlives both cores).
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { istDayKey } from '../../../shared/format/ist';
import { journalFileFor } from '../../../electron/core/orders/journal/daily-order-journal';
import type { SandboxHandle } from '../../../sandbox/index';
import { sbinBuy, startComposedApp, startDemoSandbox } from './composed-app';
import { virtualClock } from './virtual-clock';

const clock = virtualClock();
let sandbox: SandboxHandle;
let dataDir: string;
before(async () => {
  sandbox = await startDemoSandbox(clock);
  dataDir = await mkdtemp(join(tmpdir(), 'tickdesk-crash-'));
});
after(async () => {
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});

test('after a torn journal line and a second crash mid-request, the sent order is reconciled', async () => {
  const file = join(dataDir, 'journal', journalFileFor(istDayKey(clock.now())));
  await mkdir(join(dataDir, 'journal'), { recursive: true });
  // Crash 1 stopped the app in the middle of writing a line.
  await writeFile(file, '{"at":"2026-01-01T00:00:00.000Z","intentId":"torn","step":"intent","act');

  const first = await startComposedApp({ clock, sandbox, dataDir });
  // The answer is held back briefly: long enough to copy the disk between request and answer,
  // shorter than the 200 ms real stall after which the virtual clock moves on while a request
  // is on the wire. With 1500 ms the clock moved on, the app's 10 s timeout fired and aborted
  // the request, and the sandbox never placed the order (its book stayed empty), so the
  // restarted app rightly settled it "not done": the premise "the broker has the order" was gone.
  await first.control('faults', { route: 'POST /api/v2/orders', mode: 'delay', delayMs: 100 });
  const placing = first.core.orders.place(sbinBuy(641), { confirmGuards: true });
  // Crash 2: the disk as it is once the request is journaled, before any answer.
  let image = '';
  while (!/"step":"request"/.test(image)) {
    await new Promise((r) => setTimeout(r, 5));
    image = await readFile(file, 'utf8');
  }
  const sent = image
    .split('\n')
    .filter((l) => l.includes('"step":"request"'))
    .map((l) => JSON.parse(l) as { intentId: string })[0]!;
  await placing;
  await first.close(false);
  await writeFile(file, image);

  const second = await startComposedApp({ clock, sandbox, dataDir });
  try {
    const deadline = Date.now() + 5000;
    while (!second.core.orders.list().some((i) => i.intentId === sent.intentId)) {
      assert.ok(Date.now() < deadline, 'the sent order came back from the journal');
      await new Promise((r) => setTimeout(r, 10));
    }
    const settled = await second.core.orders.settled(sent.intentId);
    assert.equal(settled.status, 'confirmed-done', settled.note);
    const book = await second.core.broker.getOrders({ fresh: true });
    const at641 = book.filter((o) => o.limitPrice === 641);
    assert.equal(at641.length, 1, 'one order, never resent');
    assert.equal(settled.orderId, at641[0]!.id);
  } finally {
    await second.close(false);
  }
});
