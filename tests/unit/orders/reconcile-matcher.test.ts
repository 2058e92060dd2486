import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  findPlacedCandidates,
  modifyApplied,
  orderMatchesDraft,
  rootOrderId,
} from '../../../electron/core/orders/reconcile/reconcile-matcher';
import type { Order } from '../../../shared/broker/models';
import type { OrderDraft } from '../../../shared/broker/rules';
import { sbinLimitBuy } from './fake-broker';

const sentAt = Date.parse('2026-11-21T04:00:00.000Z');
const draft: OrderDraft = sbinLimitBuy;

function order(over: Partial<Order>): Order {
  return {
    id: '1',
    exchangeOrderId: '',
    symbol: 'NSE:SBIN-EQ',
    qty: 10,
    remainingQty: 10,
    filledQty: 0,
    status: 6,
    slNo: 1,
    message: '',
    segment: 10,
    exchange: 10,
    instrument: 0,
    limitPrice: 812.5,
    stopPrice: 0,
    productType: 'INTRADAY',
    type: 1,
    side: 1,
    disclosedQty: 0,
    disclosedQtyRemaining: null,
    validity: 'DAY',
    placedAt: new Date(sentAt).toISOString(),
    parentId: null,
    tradedPrice: 0,
    source: '',
    token: '',
    offline: false,
    ltp: null,
    ...over,
  };
}

const w = (exclude: string[] = []) => ({
  sentAt,
  checkedAt: sentAt + 3000,
  skewMs: 2000,
  excludeIds: new Set(exclude),
});

test('matches symbol, side, qty, type, product and price; any difference is not a match', () => {
  assert.ok(orderMatchesDraft(order({}), draft));
  for (const over of [
    { symbol: 'NSE:TCS-EQ' },
    { side: -1 as const },
    { qty: 11 },
    { type: 2 as const },
    { productType: 'CNC' as const },
    { limitPrice: 812.55 },
    { parentId: '7' },
  ]) {
    assert.ok(!orderMatchesDraft(order(over), draft), JSON.stringify(over));
  }
  assert.ok(
    orderMatchesDraft(order({ limitPrice: 812.5000000001 }), draft),
    'float noise is not a difference',
  );
  assert.ok(
    orderMatchesDraft(order({ type: 2, limitPrice: 0 }), { ...draft, type: 2, limitPrice: 0 }),
    'market orders ignore prices',
  );
  assert.ok(
    !orderMatchesDraft(order({ type: 3, stopPrice: 800 }), {
      ...draft,
      type: 3,
      limitPrice: 0,
      stopPrice: 805,
    }),
  );
});

test('known ids and orders outside the time window are never claimed', () => {
  const book = [
    order({ id: 'old', slNo: 1, placedAt: new Date(sentAt - 60_000).toISOString() }),
    order({ id: 'known', slNo: 2 }),
    order({ id: 'new', slNo: 3, placedAt: new Date(sentAt + 1000).toISOString() }),
    order({ id: 'future', slNo: 4, placedAt: new Date(sentAt + 60_000).toISOString() }),
  ];
  assert.deepEqual(
    findPlacedCandidates(book, draft, w(['known'])).map((o) => o.id),
    ['new'],
  );
  assert.deepEqual(findPlacedCandidates(book, draft, w(['known', 'new'])), []);
});

test('broker times at second resolution just before the send still match (skew)', () => {
  const book = [order({ id: 'a', placedAt: new Date(sentAt - 900).toISOString() })];
  assert.equal(findPlacedCandidates(book, draft, w()).length, 1);
});

test('several identical candidates come oldest first so concurrent intents claim distinct orders', () => {
  const book = [
    order({ id: 'b', slNo: 5 }),
    order({ id: 'a', slNo: 4 }),
    order({ id: 'c', slNo: 6, placedAt: null }),
  ];
  assert.deepEqual(
    findPlacedCandidates(book, draft, w()).map((o) => o.id),
    ['a', 'b', 'c'],
  );
});

test('bracket legs: root id and entry leg', () => {
  assert.equal(rootOrderId('123-BO-1'), '123');
  assert.equal(rootOrderId('123-CO-2'), '123');
  assert.equal(rootOrderId('123'), '123');
  const book = [
    order({ id: '9-BO-1', productType: 'BO' }),
    order({ id: '9-BO-2', productType: 'BO', parentId: '9-BO-1', type: 3 }),
  ];
  assert.deepEqual(
    findPlacedCandidates(book, { ...draft, productType: 'BO' }, w()).map((o) => o.id),
    ['9-BO-1'],
  );
  assert.deepEqual(
    findPlacedCandidates(book, { ...draft, productType: 'BO' }, w(['9'])),
    [],
    'a known root excludes its legs',
  );
});

test('modifyApplied compares only the fields the modify sent', () => {
  const o = order({ qty: 20, limitPrice: 810 });
  assert.ok(modifyApplied(o, { qty: 20 }));
  assert.ok(modifyApplied(o, { qty: 20, limitPrice: 810 }));
  assert.ok(!modifyApplied(o, { qty: 20, limitPrice: 811 }));
  assert.ok(!modifyApplied(o, { type: 2 }));
});
