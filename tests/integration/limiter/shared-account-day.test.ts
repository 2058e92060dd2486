/**
 * Issue 18, finding 1, through the composed app on a virtual clock shared with the sandbox,
 * whose windows slide (its default, as the real broker's are believed to): sustained order
 * load while another client (a phone app, a script) spends 40 requests from the start of
 * every minute on the same account, and once hammers it until refused. The other client's requests meet the app's
 * last 60 s whenever they come, and a refusal of theirs is a breach the app never sees. The
 * app must leave them their share (never refused while they keep to it), slow the whole
 * client at the first 429, count the breaches at least as the broker does (seen, plus one
 * assumed unseen; remembered across a restart the same day) and never draw the block: every
 * order action ends confirmed one way or the other, and the account still answers.
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

const MINUTES = 6;
/** The other client's one heavy minute: 4 a second until refused 10 times. */
const SURGE = { minute: 2, untilRefused: 10 };
const clock = virtualClock(
  istToEpoch({ ...istParts(Date.now()), hour: 10, minute: 0, second: 0 }),
  5,
);
let sandbox: SandboxHandle;
let dataDir: string;
let app: ComposedApp;

before(async () => {
  sandbox = await startDemoSandbox(clock);
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
    const r = await runSharedAccount(app, clock, MINUTES, 40, SURGE);
    console.log(`shared account: ${JSON.stringify({ ...r, otherwise: r.otherwise.length })}`);
    assert.equal(r.blocked, false, 'the broker never blocked the account');
    assert.deepEqual(r.unsure, [], 'every order action ends confirmed one way or the other');
    // A placement the broker refused with a 429 was not carried out: "failed", resendable.
    assert.deepEqual(r.otherwise.slice(0, 5), [], 'every other placement done (only delayed)');
    assert.ok(r.refusedByLimit <= r.app429s);
    assert.ok(r.ordersPerMinute >= 60, `sustained load: ${r.ordersPerMinute} orders a minute`);
    // Within its share the other client is never refused beside the app at full demand.
    assert.equal(r.otherRefusedOutsideSurge, 0, 'the other client kept to its share: not refused');
    // The surge does push the account over (else the test proves nothing), and the app
    // counts at least what the broker counted: the breaches it saw and one assumed unseen.
    assert.ok(r.brokerBreaches >= 1, 'the surge pushed the account over');
    assert.ok(r.appBreaches >= 1, 'the app saw its own requests refused');
    assert.ok(
      r.appBreaches + r.appUnseen >= r.brokerBreaches,
      `the app counted ${r.appBreaches} + ${r.appUnseen} unseen; the broker ${r.brokerBreaches}`,
    );
    assert.ok(r.brokerBreaches <= 2, `at most 2 breaches, got ${r.brokerBreaches}`);
    const book = await app.core.broker.getOrders({ fresh: true });
    assert.ok(book.length > 0, 'the account still answers');

    // A restart the same day remembers the breaches.
    await app.close(false);
    app = await startComposedApp({ clock, sandbox, dataDir });
    const st = app.core.scheduler.getState().breaches;
    assert.equal(st.count, r.appBreaches);
    assert.equal(st.count + st.unseen, r.appBreaches + r.appUnseen);
  },
);
