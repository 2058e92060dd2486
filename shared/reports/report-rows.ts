/**
 * The Reports screen's rows (issue 22 #5): one home for each report row type, so the main
 * process's readers of the broker's history calls, the IPC channel and the screen (tables and
 * CSV) agree. Order and trade rows reuse the order book's and trade book's models; charges,
 * realised P&L and ledger rows are new. A row the app could not read crosses as an
 * `UnreadableRow` and is shown as such, so one bad row never blanks a report.
 */
import { z } from 'zod';
import { Order, SideCode, Trade } from '../broker/models';

/** The reports a dialect with history offers. */
export const ReportKind = z.enum(['orders', 'trades', 'charges', 'realised', 'ledger']);
/** One report. */
export type ReportKind = z.infer<typeof ReportKind>;

/** How the screen names each report. */
export const REPORT_LABEL: Record<ReportKind, string> = {
  orders: 'Orders',
  trades: 'Trades',
  charges: 'Charges',
  realised: 'Realised P&L',
  ledger: 'Ledger',
};

/** The longest range one report may cover, in days (the broker's year; the sandbox's limit). */
export const REPORT_MAX_DAYS = 366;

/** A calendar date as YYYY-MM-DD (IST trading days). */
export const ReportDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD.')
  .refine((s) => {
    const t = Date.parse(`${s}T00:00:00Z`);
    return Number.isFinite(t) && new Date(t).toISOString().startsWith(s);
  }, 'That date does not exist.');

const dayIndex = (s: string) => Date.parse(`${s}T00:00:00Z`) / 86_400_000;

/** What the trader asks for: a report, a date range and optional filters. */
export const ReportQuery = z
  .object({
    kind: ReportKind,
    from: ReportDate,
    to: ReportDate,
    /** Exact ticker, e.g. NSE:SBIN-EQ (not applied to the ledger). */
    symbol: z.string().trim().max(60).optional(),
    side: z.enum(['buy', 'sell']).optional(),
    /** A segment code of shared/broker/enums Segment. */
    segment: z.number().int().min(0).max(99).optional(),
  })
  .refine((q) => q.from <= q.to, {
    message: 'The start date is after the end date.',
    path: ['from'],
  })
  .refine((q) => dayIndex(q.to) - dayIndex(q.from) + 1 <= REPORT_MAX_DAYS, {
    message: `A report covers at most ${REPORT_MAX_DAYS} days.`,
    path: ['from'],
  });
/** A report request. */
export type ReportQuery = z.infer<typeof ReportQuery>;

/** An order of an earlier day. */
export const OrderHistoryRow = z.object({ date: z.string(), order: Order });
export type OrderHistoryRow = z.infer<typeof OrderHistoryRow>;

/** A fill of an earlier day. */
export const TradeHistoryRow = z.object({ date: z.string(), trade: Trade });
export type TradeHistoryRow = z.infer<typeof TradeHistoryRow>;

/** The charges of one filled order, in rupees. */
export const ChargesRow = z.object({
  date: z.string(),
  orderId: z.string(),
  symbol: z.string(),
  exchange: z.number(),
  segment: z.number(),
  side: SideCode,
  productType: z.string(),
  turnover: z.number(),
  brokerage: z.number(),
  /** STT, or CTT on commodities. */
  transactionTax: z.number(),
  exchangeCharges: z.number(),
  sebiFee: z.number(),
  stampDuty: z.number(),
  gst: z.number(),
  total: z.number(),
});
export type ChargesRow = z.infer<typeof ChargesRow>;

/** Realised P&L of one position on one day. */
export const RealisedRow = z.object({
  date: z.string(),
  symbol: z.string(),
  exchange: z.number(),
  segment: z.number(),
  productType: z.string(),
  buyQty: z.number(),
  buyAvg: z.number(),
  sellQty: z.number(),
  sellAvg: z.number(),
  closedQty: z.number(),
  realised: z.number(),
});
export type RealisedRow = z.infer<typeof RealisedRow>;

/** One ledger line. */
export const LedgerRow = z.object({
  date: z.string(),
  narration: z.string(),
  debit: z.number(),
  credit: z.number(),
  balance: z.number(),
});
export type LedgerRow = z.infer<typeof LedgerRow>;

/** A row of the broker's answer the app could not read: where it was and why. */
export const UnreadableRow = z.object({
  /** 1-based position in the broker's answer. */
  position: z.number().int().positive(),
  reason: z.string().max(200),
});
export type UnreadableRow = z.infer<typeof UnreadableRow>;

const common = {
  from: z.string(),
  to: z.string(),
  unreadable: z.array(UnreadableRow),
  /** More rows exist than one report reads (REPORT_MAX_ROWS): narrow the range. */
  truncated: z.boolean(),
};

/** A report as the screen shows it. */
export const ReportAnswer = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('orders'), rows: z.array(OrderHistoryRow), ...common }),
  z.object({ kind: z.literal('trades'), rows: z.array(TradeHistoryRow), ...common }),
  z.object({ kind: z.literal('charges'), rows: z.array(ChargesRow), ...common }),
  z.object({ kind: z.literal('realised'), rows: z.array(RealisedRow), ...common }),
  z.object({ kind: z.literal('ledger'), rows: z.array(LedgerRow), ...common }),
]);
export type ReportAnswer = z.infer<typeof ReportAnswer>;

/** The most rows one report reads before it says it stopped (pages of the broker's size). */
export const REPORT_MAX_ROWS = 10_000;
