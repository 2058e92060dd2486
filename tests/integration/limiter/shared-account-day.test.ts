/**
 * Issue 18, finding 1, through the composed app on a virtual clock shared with the sandbox:
 * sustained order load while another client (a phone app, a script) spends 40 requests at
 * the start of every broker minute on the same account. The broker counts both in its own
 * fixed minutes and blocks the account for the day after the fourth minute breach. The app
 * must keep headroom, slow the whole client at the first 429, count the breaches as the
 * broker does (and remember them across a restart the same day) and never draw the block:
 * every order action ends confirmed one way or the other, and the account still answers.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { istParts, istToEpoch } from '../../../shared/format/ist';
import type { SandboxHandle } from '../../../sandbox/index';
import { startComposedApp, startDemoSandbox, type ComposedApp } from '../safety/composed-app';
import { virtualClock } from '../safety/virtual-clock';
import { runSharedAccount } from './shared-account';

const MINUTES = 7;
const clock = virtualClock(
  istToEpoch({ ...istParts(Date.now()), hour: 10, minute: 0, second: 0 }),
  5,
);
let sandbox: SandboxHandle;
let dataDir: string;
let app: ComposedApp;

/**
 * Clock-aligned windows here, said aloud: under the sandbox's default sliding windows the other
 * client's requests at the start of a minute meet the app's last 60 s and are refused, breaches
 * the app cannot see (issue 20 #3 found it; open in issue 18: the app's headroom and breach
 * count must learn to survive a sliding-window broker shared with another client).
 */
const WHY_CLOCK_WINDOWS =
  "shared-account test: the broker's minute is clock-aligned here (sliding windows with another client on the account are an open defect, issue 18)";

before(async () => {
  console.log(WHY_CLOCK_WINDOWS);
  sandbox = await startDemoSandbox(clock, undefined, { limits: { windows: 'clock' } });
  dataDir = await mkdtemp(join(tmpdir(), 'tickdesk-shared-account-'));
  app = await startComposedApp({ clock, sandbox, dataDir });
});
after(async () => {
  await app.close();
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});

test(
  'sustained order load with another client on the account: never blocked, breaches counted',
  { timeout: 600_000 },
  async () => {
    const r = await runSharedAccount(app, clock, MINUTES);
    console.log(`shared account: ${JSON.stringify({ ...r, otherwise: r.otherwise.length })}`);
    assert.equal(r.blocked, false, 'the broker never blocked the account');
    assert.deepEqual(r.unsure, [], 'every order action ends confirmed one way or the other');
    // A placement the broker refused with a 429 was not carried out: "failed", resendable.
    assert.deepEqual(r.otherwise.slice(0, 5), [], 'every other placement done (only delayed)');
    assert.ok(r.refusedByLimit <= r.app429s);
    assert.ok(r.placements > MINUTES * 100, `sustained load: ${r.placements} placements`);
    assert.ok(r.brokerBreaches >= 1, 'the other client did push the account over once');
    assert.ok(r.brokerBreaches <= 2, `at most 2 breaches, got ${r.brokerBreaches}`);
    // The app counts what it saw as the broker counts it (the other client spends early in
    // each minute, so every refusal of this run falls on the app).
    assert.equal(r.appBreaches, r.brokerBreaches);
    assert.equal(r.otherRefused, 0);
    const book = await app.core.broker.getOrders({ fresh: true });
    assert.ok(book.length > 0, 'the account still answers');

    // A restart the same day remembers the breaches.
    await app.close(false);
    app = await startComposedApp({ clock, sandbox, dataDir });
    assert.equal(app.core.scheduler.getState().breaches.count, r.brokerBreaches);
  },
);
