/**
 * Rows the broker client set aside (see broker/normalize/rows.ts): each is logged once with
 * what was wrong, and the renderer is told so the view can warn that it is incomplete. The
 * background refresher reads the same bad row again and again; that must not flood the log.
 */
import type { SkippedRow } from '../../../shared/broker/skipped-row';
import type { Logger } from '../diagnostics/logger';

/** How many distinct set-aside rows are remembered (a broker gone wrong must not grow memory). */
const MAX_REMEMBERED = 200;

/** The set-aside rows of this session, and the sink the broker client reports to. */
export interface SkippedRows {
  sink(row: SkippedRow): void;
  list(): SkippedRow[];
}

/** Creates the record; `tell` receives every row seen for the first time. */
export function createSkippedRows(logger: Logger, tell: (row: SkippedRow) => void): SkippedRows {
  const seen = new Map<string, SkippedRow>();
  return {
    sink(row) {
      const key = `${row.view}\u0000${row.id}\u0000${row.reason}`;
      if (seen.has(key)) return;
      if (seen.size >= MAX_REMEMBERED) seen.delete(seen.keys().next().value!);
      seen.set(key, row);
      logger.warn('broker: row set aside, the rest of the view is shown', { ...row });
      tell(row);
    },
    list: () => [...seen.values()],
  };
}
