/**
 * The move from one trading day to the next, at 06:00 IST (when access tokens die too). The
 * spec's positions list holds only the current day, so yesterday's books are closed: CNC buys
 * become T1 holdings, sold demat shares leave the holdings, the cash effect of the day (its
 * realised P&L less its charges) goes into the new start-of-day limit, open derivative positions are brought forward at their
 * average, and only after-market orders still waiting for the open survive in the order book.
 */
import type { SandboxState } from '../state';
import type { HoldingSeed } from './holdings';
import { ledgerOf } from './margin';
import { chargesByLedger } from './charges';
import { OrderStatus } from '../../shared/broker/enums';

/** Trading day key of an instant: the IST date of the most recent 06:00 IST. */
export function tradingDayOf(ms: number): number {
  const d = new Date(ms + 5.5 * 3600_000 - 6 * 3600_000);
  return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
}

/** Closes the current day's books and opens the next day's. */
export function rollOver(s: SandboxState): void {
  const figs = s.positionFigures();
  s.archive.keep({
    day: s.tradingDay,
    orders: s.book.list(),
    trades: [...s.book.trades],
    positions: figs,
    openingCash: s.startLimits.equity + s.startLimits.commodity,
  });
  // The day's charges leave each segment's cash, as the ledger's "Charges and taxes" line says.
  const charged = chargesByLedger(s.book.list());
  const cash = { equity: -charged.equity, commodity: -charged.commodity };
  const holdings: HoldingSeed[] = s.holdings.map((h) => ({ ...h }));
  let nextId = holdings.reduce((m, h) => Math.max(m, h.id), 0) + 1;
  const carry: typeof figs = [];
  for (const p of figs) {
    const led = ledgerOf(p.instrument);
    cash[led] += p.realized;
    if (p.productType === 'CNC') {
      // Proceeds of demat shares sold today return their cost (realized already holds the gain).
      const h = holdings.find((x) => x.instrument.isin === p.instrument.isin);
      if (h && p.carriedQty > 0) {
        cash[led] += p.carriedQty * h.costPrice;
        h.quantity -= p.carriedQty;
      }
      if (p.netQty > 0) {
        cash[led] -= p.netQty * p.buyAvg;
        // Demat holdings are per ISIN: a BSE buy of a company held via NSE adds to that holding.
        const same = holdings.find(
          (x) =>
            x.instrument === p.instrument ||
            (p.instrument.isin !== '' && x.instrument.isin === p.instrument.isin),
        );
        if (same && same.quantity > 0) {
          same.costPrice =
            (same.costPrice * same.quantity + p.buyAvg * p.netQty) / (same.quantity + p.netQty);
          same.quantity += p.netQty;
        } else {
          holdings.push({
            id: nextId++,
            instrument: p.instrument,
            quantity: p.netQty,
            costPrice: p.buyAvg,
            holdingType: 'T1',
          });
        }
      }
    } else if (p.netQty !== 0) {
      carry.push(p);
    }
  }
  s.startLimits = {
    equity: s.startLimits.equity + cash.equity,
    commodity: s.startLimits.commodity + cash.commodity,
  };
  s.holdings = holdings
    .filter((h) => h.quantity > 0)
    .map((h) => ({ ...h, holdingType: h.holdingType === 'T1' ? 'HLD' : h.holdingType }));
  // Newly bought CNC shares are T1 on their first morning.
  for (const p of figs) {
    if (p.productType === 'CNC' && p.netQty > 0) {
      const h = s.holdings.find((x) => x.instrument === p.instrument);
      if (h && h.quantity === p.netQty) h.holdingType = 'T1';
    }
  }
  const waiting = s.book
    .list()
    .filter(
      (o) =>
        o.waitingForOpen && (o.status === OrderStatus.Transit || o.status === OrderStatus.Pending),
    );
  s.book.orders.clear();
  s.book.trades.length = 0;
  for (const o of waiting) s.book.add(o);
  s.positions.clear();
  for (const p of carry) s.positions.bringForward(p.instrument, p.productType, p.netQty, p.netAvg);
}
