/**
 * Which rows of a long table to draw: only those in view plus a margin, with spacer heights
 * standing in for the rest, so 10,000 orders cost as much to draw as forty.
 *
 * Our own (about twenty lines) rather than a virtual-list library: the books are tables
 * with one fixed row height, and keeping `<table>` keeps the grid semantics screen readers
 * know (row and column headers); the libraries render `<div>` lists and measure each row.
 * tests/bench/orderbook.bench.ts measures the result against drawing every row.
 */

/** The slice to draw and the room to leave above and below it. */
export interface RowWindow {
  start: number;
  end: number;
  padTop: number;
  padBottom: number;
}

/** Rows [start, end) cover the viewport plus `overscan` rows on each side. */
export function rowWindow(opts: {
  count: number;
  rowHeight: number;
  scrollTop: number;
  viewportHeight: number;
  overscan?: number;
}): RowWindow {
  const { count, rowHeight } = opts;
  const overscan = opts.overscan ?? 10;
  const first = Math.floor(Math.max(0, opts.scrollTop) / rowHeight);
  const visible = Math.ceil(Math.max(opts.viewportHeight, rowHeight) / rowHeight) + 1;
  const start = Math.max(0, Math.min(count, first - overscan));
  const end = Math.max(start, Math.min(count, first + visible + overscan));
  return { start, end, padTop: start * rowHeight, padBottom: (count - end) * rowHeight };
}

/** The scrollTop that brings row `index` fully into view (unchanged if it already is). */
export function scrollToRow(opts: {
  index: number;
  rowHeight: number;
  scrollTop: number;
  viewportHeight: number;
  headerHeight?: number;
}): number {
  const header = opts.headerHeight ?? 0;
  const top = opts.index * opts.rowHeight;
  const bottom = top + opts.rowHeight;
  const visibleTop = opts.scrollTop;
  const visibleBottom = opts.scrollTop + opts.viewportHeight - header;
  if (top < visibleTop) return top;
  if (bottom > visibleBottom) return bottom - (opts.viewportHeight - header);
  return opts.scrollTop;
}
