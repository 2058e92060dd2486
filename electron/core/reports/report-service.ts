/**
 * The Reports screen's reader (issue 22 #5): one report over a date range, read page by page
 * from the dialect's history calls (v3), filtered by symbol, side and segment, with every
 * unreadable row kept as such. Where the account's dialect keeps no history (v2) it refuses
 * with ReportsUnavailableError before any request, so the budget is never spent on a call the
 * broker does not have.
 */
import type { DialectCapabilities } from '../../../shared/broker/dialect';
import { Side } from '../../../shared/broker/enums';
import {
  REPORT_MAX_ROWS,
  type ReportAnswer,
  type ReportKind,
  type ReportQuery,
  type UnreadableRow,
} from '../../../shared/reports/report-rows';
import type { BrokerClient } from '../broker/broker-client';
import type { ReportRowOf } from '../broker/normalize/reports';

/** Rows asked per page (the sandbox's largest page; the broker's own limit is unknown). */
export const REPORT_PAGE_SIZE = 500;

/** The account's dialect keeps no history: the screen says so instead of a table. */
export class ReportsUnavailableError extends Error {
  constructor() {
    super(
      "This account's broker connection (API v2) keeps no history. Reports need an account on API v3.",
    );
    this.name = 'ReportsUnavailableError';
  }
}

/** What a row of each kind is filtered on (absent: that filter does not apply). */
interface Facets {
  symbol?: string;
  side?: number;
  segment?: number;
}
const FACETS: { [K in ReportKind]: (r: ReportRowOf[K]) => Facets } = {
  orders: (r) => ({ symbol: r.order.symbol, side: r.order.side, segment: r.order.segment }),
  trades: (r) => ({ symbol: r.trade.symbol, side: r.trade.side, segment: r.trade.segment }),
  charges: (r) => ({ symbol: r.symbol, side: r.side, segment: r.segment }),
  realised: (r) => ({ symbol: r.symbol, segment: r.segment }),
  ledger: () => ({}),
};

function keep(f: Facets, q: ReportQuery): boolean {
  if (q.symbol && f.symbol !== undefined && f.symbol !== q.symbol) return false;
  if (q.side && f.side !== undefined && f.side !== (q.side === 'buy' ? Side.Buy : Side.Sell))
    return false;
  if (q.segment !== undefined && f.segment !== undefined && f.segment !== q.segment) return false;
  return true;
}

/** Builds the reader over the account's broker client and its dialect's capabilities. */
export function createReportService(deps: {
  broker: Pick<BrokerClient, 'getReportPage'>;
  /** The capabilities of the account the session uses (or would use). */
  capabilities: () => DialectCapabilities;
}) {
  async function read<K extends ReportKind>(kind: K, q: ReportQuery) {
    const rows: ReportRowOf[K][] = [];
    const unreadable: UnreadableRow[] = [];
    let seen = 0;
    let truncated = false;
    for (let pageNo = 1; ; pageNo++) {
      const page = await deps.broker.getReportPage(kind, {
        from: q.from,
        to: q.to,
        pageNo,
        pageSize: REPORT_PAGE_SIZE,
        ...(q.symbol && kind !== 'ledger' ? { symbol: q.symbol } : {}),
      });
      rows.push(...page.rows);
      unreadable.push(...page.unreadable);
      seen += page.count;
      const more = page.total !== null ? seen < page.total : page.count === REPORT_PAGE_SIZE;
      if (!more || page.count === 0) break;
      if (seen >= REPORT_MAX_ROWS) {
        truncated = true;
        break;
      }
    }
    const facets = FACETS[kind] as (r: ReportRowOf[K]) => Facets;
    return { rows: rows.filter((r) => keep(facets(r), q)), unreadable, truncated };
  }

  return {
    /** One report, whole (up to REPORT_MAX_ROWS rows), filtered as asked. */
    async fetch(q: ReportQuery): Promise<ReportAnswer> {
      if (!deps.capabilities().reports) throw new ReportsUnavailableError();
      const got = await read(q.kind, q);
      return { kind: q.kind, from: q.from, to: q.to, ...got } as ReportAnswer;
    },
  };
}

/** The report reader's type, for the handlers and tests. */
export type ReportService = ReturnType<typeof createReportService>;
