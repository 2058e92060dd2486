/**
 * The official v3 SDK as a test peer of the sandbox's smart exit triggers (issue 22 #6):
 * create, read, update and activate/deactivate at the SDK's paths and methods, and what a
 * trip does: type 1 only marks it, type 2 cancels pending orders and exits positions, type 3
 * waits `waitTime` minutes beyond the band first (a recovery cancels the wait).
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { startSdkPeer, type Answer, type SdkPeer } from './sdk-peer';

let peer: SdkPeer;
const SBIN = 'NSE:SBIN-EQ';
const order = (side: 1 | -1, type: 1 | 2, limitPrice = 0, qty = 10) => ({
  symbol: SBIN,
  qty,
  type,
  side,
  productType: 'INTRADAY',
  limitPrice,
  stopPrice: 0,
  disclosedQty: 0,
  validity: 'DAY',
  offlineOrder: false,
  stopLoss: 0,
  takeProfit: 0,
});
const tick = () => peer.control('tick', { n: 1 });
const price = (ltp: number) => peer.control('price', { symbol: SBIN, ltp });
async function netQty(): Promise<number> {
  const p = await peer.call('get_positions');
  const row = (p.netPositions as Answer[]).find((r) => r.symbol === SBIN);
  return Number(row?.netQty ?? 0);
}
async function trigger(flowId: string): Promise<Answer> {
  const a = await peer.call('getSmartExitTrigger', { flowId });
  assert.equal(a.s, 'ok', JSON.stringify(a));
  return (a.data as Answer[])[0]!;
}
/** Buys 10 SBIN at about 800 and leaves a far limit buy pending. */
async function openPositionAndPending(): Promise<string> {
  await price(800);
  assert.equal((await peer.call('place_order', order(1, 2))).s, 'ok');
  await tick();
  const pending = await peer.call('place_order', order(1, 1, 700, 1));
  assert.equal(pending.s, 'ok');
  await tick();
  assert.equal(await netQty(), 10);
  return String(pending.id);
}

before(async () => {
  peer = await startSdkPeer();
});
beforeEach(async () => {
  await peer.control('reset');
  await peer.logIn().catch(() => undefined);
});
after(async () => {
  await peer?.close();
});

test('create, read, update and toggle at the SDK paths; bad bodies name the field', async () => {
  const created = await peer.call('createSmartExitTrigger', {
    name: 'Day limits',
    type: 1,
    profitRate: 5000,
    lossRate: -2000,
  });
  assert.equal(created.s, 'ok', JSON.stringify(created));
  const flowId = String((created.data as Answer).flowId);
  const all = await peer.call('getSmartExitTrigger');
  assert.equal((all.data as Answer[]).length, 1);
  assert.equal((await trigger(flowId)).active, true);
  const updated = await peer.call('updateSmartExitTrigger', { flowId, lossRate: -1500 });
  assert.equal(updated.s, 'ok', JSON.stringify(updated));
  assert.equal((await trigger(flowId)).lossRate, -1500);
  assert.equal((await peer.call('activateDeactivateSmartExitTrigger', { flowId })).s, 'ok');
  assert.equal((await trigger(flowId)).active, false);
  assert.equal((await peer.call('activateDeactivateSmartExitTrigger', { flowId })).s, 'ok');
  assert.equal((await trigger(flowId)).active, true);
  const refused = async (req: unknown, word: RegExp) => {
    const a = await peer.call('createSmartExitTrigger', req);
    assert.equal(a.s, 'error', JSON.stringify(a));
    assert.match(String(a.message), word);
  };
  await refused({ name: 'x', type: 2, profitRate: 100, lossRate: 50 }, /lossRate/);
  await refused({ name: 'x', type: 3, profitRate: 100, lossRate: -50 }, /waitTime/);
  await refused({ name: '', type: 2, profitRate: 100, lossRate: -50 }, /name/);
  const unknown = await peer.call('updateSmartExitTrigger', { flowId: 'nope', lossRate: -1 });
  assert.match(String(unknown.message), /flowId/);
});

test('type 2 at the loss level cancels the pending order and exits the position', async () => {
  const pending = await openPositionAndPending();
  const c = await peer.call('createSmartExitTrigger', {
    name: 'Loss exit',
    type: 2,
    profitRate: 5000,
    lossRate: -300,
  });
  const flowId = String((c.data as Answer).flowId);
  await price(790); // -100: inside the band
  await tick();
  assert.equal(await netQty(), 10);
  await price(760); // about -400: beyond it
  await tick();
  assert.equal(await netQty(), 0, 'the position is exited');
  const book = await peer.call('get_orders');
  const row = (book.orderBook as Answer[]).find((o) => o.id === pending);
  assert.equal(row?.status, 1, 'the pending order is cancelled');
  const t = await trigger(flowId);
  assert.equal(t.triggeredBy, 'loss');
  assert.equal(t.exited, true);
});

test('type 1 only marks the trip; nothing is exited', async () => {
  await openPositionAndPending();
  const c = await peer.call('createSmartExitTrigger', {
    name: 'Alert',
    type: 1,
    profitRate: 100,
    lossRate: -5000,
  });
  await price(820);
  await tick();
  const t = await trigger(String((c.data as Answer).flowId));
  assert.equal(t.triggered, true);
  assert.equal(t.triggeredBy, 'profit');
  assert.equal(t.exited, false);
  assert.equal(await netQty(), 10);
});

test('type 3 exits only after waitTime minutes beyond the band; a recovery cancels the wait', async () => {
  await openPositionAndPending();
  const c = await peer.call('createSmartExitTrigger', {
    name: 'Wait',
    type: 3,
    profitRate: 5000,
    lossRate: -300,
    waitTime: 5,
  });
  const flowId = String((c.data as Answer).flowId);
  await price(760);
  await tick();
  await peer.control('clock', { advanceMs: 3 * 60_000 });
  await tick();
  assert.equal(await netQty(), 10, 'still waiting');
  await price(800); // recovered: the wait is cancelled
  await tick();
  await price(760);
  await tick();
  await peer.control('clock', { advanceMs: 3 * 60_000 });
  await tick();
  assert.equal(await netQty(), 10, 'a new wait started after the recovery');
  await peer.control('clock', { advanceMs: 3 * 60_000 });
  await tick();
  assert.equal(await netQty(), 0, 'exited after five minutes beyond the band');
  assert.equal((await trigger(flowId)).exited, true);
});
