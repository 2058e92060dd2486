import type { Order } from '../../../shared/broker/models';
import { OrderStatus, Side, type ProductType } from '../../../shared/broker/enums';

/** What the order book's filter bar holds; 'all' means no filter on that field. */
export interface OrderFilter {
  status: 'all' | 'open' | 'done' | 'rejected' | 'cancelled';
  side: 'all' | 'buy' | 'sell';
  product: 'all' | ProductType;
  segment: 'all' | number;
  text: string;
}

/** The filter a fresh book starts with: everything. */
export const NO_FILTER: OrderFilter = {
  status: 'all',
  side: 'all',
  product: 'all',
  segment: 'all',
  text: '',
};

/** One drawn row: the order, and whether it is a bracket or cover leg under its parent. */
export interface OrderRow {
  order: Order;
  leg: boolean;
}

const STATUS_GROUPS: Record<Exclude<OrderFilter['status'], 'all'>, readonly number[]> = {
  open: [OrderStatus.Pending, OrderStatus.Transit],
  done: [OrderStatus.Traded],
  rejected: [OrderStatus.Rejected],
  cancelled: [OrderStatus.Canceled, OrderStatus.Expired],
};

/** True when the order passes every filter field. */
export function matchesFilter(
  o: Order,
  f: OrderFilter,
  needle = f.text.trim().toUpperCase(),
): boolean {
  if (f.status !== 'all' && !STATUS_GROUPS[f.status].includes(o.status)) return false;
  if (f.side === 'buy' && o.side !== Side.Buy) return false;
  if (f.side === 'sell' && o.side !== Side.Sell) return false;
  if (f.product !== 'all' && o.productType !== f.product) return false;
  if (f.segment !== 'all' && o.segment !== f.segment) return false;
  if (needle && !o.symbol.toUpperCase().includes(needle) && !o.id.toUpperCase().includes(needle))
    return false;
  return true;
}

/** Newest first (ISO times compare as text; slNo is the broker's own order within a second). */
function newestFirst(a: Order, b: Order): number {
  const ta = a.placedAt ?? '';
  const tb = b.placedAt ?? '';
  if (ta !== tb) return ta < tb ? 1 : -1;
  return b.slNo - a.slNo;
}

/**
 * The rows the book draws: filtered, newest first, each bracket or cover leg right under
 * its parent (in the broker's order), and a leg whose parent is filtered out or missing
 * shown on its own so that nothing that passed the filter disappears.
 */
export function arrangeOrders(orders: readonly Order[], f: OrderFilter): OrderRow[] {
  const needle = f.text.trim().toUpperCase();
  const shown = orders.filter((o) => matchesFilter(o, f, needle));
  const shownIds = new Set(shown.map((o) => o.id));
  const legs = new Map<string, Order[]>();
  const tops: Order[] = [];
  for (const o of shown) {
    if (o.parentId && o.parentId !== o.id && shownIds.has(o.parentId)) {
      const list = legs.get(o.parentId);
      if (list) list.push(o);
      else legs.set(o.parentId, [o]);
    } else tops.push(o);
  }
  tops.sort(newestFirst);
  const rows: OrderRow[] = [];
  for (const o of tops) {
    rows.push({ order: o, leg: false });
    const children = legs.get(o.id);
    if (children) {
      children.sort((a, b) => a.slNo - b.slNo);
      for (const c of children) rows.push({ order: c, leg: true });
    }
  }
  return rows;
}
