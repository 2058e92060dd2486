/**
 * The Reports screen's columns, one list per report: what the table shows and what the CSV
 * export writes come from the same column, so the file is the screen. Rows are the types of
 * shared/reports/report-rows.ts.
 */
import type { CsvCell } from '../../../shared/format';
import { formatIndianNumber, formatInr, formatIstTime, toCsv } from '../../../shared/format';
import type { ReportAnswer, ReportKind, UnreadableRow } from '../../../shared/reports/report-rows';
import { orderStatusLabel, segmentLabel, sideLabel } from '../lib/labels';

/** One column: its header, its CSV value and how the table shows it. */
export interface ReportColumn<R> {
  header: string;
  value: (r: R) => CsvCell;
  shown?: (r: R) => string;
  num?: boolean;
}

type RowOf<K extends ReportKind> = Extract<ReportAnswer, { kind: K }>['rows'][number];

const money = <R>(header: string, get: (r: R) => number): ReportColumn<R> => ({
  header,
  value: get,
  shown: (r) => formatInr(get(r)),
  num: true,
});
const qty = <R>(header: string, get: (r: R) => number): ReportColumn<R> => ({
  header,
  value: get,
  shown: (r) => formatIndianNumber(get(r)),
  num: true,
});

/** The columns of each report. */
export const REPORT_COLUMNS: { [K in ReportKind]: ReportColumn<RowOf<K>>[] } = {
  orders: [
    { header: 'Date', value: (r) => r.date },
    {
      header: 'Time (IST)',
      value: (r) => (r.order.placedAt ? formatIstTime(r.order.placedAt) : ''),
    },
    { header: 'Order id', value: (r) => r.order.id },
    { header: 'Symbol', value: (r) => r.order.symbol },
    { header: 'Segment', value: (r) => segmentLabel(r.order.segment) },
    { header: 'Side', value: (r) => sideLabel(r.order.side) },
    { header: 'Product', value: (r) => r.order.productType },
    qty('Qty', (r) => r.order.qty),
    qty('Filled', (r) => r.order.filledQty),
    money('Average price', (r) => r.order.tradedPrice),
    { header: 'Status', value: (r) => orderStatusLabel(r.order.status) },
  ],
  trades: [
    { header: 'Date', value: (r) => r.date },
    {
      header: 'Time (IST)',
      value: (r) => (r.trade.tradedAt ? formatIstTime(r.trade.tradedAt) : ''),
    },
    { header: 'Trade no.', value: (r) => r.trade.tradeNumber },
    { header: 'Order id', value: (r) => r.trade.orderId },
    { header: 'Symbol', value: (r) => r.trade.symbol },
    { header: 'Segment', value: (r) => segmentLabel(r.trade.segment) },
    { header: 'Side', value: (r) => sideLabel(r.trade.side) },
    { header: 'Product', value: (r) => r.trade.productType },
    qty('Qty', (r) => r.trade.qty),
    money('Price', (r) => r.trade.price),
    money('Value', (r) => r.trade.value),
  ],
  charges: [
    { header: 'Date', value: (r) => r.date },
    { header: 'Order id', value: (r) => r.orderId },
    { header: 'Symbol', value: (r) => r.symbol },
    { header: 'Segment', value: (r) => segmentLabel(r.segment) },
    { header: 'Side', value: (r) => sideLabel(r.side) },
    money('Turnover', (r) => r.turnover),
    money('Brokerage', (r) => r.brokerage),
    money('STT/CTT', (r) => r.transactionTax),
    money('Exchange', (r) => r.exchangeCharges),
    money('SEBI', (r) => r.sebiFee),
    money('Stamp duty', (r) => r.stampDuty),
    money('GST', (r) => r.gst),
    money('Total', (r) => r.total),
  ],
  realised: [
    { header: 'Date', value: (r) => r.date },
    { header: 'Symbol', value: (r) => r.symbol },
    { header: 'Segment', value: (r) => segmentLabel(r.segment) },
    { header: 'Product', value: (r) => r.productType },
    qty('Bought', (r) => r.buyQty),
    money('Buy average', (r) => r.buyAvg),
    qty('Sold', (r) => r.sellQty),
    money('Sell average', (r) => r.sellAvg),
    qty('Closed', (r) => r.closedQty),
    money('Realised P&L', (r) => r.realised),
  ],
  ledger: [
    { header: 'Date', value: (r) => r.date },
    { header: 'Narration', value: (r) => r.narration },
    money('Debit', (r) => r.debit),
    money('Credit', (r) => r.credit),
    money('Balance', (r) => r.balance),
  ],
};

/** The columns of an answer's report (typed loosely: the table walks them generically). */
export function columnsOf(kind: ReportKind): ReportColumn<unknown>[] {
  return REPORT_COLUMNS[kind] as ReportColumn<unknown>[];
}

/** What the table and the CSV say of a row the app could not read. */
export function unreadableText(u: UnreadableRow): string {
  return `Row ${u.position} could not be read: ${u.reason}`;
}

/**
 * The report as CSV: the table's columns, then each unreadable row as a line of its own
 * (a file that silently lost rows would not reconcile).
 */
export function reportCsv(a: ReportAnswer): string {
  const cols = columnsOf(a.kind);
  const body = toCsv<unknown>(cols, a.rows as unknown[]);
  const notes = a.unreadable.map((u) =>
    toCsv([{ header: unreadableText(u), value: () => '' }], []),
  );
  return body + notes.join('');
}

/** The export's file name: report and range. */
export function reportFileName(a: Pick<ReportAnswer, 'kind' | 'from' | 'to'>): string {
  return `${a.kind}-${a.from}-to-${a.to}.csv`;
}
