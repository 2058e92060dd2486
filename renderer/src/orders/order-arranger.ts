import type { Order } from '../../../shared/broker/models';
import { arrangeOrders, matchesFilter, type OrderFilter, type OrderRow } from './order-rows';

/**
 * The order book's rows kept across deltas. On a busy day 500 orders a second change
 * (fills, modifications), and re-filtering and re-sorting 10,000 orders for every delta
 * cost the book its frames. A delta that only changes orders in place (same ids shown, same
 * time, serial number and parent, still passing the filter) swaps those rows in the last
 * arrangement, in one pass without a sort; anything else (a new order, one that leaves
 * the filter, another filter) arranges afresh with `arrangeOrders`, so the result is
 * always exactly what `arrangeOrders` would give.
 */
export function createOrderArranger(): (orders: readonly Order[], f: OrderFilter) => OrderRow[] {
  let lastOrders: readonly Order[] | null = null;
  let lastFilter: OrderFilter | null = null;
  let lastRows: OrderRow[] = [];
  /** Order id → its row's index in lastRows. */
  let index = new Map<string, number>();

  const full = (orders: readonly Order[], f: OrderFilter): OrderRow[] => {
    lastRows = arrangeOrders(orders, f);
    index = new Map(lastRows.map((r, i) => [r.order.id, i]));
    return lastRows;
  };

  const patched = (orders: readonly Order[], f: OrderFilter): OrderRow[] | null => {
    const needle = f.text.trim().toUpperCase();
    let next: OrderRow[] | null = null;
    let shown = 0;
    for (const o of orders) {
      const i = index.get(o.id);
      const passes = matchesFilter(o, f, needle);
      if (i === undefined) {
        if (passes) return null;
        continue;
      }
      if (!passes) return null;
      shown++;
      const row = lastRows[i]!;
      const was = row.order;
      if (was === o) continue;
      if (was.placedAt !== o.placedAt || was.slNo !== o.slNo || was.parentId !== o.parentId)
        return null;
      next ??= lastRows.slice();
      next[i] = { order: o, leg: row.leg };
    }
    // An order that was shown and is gone (removed) changes the arrangement.
    if (shown !== lastRows.length) return null;
    return next ?? lastRows;
  };

  return (orders, f) => {
    const sameFilter = lastFilter !== null && sameFilterValue(lastFilter, f);
    if (sameFilter && orders === lastOrders) return lastRows;
    const rows = sameFilter && lastOrders !== null ? patched(orders, f) : null;
    lastOrders = orders;
    lastFilter = { ...f };
    if (rows === null) return full(orders, f);
    lastRows = rows;
    return rows;
  };
}

function sameFilterValue(a: OrderFilter, b: OrderFilter): boolean {
  return (
    a.status === b.status &&
    a.side === b.side &&
    a.product === b.product &&
    a.segment === b.segment &&
    a.text === b.text
  );
}
