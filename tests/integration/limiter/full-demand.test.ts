/**
 * 65 seconds at full demand against the sandbox's real limits (10/s, 200/min, fixed windows
 * with the 3-breach daily block): reads, background refresh and order actions all at once.
 * The scheduler must keep every request inside its ceiling under the broker's budget (zero
 * 429s) while order actions still go through promptly. This is the one long test of the suite.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSession } from '../broker/sandbox-session';
import { createBackgroundRefresher } from '../../../electron/core/limiter/background-refresher';

const RUN_MS = 65_000;
const statuses = new Map<number, number>();
const countingFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  return res;
};

let s: Awaited<ReturnType<typeof startSession>>;
before(async () => {
  s = await startSession({ transport: { fetch: countingFetch } });
  await s.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
});
after(async () => {
  await s.close();
});

test(
  '65 s at full demand: zero 429, budget used, order actions not starved',
  { timeout: 120_000 },
  async () => {
    const deadline = Date.now() + RUN_MS;
    const reads = [
      () => s.broker.getFunds({ fresh: true }),
      () => s.broker.getHoldings({ fresh: true }),
      () => s.broker.getTradebook({ fresh: true }),
      () => s.broker.getMarketStatus({ fresh: true }),
      () => s.broker.getProfile({ fresh: true }),
      () => s.broker.getOrders({ fresh: true }),
    ];
    let readCount = 0;
    const userLoop = async (k: number) => {
      while (Date.now() < deadline) {
        await reads[(k + readCount) % reads.length]!();
        readCount++;
      }
    };
    let refreshes = 0;
    const refresher = createBackgroundRefresher({
      source: s.broker,
      budget: () => s.scheduler.getState(),
      fastMs: 0,
      slowMs: 0,
      onOrders: () => refreshes++,
    });
    const orderLatencies: number[] = [];
    const orderLoop = async () => {
      while (Date.now() < deadline) {
        const t0 = Date.now();
        const ack = await s.broker.placeOrder({
          symbol: 'NSE:SBIN-EQ',
          qty: 1,
          type: 1,
          side: 1,
          productType: 'INTRADAY',
          limitPrice: 700,
          stopPrice: 0,
          disclosedQty: 0,
          validity: 'DAY',
          offlineOrder: false,
          stopLoss: 0,
          takeProfit: 0,
        });
        orderLatencies.push(Date.now() - t0);
        const t1 = Date.now();
        await s.broker.cancelOrder(ack.id).catch(() => undefined); // may still be in transit: fine
        orderLatencies.push(Date.now() - t1);
        await new Promise((r) => setTimeout(r, 4000));
      }
    };
    refresher.start();
    await Promise.all([...Array.from({ length: 12 }, (_, k) => userLoop(k)), orderLoop()]);
    refresher.stop();

    const state = s.scheduler.getState();
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    console.log(
      `# sent ${total} requests in ${RUN_MS / 1000} s: statuses ${JSON.stringify(Object.fromEntries(statuses))}, user reads ${readCount}, background cycles ${refreshes}, order actions ${orderLatencies.length}, max order latency ${Math.max(...orderLatencies)} ms`,
    );
    assert.equal(statuses.get(429) ?? 0, 0, 'no request was refused for rate');
    assert.equal(state.rateLimitedCount, 0);
    // The app spends up to its ceiling (150 of 200 a minute, 8 of 10 a second: HEADROOM).
    assert.ok(total >= 150, `the budget was actually used up to the ceiling (${total})`);
    assert.ok(
      total <= 150 + 8 * 6,
      `never more than the minute's ceiling plus the next window's share (${total})`,
    );
    assert.ok(refreshes > 0, 'background refresh got its share');
    assert.ok(orderLatencies.length >= 20, 'order actions kept going');
    assert.ok(
      Math.max(...orderLatencies) < 2000,
      `order actions jump the queue (max ${Math.max(...orderLatencies)} ms)`,
    );
  },
);
