/**
 * The sandbox's memory of the trading days it has simulated (issue 22 #6): at each 06:00 IST
 * rollover the closing day's orders, trades and position figures are kept before the books
 * are cleared, so the v3 history endpoints (order, trade, charges, realised P&L, ledger) can
 * answer over past days as the broker's do. A reset forgets them with the rest of the account.
 */
import type { PositionFigures } from '../account/position-ledger';
import type { SimOrder, SimTrade } from '../orders/model';

/** One closed (or, for today, still open) trading day. */
export interface DayRecord {
  /** Trading day key, YYYYMMDD (rollover.ts's tradingDayOf). */
  day: number;
  orders: SimOrder[];
  trades: SimTrade[];
  /** Position figures at the day's close (at the last price then). */
  positions: PositionFigures[];
  /** Start-of-day cash (equity + commodity ledgers) of the day. */
  openingCash: number;
}

/** The days kept, oldest first. */
export class DayArchive {
  private readonly days: DayRecord[] = [];

  /** Keeps a closed day (copies, so the live book's later changes never reach it). */
  keep(d: DayRecord): void {
    this.days.push({
      ...d,
      orders: d.orders.map((o) => ({ ...o })),
      trades: d.trades.map((t) => ({ ...t })),
      positions: d.positions.map((p) => ({ ...p })),
    });
  }

  /** The kept days, oldest first. */
  list(): readonly DayRecord[] {
    return this.days;
  }

  /** Forgets every day (sandbox reset). */
  clear(): void {
    this.days.length = 0;
  }
}
