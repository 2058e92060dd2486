import { ReportAnswer, ReportQuery } from '../../reports/report-rows';
import { channel } from '../define';

/** History reports (v3 accounts): orders, trades, charges, realised P&L and ledger. */
export const reportsChannels = {
  'reports.fetch': channel({
    doc: 'One history report over a date range, filtered by symbol, side and segment; unreadable rows are listed, never dropped.',
    input: ReportQuery,
    output: ReportAnswer,
  }),
};
