/**
 * A position's day: what of it was traded today and what was carried in, and its P&L for
 * the day (mark-to-market). The broker's position row mixes both (a carried-forward future,
 * or a holding sold today, comes in as a buy at yesterday's average), so the split is made
 * from the day's trade book: today's fills are marked from their own price, the quantity
 * carried in from the previous close. Net P&L stays the broker's (from the average).
 */
import type { Position, Trade } from '../broker/models';
import { rupeesPerPoint } from './live-pnl';

/** The day's part of one position. */
export interface PositionDay {
  /** Quantity bought and sold today (from the trade book). */
  buyQty: number;
  sellQty: number;
  /** Net quantity carried in from before today (net − today's net). */
  carriedQty: number;
  /** Today's P&L at `ltp`; null when a carried quantity has no previous close to mark from. */
  mtm: number | null;
}

/**
 * The day's part of `p` at `ltp`, from today's `trades` of the same symbol and product and
 * the instrument's previous close (null when unknown).
 */
export function positionDay(
  p: Position,
  trades: readonly Trade[],
  ltp: number,
  prevClose: number | null,
): PositionDay {
  const multiplier = rupeesPerPoint(p);
  let buyQty = 0;
  let sellQty = 0;
  let traded = 0;
  for (const t of trades) {
    if (t.symbol !== p.symbol || t.productType !== p.productType) continue;
    const signed = t.side > 0 ? t.qty : -t.qty;
    if (t.side > 0) buyQty += t.qty;
    else sellQty += t.qty;
    // A fill gains (ltp − its price) per unit bought, the opposite per unit sold.
    traded += signed * (ltp - t.price);
  }
  const carriedQty = p.netQty - (buyQty - sellQty);
  const known = prevClose !== null && Number.isFinite(prevClose) && prevClose > 0;
  const carried = carriedQty === 0 ? 0 : known ? carriedQty * (ltp - prevClose) : null;
  const mtm = carried === null ? null : Math.round((traded + carried) * multiplier * 100) / 100;
  return { buyQty, sellQty, carriedQty, mtm };
}
