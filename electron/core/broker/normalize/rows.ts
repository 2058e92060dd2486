/**
 * Row-by-row reading of the broker's lists. A value the app does not know in one row (an
 * order status 3, a new product type, `1e999`) must not make the whole order book or
 * positions unreadable: that would blank the view and stop reconciliation. Good rows are
 * kept; a bad one is set aside and reported, so the view can warn and the log can say why.
 */
import type { RowView, SkippedRow } from '../../../../shared/broker/skipped-row';
import { isBrokerError } from '../broker-error';
import { list, str } from './coerce';
import type { Raw } from './coerce';

/** Where a set-aside row is reported (the core logs it and tells the renderer). */
export type SkippedRowSink = (row: SkippedRow) => void;

function reasonOf(err: unknown): string {
  const text = isBrokerError(err)
    ? err.brokerMessage || err.message
    : err instanceof Error
      ? err.message
      : String(err);
  return text.slice(0, 200);
}

/**
 * Normalizes every row of `rows` with `one`; a row that throws is reported to `skip` and
 * left out. A value that is not a list at all still fails loudly (the whole read is wrong).
 */
export function readRows<T>(
  rows: unknown,
  view: RowView,
  one: (raw: Raw) => T,
  skip: SkippedRowSink | undefined,
): T[] {
  const out: T[] = [];
  for (const raw of list(rows, view)) {
    try {
      out.push(one(raw));
    } catch (err) {
      skip?.({ view, id: str(raw.id).slice(0, 80), reason: reasonOf(err) });
    }
  }
  return out;
}
