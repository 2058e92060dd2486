/**
 * Typed inputs of the order and position actions, and their wire bodies.
 *
 * The app works with numbers and booleans; the wire wants 'True'/'False' for offlineOrder
 * and omits modify fields that should keep their value. Converting in one place keeps the
 * body the journal records identical to the body that is sent.
 */
import type { ProductType, OrderTypeCode, SideCode } from '../../../shared/broker/enums';
import type { OrderDraft } from '../../../shared/broker/rules';

/** A new order, field for field as the spec's single-order body: the shared rules' draft itself. */
export type PlaceOrderInput = OrderDraft;

/** A change to a pending order; absent fields keep their value at the broker. */
export interface ModifyOrderInput {
  id: string;
  qty?: number;
  type?: OrderTypeCode;
  limitPrice?: number;
  stopPrice?: number;
  side?: SideCode;
}

/** A product-type conversion of an open position. */
export interface ConvertPositionInput {
  symbol: string;
  positionSide: SideCode;
  convertQty: number;
  convertFrom: ProductType;
  convertTo: ProductType;
}

/** One eDIS authorization line (its home is shared/, beside the wire it travels on). */
export type { EdisRecord } from '../../../shared/broker/edis-record';

/** The wire body of a single order. */
export function placeBody(o: PlaceOrderInput): Record<string, unknown> {
  return {
    symbol: o.symbol,
    qty: o.qty,
    type: o.type,
    side: o.side,
    productType: o.productType,
    limitPrice: o.limitPrice,
    stopPrice: o.stopPrice,
    disclosedQty: o.disclosedQty,
    validity: o.validity,
    offlineOrder: o.offlineOrder ? 'True' : 'False',
    stopLoss: o.stopLoss,
    takeProfit: o.takeProfit,
  };
}

/**
 * The wire body of a modify. The reference names the stop price of Stop/Stoplimit orders
 * `stopLoss` in modify requests; we send both spellings so either reading applies it.
 */
export function modifyBody(m: ModifyOrderInput): Record<string, unknown> {
  const body: Record<string, unknown> = { id: m.id };
  if (m.qty !== undefined) body.qty = m.qty;
  if (m.type !== undefined) body.type = m.type;
  if (m.limitPrice !== undefined) body.limitPrice = m.limitPrice;
  if (m.stopPrice !== undefined) {
    body.stopPrice = m.stopPrice;
    body.stopLoss = m.stopPrice;
  }
  if (m.side !== undefined) body.side = m.side;
  return body;
}

/** The wire body of a convert. */
export function convertBody(c: ConvertPositionInput): Record<string, unknown> {
  return { ...c };
}
