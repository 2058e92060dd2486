/**
 * The sandbox's v3 history endpoints (issue 22 #6) at the paths the official SDK 1.9.0 calls
 * (docs/broker-v3.md "History"): order, trade, charges, realised P&L, tax P&L and ledger
 * history, all GET with the query the SDK builds from its argument (from_date, to_date as
 * YYYY-MM-DD, page_size, page_no, symbol). They answer over the kept days plus today.
 * Limits are the sandbox's: a range of at most 366 days, pages of at most 500 rows.
 */
import type { BrokerCore } from '../core';
import { tradingDayOf } from '../account/rollover';
import { fail } from '../failure';
import { guard, okReply } from '../http/envelope';
import type { RequestCtx, Route } from '../http/types';
import { tradeShape } from '../present/trading';
import { V3_API_PREFIX } from '../v3/addresses';
import { ErrorCode } from '../../shared/broker/errors';
import type { DayRecord } from './day-record';
import { chargesRows, dayText, ledgerRows, realisedRows } from './statements';

/** The longest date range one request may ask for, in days (the sandbox's limit). */
export const HISTORY_MAX_RANGE_DAYS = 366;
/** The largest page (the sandbox's limit); the default page is HISTORY_DEFAULT_PAGE. */
export const HISTORY_MAX_PAGE = 500;
/** Rows per page when page_size is absent. */
export const HISTORY_DEFAULT_PAGE = 100;
/** The range when from_date is absent: this many days up to to_date. */
export const HISTORY_DEFAULT_DAYS = 30;

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD query value as a day key, or a -50 failure naming the parameter. */
function dayParam(ctx: RequestCtx, name: string): number | null {
  const raw = ctx.query.get(name);
  if (raw === null || raw === '') return null;
  const m = DATE.exec(raw);
  const t = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (!m || !Number.isFinite(t) || new Date(t).getUTCDate() !== Number(m[3]))
    fail(ErrorCode.InvalidParameters, `${name} must be a date as YYYY-MM-DD, e.g. 2026-11-02`);
  return Number(`${m[1]}${m[2]}${m[3]}`);
}

const keyMs = (day: number) =>
  Date.UTC(Math.floor(day / 10000), (Math.floor(day / 100) % 100) - 1, day % 100);
const msKey = (ms: number) => {
  const d = new Date(ms);
  return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
};

/** A positive whole-number query value within [1, max], or a -50 failure. */
function countParam(ctx: RequestCtx, name: string, fallback: number, max: number): number {
  const raw = ctx.query.get(name);
  if (raw === null || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max)
    fail(ErrorCode.InvalidParameters, `${name} must be a whole number from 1 to ${max}`);
  return n;
}

/** The request's range, page and symbol, checked. */
export function historyQuery(ctx: RequestCtx, today: number) {
  const to = dayParam(ctx, 'to_date') ?? today;
  const from = dayParam(ctx, 'from_date') ?? msKey(keyMs(to) - (HISTORY_DEFAULT_DAYS - 1) * DAY_MS);
  if (from > to) fail(ErrorCode.InvalidParameters, 'from_date must not be after to_date');
  if ((keyMs(to) - keyMs(from)) / DAY_MS + 1 > HISTORY_MAX_RANGE_DAYS)
    fail(
      ErrorCode.InvalidParameters,
      `from_date to to_date may span at most ${HISTORY_MAX_RANGE_DAYS} days`,
    );
  const pageSize = countParam(ctx, 'page_size', HISTORY_DEFAULT_PAGE, HISTORY_MAX_PAGE);
  const pageNo = countParam(ctx, 'page_no', 1, 1_000_000);
  const symbol = ctx.query.get('symbol') || null;
  return { from, to, pageSize, pageNo, symbol };
}

/** Builds the history routes over a core. */
export function historyRoutes(core: BrokerCore): Route[] {
  const s = core.state;
  const today = (): DayRecord => ({
    day: s.tradingDay || tradingDayOf(s.now()),
    orders: s.book.list(),
    trades: s.book.trades,
    positions: s.positionFigures(),
    openingCash: s.startLimits.equity + s.startLimits.commodity,
  });
  const route = (
    path: string,
    operation: string,
    rowsOf: (d: DayRecord) => Record<string, unknown>[],
  ): Route => ({
    method: 'GET',
    path: `${V3_API_PREFIX}${path}`,
    access: 'user',
    level: 1,
    operation,
    handle: (ctx) =>
      guard(() => {
        core.engine.housekeeping();
        const now = today();
        const q = historyQuery(ctx, now.day);
        const days = [...s.archive.list(), now].filter((d) => d.day >= q.from && d.day <= q.to);
        const all = days
          .flatMap(rowsOf)
          .filter((r) => q.symbol === null || r.symbol === undefined || r.symbol === q.symbol);
        const start = (q.pageNo - 1) * q.pageSize;
        return okReply({
          data: all.slice(start, start + q.pageSize),
          pagination: { page_no: q.pageNo, page_size: q.pageSize, total: all.length },
        });
      }),
  });
  return [
    route('/order-history', 'Orders', (d) =>
      d.orders.map((o) => ({ orderDate: dayText(d.day), ...core.orderRow(o) })),
    ),
    route('/trade-history', 'Trades', (d) =>
      d.trades.map((t) => ({
        tradeDate: dayText(d.day),
        ...tradeShape(t, core.quirks, core.user.svc_id),
      })),
    ),
    route('/charges-history', 'Charges', chargesRows),
    route('/realised-pnl-history', 'Profit and loss', realisedRows),
    // Tax P&L is the realised P&L report grouped for tax (inferred; docs/broker-v3.md).
    route('/tax-pnl-history', 'Profit and loss', realisedRows),
    route('/ledger-history', 'Ledger', ledgerRows),
  ];
}
