import type { Order } from '../../../shared/broker/models';
import { digitsWidth, type Measure } from '../common/text-measure';
import type { OrderRow } from './order-rows';

/**
 * The order book's column widths, sized to what its rows hold (issue 17 #9: at 1920 px the
 * type read "Ma…" and the status "Rejected…" while Symbol took half the table). Every
 * column is as wide as its widest cell or header; Status, which carries the broker's reason
 * for a rejection or cancellation, takes the room that is left, and for orders without
 * Modify/Cancel buttons it runs on into the actions column (OrderBook.svelte).
 */

/** What one row shows, in words: the same strings the cells draw. */
export interface OrderCellText {
  time: string;
  symbol: string;
  side: string;
  type: string;
  product: string;
  filled: string;
  price: string;
  avg: string;
  ltp: string;
  status: string;
  amo: boolean;
}

/** The header labels, left to right, after the selection box. */
export const ORDER_HEADERS = [
  'Time',
  'Symbol',
  'Side',
  'Type',
  'Product',
  'Filled / Qty',
  'Price',
  'Avg',
  'LTP',
  'Status',
] as const;

/** Fonts as tables.css and controls.css draw them. */
const CELL = '12.5px';
const SYM = '600 12.5px';
const HEAD = '600 11px';
const STATUS = '700 11px';
const BADGE = '700 10px';
/** The selection box's column, and the Modify + Cancel buttons' (two tiny buttons). */
const CHECK_COL = 28;
const ACTIONS_COL = 136;
/** A bracket or cover leg is indented under its parent with "└ " (tables.css). */
const LEG_INDENT = 22;

/** Header text is upper case with 0.03 em letter spacing. */
function headWidth(measure: Measure, text: string): number {
  return measure(text.toUpperCase(), HEAD) + text.length * 0.33;
}

/** One row's need per column (px of text, before padding), and its status label's. */
type RowNeed = { cols: number[]; status: number };

/**
 * Sizes the order book's columns. `createOrderColumns` keeps each order's need by the order
 * object (the replica swaps the object when an order changes), so a busy book of 10,000
 * orders measures only what changed and takes the widest of the rest.
 */
export function createOrderColumns(
  text: (o: Order) => OrderCellText,
  measure: Measure,
): (rows: readonly OrderRow[]) => string {
  const needs = new WeakMap<Order, RowNeed>();
  const legIndent = LEG_INDENT + measure('└ ', SYM);
  const amoBadge = measure('AMO', BADGE) + 14;
  const heads = ORDER_HEADERS.map((h) => headWidth(measure, h));

  function need(o: Order): RowNeed {
    let n = needs.get(o);
    if (n) return n;
    const t = text(o);
    // Numbers use tabular figures: a digit is the widest character they hold.
    const digits = (s: string) => digitsWidth(measure, s.length, CELL);
    n = {
      cols: [
        measure(t.time, CELL),
        measure(t.symbol, SYM) + (t.amo ? amoBadge : 0),
        measure(t.side, CELL),
        measure(t.type, CELL),
        measure(t.product, CELL),
        digits(t.filled),
        digits(t.price),
        digits(t.avg),
        digits(t.ltp),
      ],
      status: measure(t.status, STATUS) + 12,
    };
    needs.set(o, n);
    return n;
  }

  return (rows) => {
    const widths = heads.slice(0, 9);
    let statusMin = heads[9]!;
    for (const r of rows) {
      const n = need(r.order);
      for (let i = 0; i < 9; i++) {
        const w = n.cols[i]! + (i === 1 && r.leg ? legIndent : 0);
        if (w > widths[i]!) widths[i] = w;
      }
      if (n.status > statusMin) statusMin = n.status;
    }
    // Text width plus the cells' padding, which a narrow book trims (tables.css, --cell-pad).
    const px = (n: number) => `calc(${Math.ceil(n + 2)}px + 2 * var(--cell-pad))`;
    // Status takes what is left, never less than its labels; its reason runs into the
    // actions column where a row has no buttons.
    return [
      `${CHECK_COL}px`,
      ...widths.map(px),
      `minmax(${px(statusMin)}, 1fr)`,
      `${ACTIONS_COL}px`,
    ].join(' ');
  };
}
