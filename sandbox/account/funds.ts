/**
 * The funds ledger (spec "Funds"), derived on demand from the day's positions and open orders
 * so it can never drift from them: utilized margin is what open positions and unfilled
 * orders block, realized P&L is the positions' realized P&L (before charges, as the positions
 * show it), the total balance is the start-of-day limit plus realized P&L less the day's
 * charges so far (account/charges.ts: the broker debits them from the segment's cash), and
 * the available balance is the total less utilized.
 */
import type { Instrument } from '../../shared/broker/instrument';
import type { SimOrder } from '../orders/model';
import { isOpen, remainingQty } from '../orders/model';
import { ledgerOf, marginFor } from './margin';
import type { PositionFigures } from './position-ledger';
import { Side } from '../../shared/broker/enums';

/** Start-of-day limits of the demo account on its first day. */
export const START_LIMITS = { equity: 1_000_000, commodity: 200_000 } as const;

/** Start-of-day limits of one trading day (they change at each day rollover). */
export interface StartLimits {
  equity: number;
  commodity: number;
}

/** Figures of one ledger (equity or commodity). */
export interface LedgerFigures {
  startLimit: number;
  utilized: number;
  realized: number;
  available: number;
  totalBalance: number;
}

/** Both ledgers. */
export interface FundsFigures {
  equity: LedgerFigures;
  commodity: LedgerFigures;
}

/** Price an open order is margined at: its limit, else its trigger, else the last price. */
function orderRefPrice(o: SimOrder, ltpOf: (i: Instrument) => number): number {
  if (o.limitPrice > 0) return o.limitPrice;
  if (o.stopPrice > 0) return o.stopPrice;
  return ltpOf(o.instrument);
}

/**
 * Margin an open order blocks. Exit legs of brackets/covers and orders that only reduce an
 * existing position (or sell demat holdings) block nothing.
 */
export function orderMargin(
  o: SimOrder,
  opposite: number,
  ltpOf: (i: Instrument) => number,
): number {
  if (o.parentId || !isOpen(o)) return 0;
  const adding = Math.max(0, remainingQty(o) - Math.max(0, opposite) - o.fromHoldingsQty);
  return marginFor(o.instrument, o.productType, o.side, adding, orderRefPrice(o, ltpOf));
}

/** Computes both ledgers from positions (with figures), the order book and the day's charges. */
export function computeFunds(
  positions: PositionFigures[],
  orders: SimOrder[],
  ltpOf: (i: Instrument) => number,
  start: StartLimits = START_LIMITS,
  charges: { equity: number; commodity: number } = { equity: 0, commodity: 0 },
): FundsFigures {
  const led = {
    equity: { startLimit: start.equity, utilized: 0, realized: 0 },
    commodity: { startLimit: start.commodity, utilized: 0, realized: 0 },
  };
  const netById = new Map<string, number>();
  for (const p of positions) {
    const l = led[ledgerOf(p.instrument)];
    l.realized += p.realized;
    netById.set(p.id, p.netQty);
    if (p.netQty !== 0 && p.productType !== 'CNC') {
      l.utilized += marginFor(
        p.instrument,
        p.productType,
        p.netQty > 0 ? 1 : -1,
        Math.abs(p.netQty),
        p.ltp,
      );
    } else if (p.netQty > 0) {
      l.utilized += p.netQty * p.buyAvg; // CNC buys are paid in full at cost
    }
  }
  for (const o of orders) {
    const net = netById.get(`${o.instrument.ticker}-${o.productType}`) ?? 0;
    const opposite = o.side === Side.Buy ? -net : net;
    led[ledgerOf(o.instrument)].utilized += orderMargin(o, opposite, ltpOf);
  }
  const done = (
    l: { startLimit: number; utilized: number; realized: number },
    charged: number,
  ): LedgerFigures => ({
    ...l,
    totalBalance: l.startLimit + l.realized - charged,
    available: l.startLimit + l.realized - charged - l.utilized,
  });
  return {
    equity: done(led.equity, charges.equity),
    commodity: done(led.commodity, charges.commodity),
  };
}
