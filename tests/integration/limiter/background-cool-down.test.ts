/**
 * Background refresh after a per-minute breach, through the composed app on a virtual clock
 * shared with the sandbox: another client spends the broker's minute, the app's next read is
 * refused (a real breach, counted by the broker). Background refresh must wait out the
 * breached minute and a cool-down, then come back (the rest of the day is not lost for one
 * breach); once a second breach leaves the day one breach from the block, it stays held
 * until midnight. A background read here is what the refresher sends
 * (`priority: 'background'`, through the broker client, over HTTP).
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { istParts, istToEpoch, nextIstMidnight } from '../../../shared/format/ist';
import type { SandboxHandle } from '../../../sandbox/index';
import { BACKGROUND_COOL_DOWN_MS } from '../../../electron/core/limiter/breach-guard';
import { startComposedApp, startDemoSandbox, type ComposedApp } from '../safety/composed-app';
import { virtualClock } from '../safety/virtual-clock';
import { brokerCount } from './shared-account';

const clock = virtualClock(istToEpoch({ ...istParts(Date.now()), hour: 10, minute: 0, second: 0 }));
let sandbox: SandboxHandle;
let dataDir: string;
let app: ComposedApp;

before(async () => {
  sandbox = await startDemoSandbox(clock);
  dataDir = await mkdtemp(join(tmpdir(), 'tickdesk-bg-cool-down-'));
  app = await startComposedApp({ clock, sandbox, dataDir });
  await clock.sleep(61_000); // start with empty windows
});
after(async () => {
  await app.close();
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * Another client spends the rest of the broker's minute; the app's next read is refused over
 * the minute's limit and sent again after the pause. Resolves with when the app counted it.
 */
async function drawBreach(): Promise<number> {
  const { core } = app;
  const before = core.scheduler.getState().breaches.count;
  let countedAt = 0;
  const off = core.scheduler.subscribe((st) => {
    if (!countedAt && st.breaches.count > before) countedAt = clock.now();
  });
  try {
    await app.control('limits/spend', { count: 200 });
    await core.broker.getFunds({ fresh: true }); // refused, paused for, sent again
  } finally {
    off();
  }
  assert.ok(countedAt > 0, 'the app counted the breach');
  assert.equal(core.scheduler.getState().breaches.count, before + 1);
  return countedAt;
}

/** A background read (as the refresher sends), racing `withinMs` of virtual time. */
async function backgroundRead(withinMs: number): Promise<{ doneAt: number | null }> {
  const read = app.core.broker
    .getOrders({ priority: 'background', fresh: true })
    .then(() => clock.now());
  read.catch(() => {}); // still queued when the app closes (the held case)
  const timeout = clock.sleep(withinMs).then(() => null);
  return { doneAt: await Promise.race([read, timeout]) };
}

test(
  'one breach: background refresh waits the breached minute and a cool-down, then resumes',
  { timeout: 120_000 },
  async () => {
    const breachAt = await drawBreach();
    assert.equal((await brokerCount(app)).minuteBreaches, 1, 'the broker counted the breach');
    const st = app.core.scheduler.getState();
    assert.equal(st.breaches.level, 'held', 'one seen and one assumed unseen: one from the stop');
    const heldUntil = Date.parse(st.backgroundHeldUntil ?? '');
    assert.ok(
      heldUntil >= breachAt + BACKGROUND_COOL_DOWN_MS,
      `held for at least the cool-down (until ${st.backgroundHeldUntil})`,
    );
    assert.ok(heldUntil < nextIstMidnight(breachAt), 'not for the rest of the day');

    const { doneAt } = await backgroundRead(20 * 60_000);
    assert.ok(doneAt !== null, 'background refresh resumed within 20 minutes of one breach');
    assert.ok(
      doneAt >= breachAt + BACKGROUND_COOL_DOWN_MS,
      `not before the cool-down (${(doneAt - breachAt) / 1000} s after the breach)`,
    );
    assert.equal(app.core.scheduler.getState().backgroundHeldUntil, null);
    assert.equal(app.core.scheduler.getState().breaches.level, 'held', 'the day stays counted');
  },
);

test(
  'a second breach leaves one before the block: background refresh stays held until midnight',
  { timeout: 120_000 },
  async () => {
    await clock.sleep(61_000); // the next breach falls in another broker minute
    const breachAt = await drawBreach();
    assert.equal((await brokerCount(app)).minuteBreaches, 2, 'the broker counted both');
    const st = app.core.scheduler.getState();
    assert.equal(st.breaches.level, 'stopped');
    assert.equal(Date.parse(st.backgroundHeldUntil ?? ''), nextIstMidnight(breachAt));

    const { doneAt } = await backgroundRead(3 * BACKGROUND_COOL_DOWN_MS);
    assert.equal(doneAt, null, 'no background read long after the cool-down');
    assert.ok(app.core.scheduler.getState().queued.background >= 1, 'the refresh waits, queued');
    // The trader's own reads still go.
    await app.core.broker.getPositions({ fresh: true });
  },
);
