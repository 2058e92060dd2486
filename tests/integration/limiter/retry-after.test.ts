/**
 * Another device on the same account spends the broker's per-second budget: our next read
 * gets a real 429 from the sandbox. The scheduler must pause everything until Retry-After
 * plus a second's margin for the broker's clock, then send the refused read once more, and
 * not lose it; the refusal is counted as the day's first breach. The sandbox clock is frozen so the
 * other device's burst and our read land in the same fixed second deterministically.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSession } from '../broker/sandbox-session';
import type { BudgetState } from '../../../shared/ipc/channels/budget';

let s: Awaited<ReturnType<typeof startSession>>;
before(async () => {
  s = await startSession({ sandbox: { freezeClock: true } });
});
after(async () => {
  await s.close();
});

test('a 429 caused elsewhere pauses the scheduler until Retry-After, then the read succeeds', async () => {
  const auth = `${s.creds.appId}:${s.creds.accessToken}`;
  const other = await Promise.all(
    Array.from({ length: 10 }, () =>
      fetch(`${s.sb.url}/api/v2/profile`, { headers: { authorization: auth } }).then(
        (r) => r.status,
      ),
    ),
  );
  assert.deepEqual(other, Array(10).fill(200));
  const paused = new Promise<BudgetState>((resolve) => {
    const off = s.scheduler.subscribe((st) => {
      if (st.pausedUntil) {
        off();
        resolve(st);
      }
    });
  });
  const read = s.broker.getFunds();
  const st = await paused;
  const pauseMs = Date.parse(st.pausedUntil!) - Date.now();
  assert.ok(
    pauseMs > 1500 && pauseMs <= 2000,
    `paused for the broker's Retry-After of 1 s and a 1 s margin (${pauseMs} ms)`,
  );
  // While paused nothing goes out, not even an order action.
  let orderSentAt = 0;
  const order = s.scheduler.schedule({
    priority: 'order',
    run: async () => (orderSentAt = Date.now()),
  });
  await s.control('clock', { advanceMs: 1000 }); // the sandbox's second turns over
  const funds = await read;
  assert.ok(funds.lines.length > 0);
  await order;
  assert.ok(orderSentAt >= Date.parse(st.pausedUntil!), 'the order waited for the pause');
  assert.equal(s.scheduler.getState().rateLimitedCount, 1);
  // A per-second refusal is no minute breach: the broker counts none towards the day block,
  // and neither does the app (it pauses all the same).
  assert.deepEqual(s.scheduler.getState().breaches, {
    count: 0,
    unseen: 0,
    allowed: 3,
    level: 'clear',
  });
});
