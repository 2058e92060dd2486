/** The pure parts of the order and trade books: filters, leg grouping, windowing, replica, CSV. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Order } from '../../../shared/broker/models';
import { csvField, toCsv } from '../../../shared/format/csv';
import { OrderReplica } from '../../../renderer/src/orders/order-replica';
import { rowWindow, scrollToRow } from '../../../renderer/src/lib/virtual-window';
import { arrangeOrders, NO_FILTER } from '../../../renderer/src/orders/order-rows';
import { ordersCsv } from '../../../renderer/src/orders/book-export';

function order(p: Partial<Order> & { id: string }): Order {
  return {
    exchangeOrderId: '',
    symbol: 'NSE:SBIN-EQ',
    qty: 1,
    remainingQty: 1,
    filledQty: 0,
    status: 6,
    slNo: 1,
    message: '',
    segment: 10,
    exchange: 10,
    instrument: 0,
    limitPrice: 100,
    stopPrice: 0,
    productType: 'INTRADAY',
    type: 1,
    side: 1,
    disclosedQty: 0,
    disclosedQtyRemaining: null,
    validity: 'DAY',
    placedAt: '2026-11-23T04:00:00.000Z',
    parentId: null,
    tradedPrice: 0,
    source: 'API',
    token: '',
    offline: false,
    ltp: null,
    ...p,
  };
}

describe('order book rows', () => {
  const book = [
    order({ id: 'A', placedAt: '2026-11-23T04:00:00.000Z', productType: 'BO', slNo: 1 }),
    order({ id: 'B', placedAt: '2026-11-23T05:00:00.000Z', side: -1, status: 2, slNo: 2 }),
    order({ id: 'A-SL', parentId: 'A', side: -1, placedAt: '2026-11-23T06:00:00.000Z', slNo: 4 }),
    order({ id: 'A-TP', parentId: 'A', side: -1, placedAt: '2026-11-23T06:00:00.000Z', slNo: 3 }),
    order({ id: 'C', symbol: 'MCX:GOLD-FUT', segment: 20, status: 5, placedAt: null, slNo: 5 }),
  ];

  it('puts legs under their parent, newest parent first', () => {
    const ids = arrangeOrders(book, NO_FILTER).map((r) => `${r.leg ? '  ' : ''}${r.order.id}`);
    assert.deepEqual(ids, ['B', 'A', '  A-TP', '  A-SL', 'C']);
  });

  it('filters by status, side, product, segment and text; an orphaned leg still shows', () => {
    const f = (p: Partial<typeof NO_FILTER>) =>
      arrangeOrders(book, { ...NO_FILTER, ...p }).map((r) => r.order.id);
    assert.deepEqual(f({ status: 'done' }), ['B']);
    assert.deepEqual(f({ status: 'rejected' }), ['C']);
    assert.deepEqual(f({ side: 'sell' }), ['A-SL', 'A-TP', 'B']);
    assert.deepEqual(f({ product: 'BO' }), ['A']);
    assert.deepEqual(f({ segment: 20 }), ['C']);
    assert.deepEqual(f({ text: ' gold ' }), ['C']);
    assert.deepEqual(f({ text: 'a-tp' }), ['A-TP']);
  });

  it('arranges 10,000 orders newest first (its speed is in tests/bench/orderbook.bench.ts)', () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      order({ id: `o${i}`, placedAt: new Date(1.7e12 + i * 1000).toISOString(), slNo: i }),
    );
    const rows = arrangeOrders(many, NO_FILTER);
    assert.equal(rows.length, 10_000);
    assert.equal(rows[0]!.order.id, 'o9999');
    assert.equal(rows.at(-1)!.order.id, 'o0');
  });
});

describe('row window', () => {
  it('draws the rows in view plus overscan, and spacers for the rest', () => {
    const w = rowWindow({
      count: 10_000,
      rowHeight: 30,
      scrollTop: 3000,
      viewportHeight: 600,
      overscan: 5,
    });
    assert.deepEqual(w, { start: 95, end: 126, padTop: 2850, padBottom: (10_000 - 126) * 30 });
    const end = rowWindow({ count: 3, rowHeight: 30, scrollTop: 0, viewportHeight: 600 });
    assert.deepEqual(end, { start: 0, end: 3, padTop: 0, padBottom: 0 });
  });

  it('scrolls only as far as needed to show a row', () => {
    const base = { rowHeight: 30, viewportHeight: 330, headerHeight: 30 };
    assert.equal(scrollToRow({ ...base, index: 2, scrollTop: 0 }), 0);
    assert.equal(scrollToRow({ ...base, index: 20, scrollTop: 0 }), 21 * 30 - 300);
    assert.equal(scrollToRow({ ...base, index: 1, scrollTop: 300 }), 30);
  });
});

describe('order replica', () => {
  it('applies deltas on its version, ignores old ones and reports a gap', () => {
    const r = new OrderReplica();
    assert.equal(r.applyDelta({ base: 0, version: 1, upserts: [], removed: [] }).kind, 'stale');
    r.applySnapshot({ version: 3, orders: [order({ id: 'A' })] });
    assert.equal(r.applyDelta({ base: 2, version: 3, upserts: [], removed: [] }).kind, 'stale');
    const filled = r.applyDelta({
      base: 3,
      version: 4,
      upserts: [order({ id: 'A', filledQty: 1, status: 2 }), order({ id: 'B' })],
      removed: [],
    });
    assert.deepEqual(filled, { kind: 'applied', filled: true });
    assert.equal(r.rows().length, 2);
    assert.equal(r.applyDelta({ base: 5, version: 6, upserts: [], removed: [] }).kind, 'gap');
    r.applyDelta({ base: 4, version: 5, upserts: [], removed: ['B'] });
    assert.deepEqual(
      r.rows().map((o) => o.id),
      ['A'],
    );
  });
});

describe('CSV export', () => {
  it('quotes as RFC 4180 says and ends lines with CRLF', () => {
    assert.equal(csvField('plain'), 'plain');
    assert.equal(csvField('a,b'), '"a,b"');
    assert.equal(csvField('say "hi"'), '"say ""hi"""');
    assert.equal(csvField('two\nlines'), '"two\nlines"');
    assert.equal(toCsv([{ header: 'x', value: (n: number) => n }], [1, -2]), 'x\r\n1\r\n-2\r\n');
  });

  it('neutralises text a spreadsheet would run as a formula, never numbers', () => {
    assert.equal(csvField('=HYPERLINK("http://x")'), `"'=HYPERLINK(""http://x"")"`);
    assert.equal(csvField('+1'), "'+1");
    assert.equal(csvField('-2+3'), "'-2+3");
    assert.equal(csvField('@SUM(A1)'), "'@SUM(A1)");
    assert.equal(csvField('\tcmd'), "'\tcmd");
    assert.equal(csvField(-12.5), '-12.5');
  });

  it('exports orders with IST times and a hostile broker message made inert', () => {
    const csv = ordersCsv([order({ id: 'X1', message: '=cmd|"/c calc"!A1' })]);
    const [head, line] = csv.split('\r\n');
    assert.match(head!, /^Time \(IST\),Order id/);
    assert.match(line!, /^2026-11-23 09:30:00,X1,/);
    assert.ok(line!.endsWith(`"'=cmd|""/c calc""!A1"`), line);
  });
});
