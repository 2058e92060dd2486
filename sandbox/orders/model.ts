/**
 * The sandbox's internal order and trade records. They hold typed values (numbers, booleans,
 * the instrument itself); the wire shapes, with their spellings and quirks, are produced only
 * by sandbox/present/, so engine code never juggles `"True"` strings or svcToken spellings.
 */
import type {
  OrderStatusCode,
  OrderTypeCode,
  ProductType,
  SideCode,
  Validity,
} from '../../shared/broker/enums';
import type { Instrument } from '../../shared/broker/instrument';
import { OrderStatus } from '../../shared/broker/enums';

/** Which part of a bracket or cover order an order is. */
export type LegKind = 'entry' | 'stop' | 'target';

/** Where an order came from: the API, an exit-position request or the automatic square-off. */
export type OrderSource = 'API' | 'EXIT' | 'SQUAREOFF';

/** One order as the simulated exchange tracks it. */
export interface SimOrder {
  id: string;
  exchOrdId: string;
  slNo: number;
  instrument: Instrument;
  qty: number;
  filledQty: number;
  /** Sum of price * qty over fills; tradedPrice is this / filledQty. */
  tradedValue: number;
  type: OrderTypeCode;
  side: SideCode;
  productType: ProductType;
  limitPrice: number;
  stopPrice: number;
  disclosedQty: number;
  validity: Validity;
  offlineOrder: boolean;
  stopLoss: number;
  takeProfit: number;
  status: OrderStatusCode;
  message: string;
  placedAt: number;
  /** Bracket/cover family: the id stem shared by all legs (undefined for plain orders). */
  family?: string;
  leg?: LegKind;
  parentId?: string;
  /** After-market order not yet released to the exchange (waits for the open). */
  waitingForOpen: boolean;
  /** A stop order whose trigger price has been crossed. */
  triggered: boolean;
  /** Part of a CNC sell that comes out of demat holdings (needs eDIS authorization). */
  fromHoldingsQty: number;
  source: OrderSource;
  /**
   * A market order's protection price (market-protection.ts): the worst price it trades at,
   * set from the last price when it reaches the exchange; undefined for other orders.
   */
  protectionPrice?: number;
  /** Market step at which the exchange acknowledges a Transit order (absent: the next step). */
  ackStep?: number;
  /** An acknowledged order the exchange will reject at `step` (a late rejection). */
  lateReject?: { step: number; reason: string };
  /** Whether the order has sat on the book (a resting limit fills at its own price). */
  rested?: boolean;
  /** The order's tag (set on the orders a GTT places: sandbox/gtt/gtt-desk.ts). */
  orderTag?: string;
}

/** One fill. The trade book shows one row per fill, linked to its order by orderId. */
export interface SimTrade {
  id: string;
  slNo: number;
  orderId: string;
  exchangeOrderNo: string;
  tradeNumber: string;
  instrument: Instrument;
  side: SideCode;
  productType: ProductType;
  orderType: OrderTypeCode;
  qty: number;
  price: number;
  at: number;
}

/** Remaining (unfilled) quantity of an order. */
export function remainingQty(o: SimOrder): number {
  return o.qty - o.filledQty;
}

/** Average fill price, or 0 before the first fill. */
export function avgPrice(o: SimOrder): number {
  return o.filledQty > 0 ? o.tradedValue / o.filledQty : 0;
}

/** Whether the order can still trade (Transit or Pending). */
export function isOpen(o: SimOrder): boolean {
  return o.status === OrderStatus.Transit || o.status === OrderStatus.Pending;
}
