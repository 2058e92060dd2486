/**
 * The broker counts a request when it arrives; the app can only count it when it lets it
 * go. On a busy machine (an event loop late by a large book's parse, a CPU shared by a
 * build) the sends of one second can leave, or be handled, late, while the next second's
 * go at once: by the broker's sliding second they arrive together. The full-demand test
 * drew one per-second 429 this way at load 22. A request must therefore count in the app's
 * windows from the moment it is let go until its answer is back, and a window past that:
 * the broker cannot have counted it after it answered. Then no lateness anywhere between
 * the scheduler and the broker's counter can bunch two of the app's windows into one of
 * the broker's.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSession } from '../broker/sandbox-session';

/** How long the first sends are held back before they leave (a machine busy for a second). */
const HELD_MS = 1_000;
/** Sends asked for within this long of the start are the held ones. */
const FIRST_BURST_MS = 300;

const statuses = new Map<number, number>();
let startedAt = Number.POSITIVE_INFINITY;
const lateFetch: typeof fetch = async (input, init) => {
  if (Date.now() - startedAt < FIRST_BURST_MS) await new Promise((r) => setTimeout(r, HELD_MS));
  const res = await fetch(input, init);
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  return res;
};

let s: Awaited<ReturnType<typeof startSession>>;
before(async () => {
  s = await startSession({ transport: { fetch: lateFetch, timeoutMs: 15_000 } });
});
after(async () => {
  await s.close();
});

test(
  'sends held back by a busy machine never meet the next second at the broker: zero 429',
  {
    timeout: 90_000,
  },
  async () => {
    // Let the login's own requests leave the broker's second first.
    await new Promise((r) => setTimeout(r, 1_500));
    const reads = [
      () => s.broker.getFunds({ fresh: true }),
      () => s.broker.getHoldings({ fresh: true }),
      () => s.broker.getTradebook({ fresh: true }),
      () => s.broker.getMarketStatus({ fresh: true }),
      () => s.broker.getProfile({ fresh: true }),
      () => s.broker.getOrders({ fresh: true }),
      () => s.broker.getPositions({ fresh: true }),
    ];
    startedAt = Date.now();
    // Three rounds of every read at once: more than two of the app's seconds' worth.
    const all = await Promise.allSettled(
      Array.from({ length: 21 }, (_, k) => reads[k % reads.length]!()),
    );
    const failed = all.filter((r) => r.status === 'rejected');
    assert.equal(
      statuses.get(429) ?? 0,
      0,
      `no request was refused for rate (statuses ${JSON.stringify(Object.fromEntries(statuses))})`,
    );
    assert.equal(s.scheduler.getState().rateLimitedCount, 0);
    assert.equal(failed.length, 0, `every read answered: ${failed.map((f) => String(f.reason))}`);
  },
);
