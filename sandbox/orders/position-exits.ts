/**
 * The orders that exit a position (the trader's exit, the broker's square-off): a market order
 * for what is open and not already being exited, added to the book to meet it like any other
 * order. The engine matches it (sandbox/orders/engine.ts `flatten`).
 */
import { OrderStatus, OrderType, Side } from '../../shared/broker/enums';
import type { PositionAcc } from '../account/position-ledger';
import type { SandboxState } from '../state';
import { isOpen, remainingQty, type OrderSource, type SimOrder } from './model';

/** Signed quantity open exits (EXIT or SQUAREOFF orders) of this position still have to trade. */
export function exitingQty(s: SandboxState, acc: PositionAcc): number {
  let q = 0;
  for (const o of s.book.orders.values()) {
    if (
      isOpen(o) &&
      (o.source === 'EXIT' || o.source === 'SQUAREOFF') &&
      o.instrument === acc.instrument &&
      o.productType === acc.productType
    )
      q -= o.side * remainingQty(o);
  }
  return q;
}

/** Adds to the book a market order exiting `net` (signed, as the position) of the position. */
export function exitOrder(
  s: SandboxState,
  acc: PositionAcc,
  net: number,
  source: OrderSource,
  reason: string,
): SimOrder {
  const ids = s.book.nextOrderId(s.now());
  const o: SimOrder = {
    id: ids.id,
    exchOrdId: ids.exchOrdId,
    slNo: ids.slNo,
    instrument: acc.instrument,
    qty: Math.abs(net),
    filledQty: 0,
    tradedValue: 0,
    type: OrderType.Market,
    side: net > 0 ? Side.Sell : Side.Buy,
    productType: acc.productType,
    limitPrice: 0,
    stopPrice: 0,
    disclosedQty: 0,
    validity: 'DAY',
    offlineOrder: false,
    stopLoss: 0,
    takeProfit: 0,
    status: OrderStatus.Pending,
    message: reason,
    placedAt: s.now(),
    waitingForOpen: false,
    triggered: false,
    fromHoldingsQty: 0,
    source,
  };
  s.book.add(o);
  return o;
}
