/** The order book's columns sized to their text (issue 17 #9), with a width-per-character measure. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Order } from '../../../shared/broker/models';
import { OrderStatus, Side } from '../../../shared/broker/enums';
import { createOrderColumns, type OrderCellText } from '../../../renderer/src/orders/order-columns';

function order(
  id: string,
  symbol: string,
  type = 'Market',
): { order: Order; leg: boolean; type: string } {
  return {
    order: {
      id,
      exchangeOrderId: '',
      symbol,
      qty: 1,
      remainingQty: 1,
      filledQty: 0,
      status: OrderStatus.Rejected,
      slNo: 1,
      message: '',
      segment: 10,
      exchange: 10,
      instrument: 0,
      limitPrice: 0,
      stopPrice: 0,
      productType: 'INTRADAY',
      type: 2,
      side: Side.Buy,
      disclosedQty: 0,
      disclosedQtyRemaining: null,
      validity: 'DAY',
      placedAt: null,
      parentId: null,
      tradedPrice: 0,
      source: 'API',
      token: '',
      offline: false,
      ltp: null,
    },
    leg: false,
    type,
  };
}

/** A grid template's tracks: spaces inside parentheses do not split. */
function tracks(template: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of template) {
    if (ch === ' ' && depth === 0) {
      out.push(cur);
      cur = '';
      continue;
    }
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    cur += ch;
  }
  return [...out, cur];
}

/** Ten px a character, whatever the font: the arithmetic is what is tested here. */
const measure = (text: string) => text.length * 10;

function columns(rows: ReturnType<typeof order>[], measured: string[] = []) {
  const types = new Map(rows.map((r) => [r.order, r.type]));
  const text = (o: Order): OrderCellText => {
    measured.push(o.id);
    return {
      time: '09:15:00',
      symbol: o.symbol,
      side: 'Buy',
      type: types.get(o) ?? '',
      product: o.productType,
      filled: '0 / 1',
      price: 'MKT',
      avg: '—',
      ltp: '',
      status: 'Rejected',
      amo: false,
    };
  };
  return createOrderColumns(text, measure);
}

it('each column is as wide as its widest text; status takes the rest', () => {
  const rows = [order('a', 'NSE:SBIN-EQ'), order('b', 'NSE:BANKNIFTY26DECFUT', 'SL-L')];
  const cols = tracks(columns(rows)(rows));
  assert.equal(cols.length, 12);
  // Symbol: "NSE:BANKNIFTY26DECFUT" is 21 characters, 210 px (+2 px of rounding room).
  assert.equal(cols[2], 'calc(212px + 2 * var(--cell-pad))');
  // Type: "Market" (6) is wider than its header "TYPE" (4 + letter spacing).
  assert.equal(cols[4], 'calc(62px + 2 * var(--cell-pad))');
  assert.match(cols[10]!, /^minmax\(calc\(\d+px \+ 2 \* var\(--cell-pad\)\), 1fr\)$/);
});

it('an order is measured once until the book replaces it', () => {
  const measured: string[] = [];
  const rows = [order('a', 'NSE:SBIN-EQ'), order('b', 'NSE:TCS-EQ')];
  const fit = columns(rows, measured);
  fit(rows);
  fit(rows);
  assert.deepEqual(measured, ['a', 'b']);
  const changed = [rows[0]!, { ...rows[1]!, order: { ...rows[1]!.order } }];
  columns(changed, measured);
  fit(changed);
  assert.deepEqual(measured, ['a', 'b', 'b']);
});
