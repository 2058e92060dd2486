/**
 * Readers of the broker's v3 history answers (docs/broker-v3.md "History"; field names are
 * inferred there). Strict where the Reports screen needs a figure: a charges, P&L or ledger
 * row whose amount is missing or not a number is UNREADABLE (a blank would pass for ₹0),
 * reported with its position and reason and shown as such; the good rows are kept.
 */
import type {
  ChargesRow,
  LedgerRow,
  OrderHistoryRow,
  RealisedRow,
  ReportKind,
  TradeHistoryRow,
  UnreadableRow,
} from '../../../../shared/reports/report-rows';
import { isBrokerError } from '../broker-error';
import { BrokerError } from '../broker-error';
import { list, numOrNull, obj, shown, side, str, type Raw } from './coerce';
import { normalizeOrder } from './orders';
import { normalizeTrade } from './trades';

/** Rows of one report kind, by kind. */
export interface ReportRowOf {
  orders: OrderHistoryRow;
  trades: TradeHistoryRow;
  charges: ChargesRow;
  realised: RealisedRow;
  ledger: LedgerRow;
}

/** A figure the row cannot do without. */
function amount(raw: Raw, key: string, what: string): number {
  const n = numOrNull(raw[key]);
  if (n === null) throw BrokerError.malformedPayload(`${what} ${shown(raw[key])}`);
  return n;
}

/** The row's trading day (YYYY-MM-DD), required. */
function dateOf(raw: Raw, key: string): string {
  const d = str(raw[key]);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) throw BrokerError.malformedPayload(`date ${shown(raw[key])}`);
  return d;
}

function sideOf(raw: Raw): 1 | -1 {
  const s = side(raw.side);
  if (s === undefined) throw BrokerError.malformedPayload(`side ${shown(raw.side)}`);
  return s;
}

/** One raw row of each kind, as its clean row. */
const READERS: { [K in ReportKind]: (raw: Raw) => ReportRowOf[K] } = {
  orders: (raw) => ({ date: dateOf(raw, 'orderDate'), order: normalizeOrder(raw) }),
  trades: (raw) => ({ date: dateOf(raw, 'tradeDate'), trade: normalizeTrade(raw) }),
  charges: (raw) => ({
    date: dateOf(raw, 'date'),
    orderId: str(raw.orderNumber),
    symbol: str(raw.symbol),
    exchange: amount(raw, 'exchange', 'exchange'),
    segment: amount(raw, 'segment', 'segment'),
    side: sideOf(raw),
    productType: str(raw.productType),
    turnover: amount(raw, 'turnover', 'turnover'),
    brokerage: amount(raw, 'brokerage', 'brokerage'),
    transactionTax: amount(raw, 'stt', 'STT'),
    exchangeCharges: amount(raw, 'exchangeTxnCharges', 'exchange charges'),
    sebiFee: amount(raw, 'sebiFee', 'SEBI fee'),
    stampDuty: amount(raw, 'stampDuty', 'stamp duty'),
    gst: amount(raw, 'gst', 'GST'),
    total: amount(raw, 'totalCharges', 'total charges'),
  }),
  realised: (raw) => ({
    date: dateOf(raw, 'date'),
    symbol: str(raw.symbol),
    exchange: amount(raw, 'exchange', 'exchange'),
    segment: amount(raw, 'segment', 'segment'),
    productType: str(raw.productType),
    buyQty: amount(raw, 'buyQty', 'bought quantity'),
    buyAvg: amount(raw, 'buyAvg', 'buy average'),
    sellQty: amount(raw, 'sellQty', 'sold quantity'),
    sellAvg: amount(raw, 'sellAvg', 'sell average'),
    closedQty: amount(raw, 'closedQty', 'closed quantity'),
    realised: amount(raw, 'realisedPnl', 'realised P&L'),
  }),
  ledger: (raw) => ({
    date: dateOf(raw, 'date'),
    narration: str(raw.narration),
    debit: amount(raw, 'debit', 'debit'),
    credit: amount(raw, 'credit', 'credit'),
    balance: amount(raw, 'balance', 'balance'),
  }),
};

function reasonOf(err: unknown): string {
  const text = isBrokerError(err)
    ? err.brokerMessage || err.message
    : err instanceof Error
      ? err.message
      : String(err);
  return text.slice(0, 200);
}

/** One page of a history answer: its good rows, its unreadable ones, and the stated total. */
export interface ReportPage<K extends ReportKind> {
  rows: ReportRowOf[K][];
  unreadable: UnreadableRow[];
  /** How many rows the whole range has, when the broker says; else null. */
  total: number | null;
  /** How many rows this page carried, good or not. */
  count: number;
}

/**
 * Reads one page's envelope; `firstPosition` is the 1-based position of its first row in
 * the whole report (so an unreadable row is named where it is).
 */
export function normalizeReportPage<K extends ReportKind>(
  kind: K,
  env: Record<string, unknown>,
  firstPosition: number,
): ReportPage<K> {
  const raws = list(env.data, `${kind} history`);
  const rows: ReportRowOf[K][] = [];
  const unreadable: UnreadableRow[] = [];
  raws.forEach((raw, i) => {
    try {
      rows.push(READERS[kind](obj(raw)));
    } catch (err) {
      unreadable.push({ position: firstPosition + i, reason: reasonOf(err) });
    }
  });
  const total = numOrNull(obj(env.pagination).total);
  return { rows, unreadable, total, count: raws.length };
}
