/**
 * The exit legs of a cover or bracket order, made when its entry fills: a stop-loss leg
 * (CO: at the entry's stop price; BO: `stopLoss` away from the fill's average) and, for a
 * bracket, a target leg `takeProfit` away. Each leg is a pending order of its own in the
 * book, filled from the book like any other; the engine cancels the other leg when one trades.
 */
import { OrderStatus, OrderType, Side, type SideCode } from '../../shared/broker/enums';
import { roundToTick } from '../../shared/broker/rules';
import type { SandboxState } from '../state';
import type { SimOrder } from './model';

/** Adds the exit legs of a filled CO/BO entry to the book. */
export function addExitLegs(s: SandboxState, entry: SimOrder): void {
  const i = entry.instrument;
  const tick = i.tickSize > 0 ? i.tickSize : 0.05;
  const avg = entry.tradedValue / entry.filledQty;
  const exitSide = entry.side === Side.Buy ? Side.Sell : Side.Buy;
  const kind = entry.productType === 'BO' ? 'BO' : 'CO';
  const stopPrice =
    kind === 'BO'
      ? roundToTick(Math.max(tick, avg - entry.side * entry.stopLoss), tick)
      : entry.stopLoss;
  addLeg(s, entry, `${entry.family}-${kind}-2`, 'stop', OrderType.Stop, exitSide, 0, stopPrice);
  if (kind === 'BO') {
    const target = roundToTick(Math.max(tick, avg + entry.side * entry.takeProfit), tick);
    addLeg(s, entry, `${entry.family}-BO-3`, 'target', OrderType.Limit, exitSide, target, 0);
  }
}

function addLeg(
  s: SandboxState,
  entry: SimOrder,
  id: string,
  leg: 'stop' | 'target',
  type: typeof OrderType.Limit | typeof OrderType.Stop,
  side: SideCode,
  limitPrice: number,
  stopPrice: number,
): void {
  const ids = s.book.nextOrderId(s.now());
  s.book.add({
    ...entry,
    id,
    exchOrdId: ids.exchOrdId,
    slNo: ids.slNo,
    qty: entry.filledQty,
    filledQty: 0,
    tradedValue: 0,
    type,
    side,
    limitPrice,
    stopPrice,
    disclosedQty: 0,
    status: OrderStatus.Pending,
    message: leg === 'stop' ? 'Stop loss leg pending' : 'Target leg pending',
    placedAt: s.now(),
    leg,
    parentId: entry.id,
    waitingForOpen: false,
    triggered: false,
    fromHoldingsQty: 0,
    source: 'API',
  });
}
