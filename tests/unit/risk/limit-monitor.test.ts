/**
 * The daily-limit monitor alone (the composed tests in tests/integration/risk cover it in the
 * app): where the limit sits, warn-only, % of capital, and no exit on prices that are not
 * live until they are. Also when a stop ends (the next trading day's 09:00 IST).
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Position, Positions } from '../../../shared/broker/models';
import { istToEpoch } from '../../../shared/format/ist';
import type { LastPrice } from '../../../shared/marketdata/quote';
import { RiskLimits, type KillOutcome, type StopReason } from '../../../shared/risk/risk-limits';
import { createBlockStore } from '../../../electron/core/risk/block-store';
import { createLimitMonitor } from '../../../electron/core/risk/limit-monitor';
import { nextTradingDayStart } from '../../../electron/core/risk/trading-day';

const NOW = istToEpoch({ year: 2026, month: 11, day: 27, hour: 11, minute: 0, second: 0 });

function long(qty: number, avg: number, ltp: number): Positions {
  const p = {
    id: 'NSE:SBIN-EQ-INTRADAY',
    symbol: 'NSE:SBIN-EQ',
    productType: 'INTRADAY',
    netQty: qty,
    ltp,
    pl: (ltp - avg) * qty,
    unrealizedPl: (ltp - avg) * qty,
    commodityMultiplier: 1,
  } as Position;
  return { positions: [p] } as unknown as Positions;
}

function harness(limits: RiskLimits | null, brokerHolds = false) {
  const prices = new Map<string, LastPrice>();
  let socketOpen = true;
  const engaged: StopReason[] = [];
  const blocks: StopReason[] = [];
  const notices: string[] = [];
  let blocked = false;
  const m = createLimitMonitor({
    limits: () => limits,
    lastPrice: (s) => prices.get(s),
    socketOpen: () => socketOpen,
    killSwitch: {
      current: () =>
        blocked ? { accountId: 'a', reason: 'loss-limit', at: NOW, until: NOW + 1 } : null,
      engage: async (reason) => {
        engaged.push(reason);
        blocked = true;
        return { summary: 'done.', unsettled: 0 } as KillOutcome;
      },
      block: (reason) => {
        blocks.push(reason);
        blocked = true;
        return { accountId: 'a', reason, at: NOW, until: NOW + 1 };
      },
    },
    brokerHolds: () => brokerHolds,
    now: () => NOW,
    notify: (_l, msg) => notices.push(msg),
    onState: () => {},
    log: { warn: () => {} },
  });
  const price = (ltp: number, stale = false) =>
    prices.set('NSE:SBIN-EQ', { ltp, source: 'socket', ageMs: 0, stale } as LastPrice);
  return {
    m,
    engaged,
    blocks,
    notices,
    price,
    setSocket: (open: boolean) => (socketOpen = open),
  };
}

const exitAt = (loss: number) =>
  RiskLimits.parse({ loss: { amount: loss, unit: 'rupees' }, action: 'exit' });

test('a loss at the limit exits once; one rupee short of it does nothing', async () => {
  const h = harness(exitAt(500));
  h.price(951);
  h.m.observe(long(10, 1000, 1000));
  await h.m.idle();
  assert.deepEqual(h.engaged, [], 'MTM -490: under the limit');
  h.price(950);
  h.m.check();
  h.m.check();
  await h.m.idle();
  assert.deepEqual(h.engaged, ['loss-limit']);
  assert.equal(h.notices.filter((n) => n.startsWith('Daily loss limit of ₹500')).length, 1);
});

test('warn only: a warning, once a day, and no exit', async () => {
  const h = harness(RiskLimits.parse({ loss: { amount: 500, unit: 'rupees' } }));
  h.price(900);
  h.m.observe(long(10, 1000, 1000));
  h.m.check();
  await h.m.idle();
  assert.deepEqual(h.engaged, []);
  assert.equal(h.notices.length, 1);
  assert.match(h.notices[0]!, /only warns/);
});

test('a profit target in % of capital', async () => {
  const h = harness(
    RiskLimits.parse({
      capital: 100_000,
      profit: { amount: 1, unit: 'percent' },
      action: 'exit',
    }),
  );
  assert.equal(h.m.state().profitTarget, 1000);
  h.price(1099);
  h.m.observe(long(10, 1000, 1000));
  await h.m.idle();
  assert.deepEqual(h.engaged, []);
  h.price(1100);
  h.m.check();
  await h.m.idle();
  assert.deepEqual(h.engaged, ['profit-target']);
});

test('% without capital is refused with a clear message', () => {
  const r = RiskLimits.safeParse({ loss: { amount: 2, unit: 'percent' } });
  assert.equal(r.success, false);
  assert.match(r.error!.issues[0]!.message, /needs the capital/);
});

test('socket down or a stale price: a warning and no exit; live again: the exit', async () => {
  const h = harness(exitAt(500));
  h.setSocket(false);
  h.price(900);
  h.m.observe(long(10, 1000, 1000));
  await h.m.idle();
  assert.deepEqual(h.engaged, [], 'no exit with the socket down');
  assert.equal(h.m.state().waiting, 'loss-limit');
  assert.ok(h.notices.some((n) => /not live/.test(n)));
  h.setSocket(true);
  h.price(900, true);
  h.m.check();
  await h.m.idle();
  assert.deepEqual(h.engaged, [], 'no exit on a stale price either');
  h.price(900);
  h.m.check();
  await h.m.idle();
  assert.deepEqual(h.engaged, ['loss-limit'], 'live prices confirm it: exit');
});

test('a live price back above the limit while waiting: no exit', async () => {
  const h = harness(exitAt(500));
  h.setSocket(false);
  h.price(900);
  h.m.observe(long(10, 1000, 1000));
  h.setSocket(true);
  h.price(990);
  h.m.check();
  await h.m.idle();
  assert.deepEqual(h.engaged, []);
  assert.equal(h.m.state().waiting, null);
});

test('a stop ends at the next weekday’s 09:00 IST', () => {
  const fri = istToEpoch({ year: 2026, month: 11, day: 27, hour: 14, minute: 0, second: 0 });
  const mon = istToEpoch({ year: 2026, month: 11, day: 30, hour: 9, minute: 0, second: 0 });
  assert.equal(nextTradingDayStart(fri), mon);
  const tueEarly = istToEpoch({ year: 2026, month: 12, day: 1, hour: 0, minute: 30, second: 0 });
  const wed = istToEpoch({ year: 2026, month: 12, day: 2, hour: 9, minute: 0, second: 0 });
  assert.equal(nextTradingDayStart(tueEarly), wed);
});

test('the stop record survives a reopen; an unreadable one is said and ignored', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'tickdesk-block-'));
  try {
    const path = join(dir, 'trading-block.json');
    const a = createBlockStore(path);
    a.put({ accountId: 'x', reason: 'kill-switch', at: NOW, until: NOW + 1000 });
    const b = createBlockStore(path);
    assert.equal(b.current('x', NOW + 1)?.reason, 'kill-switch');
    assert.equal(b.current('x', NOW + 1000), null, 'ended');
    assert.equal(b.current('y', NOW + 1), null, 'another account');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path, '{"blocks": 3}');
    const issues: string[] = [];
    const c = createBlockStore(path, (m) => issues.push(m));
    assert.equal(c.current('x', NOW + 1), null);
    assert.equal(issues.length, 1);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('where the broker holds the limits it exits; Tickdesk only stops new orders, once, on live prices', async () => {
  const h = harness(exitAt(500), true);
  h.price(940, true);
  h.m.observe(long(10, 1000, 1000));
  await h.m.idle();
  assert.deepEqual(h.blocks, [], 'no stop on prices that are not live');
  h.price(940);
  h.m.check();
  h.m.check();
  await h.m.idle();
  assert.deepEqual(h.blocks, ['loss-limit']);
  assert.deepEqual(h.engaged, [], 'Tickdesk never exits what the broker exits');
  assert.match(h.notices.join('\n'), /smart exit exits your positions/);
});

test('a realised loss past the limit with nothing open acts with the socket down (no price in it)', async () => {
  const h = harness(exitAt(300));
  h.setSocket(false);
  // Flat: bought and sold at a ₹450 loss; the broker's realised figure, no live price needed.
  const flat = long(10, 945, 900);
  flat.positions[0] = { ...flat.positions[0]!, netQty: 0, unrealizedPl: 0 };
  h.m.observe(flat);
  await h.m.idle();
  assert.deepEqual(h.engaged, ['loss-limit']);
  assert.equal(h.m.state().fresh, true);
  // An open position priced while the socket is down still waits for live prices.
  const open = harness(exitAt(300));
  open.setSocket(false);
  open.price(900);
  open.m.observe(long(10, 945, 900));
  await open.m.idle();
  assert.deepEqual(open.engaged, []);
  assert.equal(open.m.state().fresh, false);
});
