/**
 * The order book and trade book of the one demo account, plus the id counters. Kept apart
 * from the matching engine so that presenters, account views and the property test can read
 * the books without reaching into the engine.
 */
import type { Instrument } from '../../shared/broker/instrument';
import { yymmdd } from '../time/ist';
import type { SimOrder, SimTrade } from './model';

/** All orders (in placement order) and trades of the account. */
export class OrderBook {
  readonly orders = new Map<string, SimOrder>();
  readonly trades: SimTrade[] = [];
  private seq = 0;
  private tradeSeq = 0;
  private readonly watchers = new Set<(o: SimOrder) => void>();

  /**
   * Calls `fn` synchronously on every order state change (placed, acknowledged, each fill,
   * modified, cancelled, rejected, expired), while the order is in that state: the socket's
   * order updates must see each step, not just where a tick ended. Returns the unsubscribe.
   */
  watch(fn: (o: SimOrder) => void): () => void {
    this.watchers.add(fn);
    return () => this.watchers.delete(fn);
  }

  /** Tells the watchers that an order changed (called by whoever changed it). */
  changed(o: SimOrder): void {
    for (const fn of this.watchers) fn(o);
  }

  /** A fresh order id shaped like the real ones: YYMMDD plus an 8-digit sequence. */
  nextOrderId(nowMs: number): { id: string; exchOrdId: string; slNo: number } {
    this.seq += 1;
    const n = String(this.seq).padStart(8, '0');
    return { id: `${yymmdd(nowMs)}${n}`, exchOrdId: `11000000${n}`, slNo: this.seq };
  }

  /** Adds an order (or a bracket/cover leg). */
  add(o: SimOrder): void {
    this.orders.set(o.id, o);
    this.changed(o);
  }

  /** Looks an order up by id. */
  get(id: string): SimOrder | undefined {
    return this.orders.get(id);
  }

  /** Orders in placement order. */
  list(): SimOrder[] {
    return [...this.orders.values()];
  }

  /** Records one fill and returns it. */
  addTrade(o: SimOrder, qty: number, price: number, at: number): SimTrade {
    this.tradeSeq += 1;
    const n = String(this.tradeSeq).padStart(8, '0');
    const t: SimTrade = {
      id: `${yymmdd(at)}${n}`,
      slNo: this.tradeSeq,
      orderId: o.id,
      exchangeOrderNo: o.exchOrdId,
      tradeNumber: `5${n}`,
      instrument: o.instrument,
      side: o.side,
      productType: o.productType,
      orderType: o.type,
      qty,
      price,
      at,
    };
    this.trades.push(t);
    return t;
  }

  /** Trades of one instrument. */
  tradesOf(i: Instrument): SimTrade[] {
    return this.trades.filter((t) => t.instrument === i);
  }

  /** Empties both books (test reset); counters restart too. */
  clear(): void {
    this.orders.clear();
    this.trades.length = 0;
    this.seq = 0;
    this.tradeSeq = 0;
  }
}
