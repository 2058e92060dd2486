/** The order book's incremental arrangement: always what arrangeOrders gives, sorting less. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { Order } from '../../../shared/broker/models';
import { OrderStatus, Side } from '../../../shared/broker/enums';
import { createOrderArranger } from '../../../renderer/src/orders/order-arranger';
import {
  arrangeOrders,
  NO_FILTER,
  type OrderFilter,
} from '../../../renderer/src/orders/order-rows';

function order(i: number, p: Partial<Order> = {}): Order {
  return {
    id: `O${i}`,
    exchangeOrderId: '',
    symbol: i % 3 === 0 ? 'NSE:SBIN-EQ' : 'NSE:TCS-EQ',
    qty: 1,
    remainingQty: 1,
    filledQty: 0,
    status: OrderStatus.Pending,
    slNo: i,
    message: '',
    segment: 10,
    exchange: 10,
    instrument: 0,
    limitPrice: 100,
    stopPrice: 0,
    productType: 'INTRADAY',
    type: 1,
    side: i % 2 === 0 ? Side.Buy : Side.Sell,
    disclosedQty: 0,
    disclosedQtyRemaining: null,
    validity: 'DAY',
    placedAt: `2026-11-23T04:${String(i % 60).padStart(2, '0')}:00.000Z`,
    parentId: i % 7 === 6 ? `O${i - 1}` : null,
    tradedPrice: 0,
    source: 'API',
    token: '',
    offline: false,
    ltp: null,
    ...p,
  };
}

const ids = (rows: { order: Order; leg: boolean }[]) =>
  rows.map((r) => `${r.leg ? '>' : ''}${r.order.id}:${r.order.qty}:${r.order.status}`);

describe('order arranger', () => {
  it('swaps changed orders in place without re-sorting, keeping the other rows as they were', () => {
    const arrange = createOrderArranger();
    const book = Array.from({ length: 50 }, (_, i) => order(i));
    const first = arrange(book, NO_FILTER);
    const next = book.map((o, i) => (i === 10 ? { ...o, qty: 5 } : o));
    const second = arrange(next, NO_FILTER);
    assert.deepEqual(ids(second), ids(arrangeOrders(next, NO_FILTER)));
    const at = second.findIndex((r) => r.order.id === 'O10');
    assert.equal(second[at]!.order.qty, 5);
    // Every other row is the very same object: the view redraws only the changed one.
    assert.equal(second.filter((r, i) => r !== first[i]).length, 1);
    // Nothing changed: the same array, so nothing downstream re-runs.
    assert.equal(arrange(next, { ...NO_FILTER }), second);
  });

  it('always equals arrangeOrders over any run of changes, additions, removals and filters', () => {
    const filters: OrderFilter[] = [
      NO_FILTER,
      { ...NO_FILTER, status: 'open' },
      { ...NO_FILTER, side: 'buy' },
      { ...NO_FILTER, text: 'sbin' },
    ];
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('qty' as const),
        at: fc.nat(),
        qty: fc.integer({ min: 1, max: 9 }),
      }),
      fc.record({
        kind: fc.constant('status' as const),
        at: fc.nat(),
        status: fc.constantFrom(OrderStatus.Pending, OrderStatus.Traded, OrderStatus.Canceled),
      }),
      fc.record({
        kind: fc.constant('time' as const),
        at: fc.nat(),
        minute: fc.integer({ min: 0, max: 59 }),
      }),
      fc.record({ kind: fc.constant('add' as const), n: fc.integer({ min: 100, max: 200 }) }),
      fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
      fc.record({
        kind: fc.constant('filter' as const),
        which: fc.nat({ max: filters.length - 1 }),
      }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.array(step, { maxLength: 30 }),
        (n, steps) => {
          const arrange = createOrderArranger();
          let book = Array.from({ length: n }, (_, i) => order(i));
          let f = NO_FILTER;
          assert.deepEqual(ids(arrange(book, f)), ids(arrangeOrders(book, f)));
          for (const s of steps) {
            const i = 'at' in s ? s.at % Math.max(1, book.length) : 0;
            const o = book[i];
            if (s.kind === 'qty' && o) book = book.with(i, { ...o, qty: s.qty });
            if (s.kind === 'status' && o) book = book.with(i, { ...o, status: s.status });
            if (s.kind === 'time' && o)
              book = book.with(i, {
                ...o,
                placedAt: `2026-11-23T05:${String(s.minute).padStart(2, '0')}:00.000Z`,
              });
            if (s.kind === 'add' && !book.some((x) => x.id === `O${s.n}`))
              book = [...book, order(s.n)];
            if (s.kind === 'remove' && o) book = book.filter((_, k) => k !== i);
            if (s.kind === 'filter') f = filters[s.which]!;
            assert.deepEqual(ids(arrange(book, f)), ids(arrangeOrders(book, f)));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
