/**
 * The rows of the sandbox's v3 history endpoints, built from the kept trading days
 * (day-record.ts). Charges follow the sandbox's documented Indian charges model
 * (account/charges.ts), the same figures the funds view and the rollover deduct.
 */
import type { PositionFigures } from '../account/position-ledger';
import { filledOrderCharges } from '../account/charges';
import type { SimOrder } from '../orders/model';
import type { DayRecord } from './day-record';

const r2 = (n: number) => Math.round(n * 100) / 100;

/** `YYYY-MM-DD` of a day key (YYYYMMDD). */
export function dayText(day: number): string {
  const y = Math.floor(day / 10000);
  const m = Math.floor(day / 100) % 100;
  const d = day % 100;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The charges of one filled order under the sandbox's model, or null when it has no fill. */
export function orderCharges(o: SimOrder): Record<string, unknown> | null {
  const est = filledOrderCharges(o);
  if (!est) return null;
  const i = o.instrument;
  return {
    orderNumber: o.id,
    symbol: i.ticker,
    exchange: i.exchange,
    segment: i.segment,
    side: o.side,
    productType: o.productType,
    turnover: r2(est.turnover),
    brokerage: est.parts.brokerage,
    stt: est.parts.transactionTax,
    exchangeTxnCharges: est.parts.exchange,
    sebiFee: est.parts.sebi,
    stampDuty: est.parts.stampDuty,
    gst: est.parts.gst,
    totalCharges: est.total,
  };
}

/** Charges rows of a day, one per filled order. */
export function chargesRows(d: DayRecord): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  for (const o of d.orders) {
    const c = orderCharges(o);
    if (c) rows.push({ date: dayText(d.day), ...c });
  }
  return rows;
}

/** The day's total charges (what the ledger debits). */
export function dayChargesTotal(d: DayRecord): number {
  return r2(chargesRows(d).reduce((n, r) => n + (r.totalCharges as number), 0));
}

/** Realised P&L rows of a day: one per position that closed some quantity. */
export function realisedRows(d: DayRecord): Record<string, unknown>[] {
  return d.positions
    .filter((p: PositionFigures) => Math.min(p.buyQty, p.sellQty) > 0)
    .map((p) => ({
      date: dayText(d.day),
      symbol: p.instrument.ticker,
      exchange: p.instrument.exchange,
      segment: p.instrument.segment,
      productType: p.productType,
      buyQty: p.buyQty,
      buyAvg: r2(p.buyAvg),
      sellQty: p.sellQty,
      sellAvg: r2(p.sellAvg),
      closedQty: Math.min(p.buyQty, p.sellQty),
      realisedPnl: r2(p.realized),
    }));
}

/**
 * Ledger rows of a day: the opening cash, the day's realised P&L and its charges, each with
 * the running balance. Simplification stated in docs/sandbox.md: CNC purchase and sale values
 * move the next day's limits but are not ledger lines here.
 */
export function ledgerRows(d: DayRecord): Record<string, unknown>[] {
  const date = dayText(d.day);
  let balance = r2(d.openingCash);
  const rows: Record<string, unknown>[] = [
    { date, narration: 'Opening balance', debit: 0, credit: 0, balance },
  ];
  const pnl = r2(d.positions.reduce((n, p) => n + p.realized, 0));
  if (pnl !== 0) {
    balance = r2(balance + pnl);
    rows.push({
      date,
      narration: 'Realised profit and loss',
      debit: pnl < 0 ? -pnl : 0,
      credit: pnl > 0 ? pnl : 0,
      balance,
    });
  }
  const charges = dayChargesTotal(d);
  if (charges > 0) {
    balance = r2(balance - charges);
    rows.push({ date, narration: 'Charges and taxes', debit: charges, credit: 0, balance });
  }
  return rows;
}
