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
  leg: boolean;
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

/** The CSS grid template of the order book for these rows. */
export function orderColumns(
  rows: readonly OrderRow[],
  text: (o: Order) => OrderCellText,
  measure: Measure,
): string {
  // Widest text per column: labels measured once per distinct value, numbers as digit runs.
  const words = ORDER_HEADERS.map(() => new Set<string>());
  const digits = ORDER_HEADERS.map(() => 0);
  let symbolExtra = 0;
  let statusMin = 0;
  for (const r of rows) {
    const t = text(r.order);
    words[0]!.add(t.time);
    words[1]!.add(t.symbol);
    words[2]!.add(t.side);
    words[3]!.add(t.type);
    words[4]!.add(t.product);
    digits[5] = Math.max(digits[5]!, t.filled.length);
    digits[6] = Math.max(digits[6]!, t.price.length);
    digits[7] = Math.max(digits[7]!, t.avg.length);
    digits[8] = Math.max(digits[8]!, t.ltp.length);
    const extra =
      (t.amo ? measure('AMO', BADGE) + 14 : 0) + (r.leg ? LEG_INDENT + measure('└ ', SYM) : 0);
    symbolExtra = Math.max(symbolExtra, extra + measure(t.symbol, SYM));
    const label = measure(t.status, STATUS) + 12;
    statusMin = Math.max(statusMin, label);
  }
  const widths = ORDER_HEADERS.map((h, i) => {
    let w = headWidth(measure, h);
    for (const s of words[i]!) w = Math.max(w, measure(s, i === 1 ? SYM : CELL));
    // Numbers use tabular figures; a digit is the widest character they hold.
    if (digits[i]) w = Math.max(w, digitsWidth(measure, digits[i]!, CELL));
    return Math.ceil(w + 2);
  });
  widths[1] = Math.max(widths[1]!, Math.ceil(symbolExtra + 2));
  // Text width plus the cells' padding, which a narrow book trims (tables.css, --cell-pad).
  const px = (n: number) => `calc(${n}px + 2 * var(--cell-pad))`;
  // Status takes what is left, never less than its labels; its reason runs into the
  // actions column where a row has no buttons, so the actions' width counts for it too.
  const statusFloor = Math.ceil(Math.max(statusMin, headWidth(measure, 'Status')));
  return [
    `${CHECK_COL}px`,
    ...widths.slice(0, 9).map(px),
    `minmax(${px(statusFloor)}, 1fr)`,
    `${ACTIONS_COL}px`,
  ].join(' ');
}
