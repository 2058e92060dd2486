/**
 * Issue 17 #3 through the composed app (createAppCore in Demo mode, the sandbox over HTTP):
 * a CNC sell of demat holdings without a depository authorization (eDIS) is stopped by the
 * app before it is sent, single or in a basket, with the quantity to authorize; once
 * authorized at the depository the same sell goes through. The sandbox still refuses such a
 * sell on its own when the app's check is bypassed, and its reason reaches no screen with an
 * API path in it.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { OrderType, Side } from '../../../shared/broker/enums';
import type { Holding } from '../../../shared/broker/models';
import type { OrderDraft } from '../../../shared/broker/rules';
import { DEMO_USER } from '../../../sandbox/auth/user';
import { BrokerError } from '../../../electron/core/broker/broker-error';
import { startComposedApp, type ComposedApp } from '../safety/composed-app';

let app: ComposedApp;
let h: Holding;
before(async () => {
  app = await startComposedApp();
  const held = await app.core.broker.getHoldings({ fresh: true });
  const found = held.holdings.find((x) => x.holdingType === 'HLD' && x.remainingQty >= 5);
  assert.ok(found, 'the demo account holds settled shares');
  h = found;
});
after(async () => {
  await app.close();
});

const cncSell = (qty: number): OrderDraft => ({
  symbol: h.symbol,
  qty,
  type: OrderType.Market,
  side: Side.Sell,
  productType: 'CNC',
  limitPrice: 0,
  stopPrice: 0,
  disclosedQty: 0,
  validity: 'DAY',
  offlineOrder: false,
  stopLoss: 0,
  takeProfit: 0,
});

/** CNC sells of the holding in the broker's own book. */
async function sellsInBook(): Promise<number> {
  const book = await app.core.broker.getOrders({ fresh: true });
  return book.filter((o) => o.symbol === h.symbol && o.side === Side.Sell).length;
}

/** Authorizes `qty` of the holding at the sandbox's depository, as its window would. */
async function authorizeAtDepository(qty: number): Promise<void> {
  const isin = app.core.symbols.get(h.symbol)?.isin ?? '';
  const { html } = await app.core.broker.edisIndex([{ isin, qty }]);
  const hidden = (n: string) => new RegExp(`name="${n}" value="([^"]*)"`).exec(html)?.[1] ?? '';
  // The depository has its own origin: the one the hand-off form posts to.
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1] ?? '';
  const res = await fetch(new URL('/edis/depository/authorize', action), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      ReqId: hidden('ReqId'),
      tpin: DEMO_USER.tpin,
      otp: DEMO_USER.otp,
    }).toString(),
  });
  assert.match(await res.text(), /Authorization successful/);
}

test('an unauthorized CNC sell is stopped before it is sent, and says how many to authorize', async () => {
  const typed = await app.core.orders.precheck(cncSell(2));
  const edis = typed.find((v) => v.field === 'edis');
  assert.ok(edis, JSON.stringify(typed));
  assert.equal(edis.authorizeQty, 2);
  assert.doesNotMatch(edis.message, /\/api\/|qty/);

  const intent = await app.core.orders.place(cncSell(2));
  assert.equal(intent.status, 'blocked');
  assert.equal(intent.violations.find((v) => v.field === 'edis')?.authorizeQty, 2);
  const baskets = await app.core.orders.placeMany([cncSell(1), cncSell(1)]);
  assert.ok(baskets.every((i) => i.status === 'blocked'));
  assert.equal(await sellsInBook(), 0, 'nothing reached the broker');

  const over = await app.core.orders.precheck(cncSell(h.remainingQty + 1));
  assert.match(over.find((v) => v.field === 'qty')?.message ?? '', /at most/);
});

test('the broker still refuses on its own, in words with no API path', async () => {
  await assert.rejects(
    app.core.broker.placeOrder(cncSell(1)),
    (e: BrokerError) =>
      e instanceof BrokerError &&
      /depository authorization \(eDIS\)/.test(e.message) &&
      !/\/api\//.test(`${e.message} ${e.brokerMessage}`),
  );
  const book = await app.core.broker.getOrders({ fresh: true });
  const rejected = book.find((o) => o.symbol === h.symbol && o.side === Side.Sell);
  assert.ok(rejected && !/\/api\//.test(rejected.message));
});

test('once authorized at the depository, the same sell goes through', async () => {
  await authorizeAtDepository(2);
  app.core.orders.dematChanged();
  assert.deepEqual(
    (await app.core.orders.precheck(cncSell(2))).filter((v) => v.guard === null),
    [],
  );
  const intent = await app.core.orders.place(cncSell(2));
  assert.match(intent.status, /^(done|confirmed-done)$/, JSON.stringify(intent));
  // The authorization is used: a third share is stopped again, with 1 to authorize.
  const again = await app.core.orders.place(cncSell(1));
  assert.equal(again.status, 'blocked');
  assert.equal(again.violations.find((v) => v.field === 'edis')?.authorizeQty, 1);
});
