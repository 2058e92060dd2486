/**
 * What our own trades took from each instrument's book, and how it comes back. The book an
 * order meets and the depth every view shows are the same generated levels
 * (market-view.ts, `depthAt`) less what was taken: within a step, what one order took is gone
 * for the next; across steps, half of what is still missing comes back each step (liquidity
 * providers refill over a second or so), so a second large order soon after the first meets a
 * thinner book and walks further. Inferred: the refill rate is ours, not the exchange's.
 */
import type { DepthLevel } from '../../shared/marketdata/packet';

/** Share of what is still missing that stays missing after one more step. */
export const DEPLETION_KEPT_PER_STEP = 0.5;

interface Taken {
  step: number;
  bids: number[];
  asks: number[];
}

/** Per-instrument units taken from each level, decaying step by step. */
export class DepthDepletion {
  private taken = new Map<string, Taken>();

  /**
   * The units taken from each level of `ticker`'s book as of `step` (arrays the caller may
   * add to: a fill updates them in place).
   */
  at(ticker: string, step: number): { bids: number[]; asks: number[] } {
    let t = this.taken.get(ticker);
    if (!t) {
      t = { step, bids: [], asks: [] };
      this.taken.set(ticker, t);
    }
    if (t.step !== step) {
      const k = Math.max(0, step - t.step);
      const keep = Math.pow(DEPLETION_KEPT_PER_STEP, k);
      const decay = (xs: number[]) => xs.map((x) => Math.floor(x * keep));
      t.bids = decay(t.bids);
      t.asks = decay(t.asks);
      t.step = step;
    }
    return { bids: t.bids, asks: t.asks };
  }

  /** A book with what was taken removed (never below nothing); levels keep their places. */
  apply(
    ticker: string,
    step: number,
    book: { bids: DepthLevel[]; asks: DepthLevel[] },
  ): { bids: DepthLevel[]; asks: DepthLevel[] } {
    if (!this.taken.has(ticker)) return book;
    const t = this.at(ticker, step);
    const less = (ls: DepthLevel[], used: number[]) =>
      ls.map((l, k) => {
        const left = Math.max(0, l.volume - (used[k] ?? 0));
        return left === l.volume ? l : { ...l, volume: left, orders: left > 0 ? l.orders : 0 };
      });
    return { bids: less(book.bids, t.bids), asks: less(book.asks, t.asks) };
  }

  /** Forgets everything taken (test reset). */
  clear(): void {
    this.taken.clear();
  }
}
