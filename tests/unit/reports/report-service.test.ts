/**
 * The report reader's paging, filters and refusal (electron/core/reports/report-service.ts),
 * over a fake broker page source; the composed test covers the real dialect and sandbox.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReportPageQuery } from '../../../electron/core/broker/broker-client';
import type { ReportPage } from '../../../electron/core/broker/normalize/reports';
import { DIALECT_CAPABILITIES } from '../../../shared/broker/dialect';
import type { ChargesRow, ReportKind } from '../../../shared/reports/report-rows';
import {
  REPORT_PAGE_SIZE,
  ReportsUnavailableError,
  createReportService,
} from '../../../electron/core/reports/report-service';

const row = (i: number, side: 1 | -1): ChargesRow => ({
  date: '2026-11-23',
  orderId: String(i),
  symbol: i % 2 ? 'NSE:SBIN-EQ' : 'NSE:TCS-EQ',
  exchange: 10,
  segment: 10,
  side,
  productType: 'INTRADAY',
  turnover: 1000,
  brokerage: 0.3,
  transactionTax: 0,
  exchangeCharges: 0.03,
  sebiFee: 0,
  stampDuty: 0.03,
  gst: 0.06,
  total: 0.42,
});

/** A broker with `total` charges rows, served in pages; the first row of page 2 unreadable. */
function fakeBroker(total: number) {
  const asked: ReportPageQuery[] = [];
  return {
    asked,
    getReportPage: async <K extends ReportKind>(_k: K, q: ReportPageQuery) => {
      asked.push(q);
      const start = (q.pageNo - 1) * q.pageSize;
      const n = Math.max(0, Math.min(q.pageSize, total - start));
      const rows = Array.from({ length: n }, (_, i) => row(start + i, (start + i) % 3 ? 1 : -1));
      const bad = q.pageNo === 2 && n > 0;
      return {
        rows: bad ? rows.slice(1) : rows,
        unreadable: bad ? [{ position: start + 1, reason: 'brokerage "x"' }] : [],
        total,
        count: n,
      } as unknown as ReportPage<K>;
    },
  };
}

const Q = { kind: 'charges' as const, from: '2026-11-01', to: '2026-11-27' };

test('reads every page up to the stated total; an unreadable row is kept with its position', async () => {
  const broker = fakeBroker(REPORT_PAGE_SIZE + 7);
  const svc = createReportService({ broker, capabilities: () => DIALECT_CAPABILITIES['fyers-v3'] });
  const a = await svc.fetch(Q);
  assert.equal(broker.asked.length, 2);
  assert.equal(a.rows.length, REPORT_PAGE_SIZE + 6);
  assert.deepEqual(a.unreadable, [{ position: REPORT_PAGE_SIZE + 1, reason: 'brokerage "x"' }]);
  assert.equal(a.truncated, false);
});

test('side and symbol filters apply to the rows read', async () => {
  const broker = fakeBroker(30);
  const svc = createReportService({ broker, capabilities: () => DIALECT_CAPABILITIES['fyers-v3'] });
  const a = await svc.fetch({ ...Q, side: 'sell', symbol: 'NSE:SBIN-EQ' });
  assert.ok(a.rows.length > 0);
  assert.ok(
    a.kind === 'charges' && a.rows.every((r) => r.side === -1 && r.symbol === 'NSE:SBIN-EQ'),
  );
  assert.equal(broker.asked[0]!.symbol, 'NSE:SBIN-EQ', 'the symbol goes to the broker too');
});

test('a dialect without history is refused before any request', async () => {
  const broker = fakeBroker(3);
  const svc = createReportService({ broker, capabilities: () => DIALECT_CAPABILITIES['fyers-v2'] });
  await assert.rejects(svc.fetch(Q), ReportsUnavailableError);
  assert.equal(broker.asked.length, 0);
});
