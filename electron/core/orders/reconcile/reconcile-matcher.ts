/**
 * Finds, in an order book, the order a failed request may have placed.
 *
 * After a timeout or reset the app does not know whether its order exists. Resending could
 * double the position, so instead it looks for a row that matches what it sent: same
 * symbol, side, quantity, type, product and prices, placed inside the time window of the
 * request, and not an order the app already knew about (before the request, or claimed by
 * another intent). Pure function, so every matching rule is unit-tested.
 */
import type { Order } from '../../../../shared/broker/models';
import type { OrderDraft } from '../../../../shared/broker/rules';
import { OrderType } from '../../../../shared/broker/enums';

/** Where and when to look. */
export interface MatchWindow {
  /** Epoch ms (local clock) when the request was sent; null to match at any time. */
  sentAt: number | null;
  /** Epoch ms of the check. */
  checkedAt: number;
  /** Tolerance for clock differences and second-resolution broker times (ms). */
  skewMs: number;
  /** Broker clock minus local clock (ms), when known; broker times are compared on its clock. */
  offsetMs?: number;
  /** Orders known before the request or already attributed to other intents. */
  excludeIds: ReadonlySet<string>;
}

function samePrice(a: number, b: number): boolean {
  return Math.abs(a - b) < 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));
}

/** The id of an order's root: '123-BO-1' is the entry leg of bracket order '123'. */
export function rootOrderId(id: string): string {
  return id.replace(/-(BO|CO)-\d+$/, '');
}

/** True when the row carries the same order as the draft (prices only where the type uses them). */
export function orderMatchesDraft(o: Order, d: OrderDraft): boolean {
  if (o.parentId !== null) return false; // exit legs of CO/BO are not what was sent
  if (o.symbol !== d.symbol || o.side !== d.side || o.qty !== d.qty || o.type !== d.type)
    return false;
  if (o.productType !== d.productType) return false;
  if (
    (d.type === OrderType.Limit || d.type === OrderType.StopLimit) &&
    !samePrice(o.limitPrice, d.limitPrice)
  )
    return false;
  if (
    (d.type === OrderType.Stop || d.type === OrderType.StopLimit) &&
    !samePrice(o.stopPrice, d.stopPrice)
  )
    return false;
  return true;
}

/**
 * All rows that could be the draft's order, oldest first. Rows without a time are kept
 * (the id exclusion still protects known orders); rows timed outside the window are not.
 */
export function findPlacedCandidates(
  book: readonly Order[],
  draft: OrderDraft,
  w: MatchWindow,
): Order[] {
  // A learnt offset only ever widens the window: an offset that is wrong (learnt from a reply
  // that waited somewhere) must never move its start after the order's real time.
  const offset = w.offsetMs ?? 0;
  const from = w.sentAt === null ? -Infinity : w.sentAt + Math.min(offset, 0) - w.skewMs;
  const to = w.sentAt === null ? Infinity : w.checkedAt + Math.max(offset, 0) + w.skewMs;
  return book
    .filter((o) => !w.excludeIds.has(o.id) && !w.excludeIds.has(rootOrderId(o.id)))
    .filter((o) => orderMatchesDraft(o, draft))
    .filter((o) => {
      if (o.placedAt === null || w.sentAt === null) return true;
      const t = Date.parse(o.placedAt);
      return t >= from && t <= to;
    })
    .sort((a, b) => a.slNo - b.slNo || (a.placedAt ?? '').localeCompare(b.placedAt ?? ''));
}

/** Values a modify meant to set, for checking whether it took effect. */
export interface ModifyTarget {
  qty?: number;
  type?: number;
  limitPrice?: number;
  stopPrice?: number;
}

/** True when every field the modify sent now shows its new value. */
export function modifyApplied(o: Order, m: ModifyTarget): boolean {
  if (m.qty !== undefined && o.qty !== m.qty) return false;
  if (m.type !== undefined && o.type !== m.type) return false;
  if (m.limitPrice !== undefined && !samePrice(o.limitPrice, m.limitPrice)) return false;
  if (m.stopPrice !== undefined && !samePrice(o.stopPrice, m.stopPrice)) return false;
  return true;
}
