/**
 * How the simulated exchange fills an order: against the same five-level book the quotes,
 * depth and socket show (`depthAt`), never "at the last price".
 *
 * - A market order (and a triggered SL-M) walks the opposite side level by level: one trade
 *   per level at that level's price, so a large order pays the slippage of the levels it eats
 *   and its average price is the walk's average. What the five levels cannot fill waits for
 *   the next step (a partial fill).
 * - A limit order (and a triggered SL-L) takes only levels at its price or better. Arriving
 *   marketable, it is the aggressor and trades at the book's prices; resting, it fills at its
 *   own price once the book crosses it, i.e. once the market has traded through the limit
 *   (best ask below a buy limit, best bid above a sell limit), and only as much as the crossed
 *   levels hold.
 * - What one order took from a level is gone for the next order in the same instrument, and
 *   comes back over the next steps (sandbox/market/depth-depletion.ts), as the depth every
 *   view shows says too.
 *
 * This module is the one place fills are priced, so a check that bounds what a market order
 * may pay (market price protection) wraps `FillModel.slices` or passes a `cap`.
 */
import type { SideCode } from '../../shared/broker/enums';
import { OrderType, Side } from '../../shared/broker/enums';
import type { Instrument } from '../../shared/broker/instrument';
import type { DepthLevel } from '../../shared/marketdata/packet';
import { depthAt } from '../market/market-view';
import type { SandboxState } from '../state';
import type { SimOrder } from './model';
import { remainingQty } from './model';

/** One trade of a fill: a quantity at a price. */
export interface FillSlice {
  qty: number;
  price: number;
}

/** One walk of one side of a book. */
export interface WalkRequest {
  /** The order's side: a buy walks the asks, a sell the bids. */
  side: SideCode;
  /** Quantity still wanted. */
  qty: number;
  /** The opposite side's levels, best first. */
  levels: readonly DepthLevel[];
  /** Units already taken from each level in this step (updated in place). */
  taken: number[];
  /** Worst acceptable price (a limit); absent for a market order. */
  cap?: number;
  /** The price every slice trades at (a resting limit fills at its own price); absent: the level's. */
  at?: number;
}

/**
 * Walks one side of a book: level by level, best first, taking what each level still holds,
 * stopping at the cap. Pure apart from `taken`; returns one slice per level used (merged when
 * they trade at one price).
 */
export function walkBook(r: WalkRequest): FillSlice[] {
  const out: FillSlice[] = [];
  let want = r.qty;
  for (let k = 0; k < r.levels.length && want > 0; k++) {
    const lv = r.levels[k]!;
    if (!(lv.price > 0)) continue;
    if (r.cap !== undefined && (r.side === Side.Buy ? lv.price > r.cap : lv.price < r.cap)) break;
    const avail = lv.volume - (r.taken[k] ?? 0);
    if (avail <= 0) continue;
    const qty = Math.min(want, avail);
    r.taken[k] = (r.taken[k] ?? 0) + qty;
    want -= qty;
    const price = r.at ?? lv.price;
    const last = out[out.length - 1];
    if (last && last.price === price) last.qty += qty;
    else out.push({ qty, price });
  }
  return out;
}

/** Volume-weighted average price of slices (0 for none). */
export function averagePrice(slices: readonly FillSlice[]): number {
  const qty = slices.reduce((n, s) => n + s.qty, 0);
  return qty > 0 ? slices.reduce((n, s) => n + s.qty * s.price, 0) / qty : 0;
}

/** The exchange's fill pricing over one sandbox market; what it takes stays taken a while. */
export class FillModel {
  constructor(private readonly s: SandboxState) {}

  /** The generated book at this step around its centre, before our own trades (depthAt). */
  book(i: Instrument): { bids: DepthLevel[]; asks: DepthLevel[] } {
    return depthAt(i, this.s.prices.centre(i), this.s.seed, this.s.prices.step);
  }

  /**
   * What an order that may trade now gets from the book: slices to book as trades, possibly
   * fewer than it wants (the rest waits). `resting` says the order has already sat on the book
   * (a limit then fills at its own price). `cap` adds a worst price to a market order.
   */
  slices(o: SimOrder, resting: boolean, cap?: number): FillSlice[] {
    const i = o.instrument;
    const used = this.s.depletion.at(i.ticker, this.s.prices.step);
    const b = this.book(i);
    const buy = o.side === Side.Buy;
    const limitLike = o.type === OrderType.Limit || o.type === OrderType.StopLimit;
    const limit = limitLike ? o.limitPrice : cap;
    return walkBook({
      side: o.side,
      qty: remainingQty(o),
      levels: buy ? b.asks : b.bids,
      taken: buy ? used.asks : used.bids,
      ...(limit !== undefined ? { cap: limit } : {}),
      ...(limitLike && resting ? { at: o.limitPrice } : {}),
    });
  }

  /** Forgets what our trades took (test reset). */
  reset(): void {
    this.s.depletion.clear();
  }
}
