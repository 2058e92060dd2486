/**
 * Issue 18 (review 2), through the composed app on a virtual clock shared with the sandbox:
 * once the broker has blocked the account for the day, an exit and a CNC sell — actions that
 * read the account before sending — are refused at once, unsent, with a message in words.
 * They must never wait behind the block's pause (until midnight) and then go out hours later
 * without a new decision from the trader.
 *
 * The block is drawn the way the broker draws it: another client on the account breaks the
 * per-minute limit in four broker minutes (the sandbox tolerates three).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { OrderType, Side } from '../../../shared/broker/enums';
import type { OrderIntent } from '../../../shared/broker/models';
import type { OrderDraft } from '../../../shared/broker/rules';
import { sbinBuy, startComposedApp, type ComposedApp } from '../safety/composed-app';
import { virtualClock } from '../safety/virtual-clock';
import { brokerCount } from './shared-account';

let app: ComposedApp;
const clock = virtualClock(Date.now(), 20);
before(async () => {
  app = await startComposedApp({ clock });
});
after(async () => {
  await app.close();
});

/** Requests of these routes the sandbox has received (counted before its limits). */
async function received(routes: string[]): Promise<number> {
  const res = await fetch(new URL('/__sandbox/requests', app.core.demoBrokerUrl!));
  const { requests } = (await res.json()) as { requests: Record<string, number> };
  return routes.reduce((n, r) => n + (requests[r] ?? 0), 0);
}

/** Another client on the account breaks the minute limit once in each of `minutes` minutes. */
async function breakMinutes(minutes: number): Promise<void> {
  const cred = app.core.session.credentials();
  assert.ok(cred, 'logged in');
  for (let k = 0; k < minutes; k++) {
    await app.control('limits/spend', { count: 10_000 });
    const res: Response = await fetch(new URL('/api/v2/profile', cred.baseUrl), {
      headers: { Authorization: `${cred.appId}:${cred.accessToken}` },
    });
    assert.equal(res.status, 429, 'the other client is refused');
    await res.body?.cancel();
    await clock.sleep(60_000 - (clock.now() % 60_000) + 500); // the next broker minute
  }
}

/** Resolves with the intent, or null if it has not settled within `ms` of virtual time. */
async function within(ms: number, action: Promise<OrderIntent>): Promise<OrderIntent | null> {
  return Promise.race([action, clock.sleep(ms).then(() => null)]);
}

function assertRefusedUnsent(i: OrderIntent | null, what: string): void {
  assert.ok(i, `${what}: refused at once, not held until the block ends`);
  assert.equal(i.status, 'failed', `${what}: ${i.note}`);
  assert.equal(i.error?.kind, 'day-block-risk', `${what}: ${JSON.stringify(i.error)}`);
  assert.equal(i.error?.ambiguous, false, `${what}: definite, never unconfirmed`);
  assert.match(i.error?.explanation ?? '', /^Not sent: the broker has blocked this account/);
  assert.doesNotMatch(`${i.error?.explanation} ${i.note}`, /\/api\/|429|Retry-After/i);
}

test('a day blocked by the broker: an exit and a CNC sell are refused at once, unsent, in words', async () => {
  const { core } = app;
  // An intraday long to exit, and a demat holding to sell.
  const buy = await core.orders.place(
    { ...sbinBuy(0), symbol: 'NSE:ITC-EQ', type: OrderType.Market, limitPrice: 0 },
    { confirmGuards: true },
  );
  assert.equal(buy.status, 'done', buy.note);
  await app.control('tick', { n: 3 });
  core.orders.observePositions(await core.broker.getPositions({ fresh: true }));
  const holding = (await core.broker.getHoldings({ fresh: true })).holdings.find(
    (x) => x.holdingType === 'HLD' && x.remainingQty >= 1,
  );
  assert.ok(holding, 'the demo account holds settled shares');

  await breakMinutes(4);
  assert.equal((await brokerCount(app)).blocked, true, 'the broker blocked the account');
  // The app learns of the block from its next request (the answer's Retry-After is midnight).
  void core.broker.getOrders({ fresh: true }).catch(() => undefined);
  for (let n = 0; core.scheduler.getState().breaches.level !== 'blocked'; n++) {
    assert.ok(n < 300, `the app saw the block: ${JSON.stringify(core.scheduler.getState())}`);
    await clock.sleep(1_000);
  }

  const actionRoutes = ['DELETE /api/v2/positions', 'POST /api/v2/orders'];
  const sentBefore = await received(actionRoutes);
  const exit = await within(10 * 60_000, core.orders.exit('NSE:ITC-EQ-INTRADAY'));
  assertRefusedUnsent(exit, 'exit');
  const sell: OrderDraft = {
    ...sbinBuy(0),
    symbol: holding.symbol,
    type: OrderType.Market,
    limitPrice: 0,
    side: Side.Sell,
    productType: 'CNC',
  };
  const cnc = await within(10 * 60_000, core.orders.place(sell, { confirmGuards: true }));
  assertRefusedUnsent(cnc, 'CNC sell');
  assert.equal(await received(actionRoutes), sentBefore, 'neither reached the broker');
});
