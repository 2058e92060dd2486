/**
 * The order placement rules of the spec (placement rules 1-9, product and segment
 * restrictions, CO/BO rules, tick and lot multiples) as ONE pure function.
 *
 * Why one function: the sandbox uses it to reject orders and the client uses it to pre-check
 * the order ticket. If both sides ran their own copy, the ticket could accept an order the
 * broker rejects (or the reverse). Every violation carries the gaps.md code the broker would
 * send and a message that names the field in words (FIELD_WORDS), so the ticket can point at
 * the exact input and the trader reads "Limit price", never "limitPrice".
 *
 * Fat-finger guards (max value, distance from ltp) are client policy and live elsewhere.
 */
import type {
  ExchangeCode,
  OrderTypeCode,
  ProductType,
  SegmentCode,
  SideCode,
  Validity,
} from './enums';
import { ErrorCode } from './errors';
import type { PriceBandKind } from './exchange-limits';
import { OrderType, PRODUCT_TYPES, Segment, Side } from './enums';

/** An order as the trader (or the API body) describes it, already parsed into typed fields. */
export interface OrderDraft {
  symbol: string;
  qty: number;
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
}

/** The parts of an instrument (from the symbol master) that the rules depend on. */
export interface InstrumentRules {
  tickSize: number;
  lotSize: number;
  exchange: ExchangeCode;
  segment: SegmentCode;
  /** Exchange freeze quantity: the largest quantity one order may carry, when known. */
  freezeQty?: number;
  /** The exchange's price band that applies (equity derivatives; exchange-limits.ts). */
  band?: PriceBandKind;
  /**
   * Rupees per unit of quantity × price (the broker's published `qtyMultiplier`, e.g. MCX
   * CRUDEOIL 100), null when a commodity's is not known: order-value.ts reads it.
   */
  contractMultiplier?: number | null;
  /**
   * A currency contract's pair (USDINR, EURUSD): a cross pair is priced in another currency,
   * so its rupee value is unknown until the reference rate is (order-value.ts).
   */
  underlying?: string;
}

/**
 * The order fields in the words a trader reads beside them (the ticket's labels). Every rule
 * message names its field with these, never with the API's field name: "Limit price must be a
 * multiple of ₹0.05", not "limitPrice not a multiple of tick size 0.05".
 */
export const FIELD_WORDS: Readonly<Record<keyof OrderDraft, string>> = {
  symbol: 'Symbol',
  qty: 'Quantity',
  type: 'Order type',
  side: 'Side',
  productType: 'Product',
  limitPrice: 'Limit price',
  stopPrice: 'Trigger price',
  disclosedQty: 'Disclosed quantity',
  validity: 'Validity',
  offlineOrder: 'After-market flag',
  stopLoss: 'Stop loss',
  takeProfit: 'Take profit',
};

/** A price in rupees as a message shows it, with the decimals it was given (₹0.0025, ₹801.5). */
export function rupees(n: number): string {
  return `₹${String(n)}`;
}

/** One broken rule: the broker code, the field to highlight, and a message naming it. */
export interface RuleViolation {
  /** gaps.md code, e.g. -392 for a price off the tick grid. */
  code: number;
  field: keyof OrderDraft | 'order';
  message: string;
}

const PRODUCTS: readonly string[] = PRODUCT_TYPES;

function decimalsOf(n: number): number {
  const s = String(n);
  if (s.includes('e-')) return Number(s.split('e-')[1]);
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

/**
 * Whether `price` lies on the tick grid, without binary-float surprises
 * (0.15 / 0.05 is 2.9999999999999996 in floating point, yet 0.15 is a valid price).
 */
export function isTickMultiple(price: number, tickSize: number): boolean {
  if (!Number.isFinite(price) || !Number.isFinite(tickSize) || tickSize <= 0) return false;
  const scale = 10 ** Math.min(8, Math.max(decimalsOf(tickSize), 0));
  const scaledPrice = price * scale;
  const roundedPrice = Math.round(scaledPrice);
  if (Math.abs(scaledPrice - roundedPrice) > 1e-6 * Math.max(1, Math.abs(scaledPrice)))
    return false;
  const scaledTick = Math.round(tickSize * scale);
  return roundedPrice % scaledTick === 0;
}

/** Rounds a price to the nearest tick, for simulators and ticket helpers that must produce valid prices. */
export function roundToTick(price: number, tickSize: number): number {
  const d = decimalsOf(tickSize);
  const ticks = Math.round(price / tickSize);
  return Number((ticks * tickSize).toFixed(d));
}

/** The quantity multiple the broker enforces for a segment (spec placement rule 9). */
export function lotMultiple(instrument: { segment: number; lotSize: number }): number {
  return instrument.segment === Segment.EquityDerivatives ? Math.max(1, instrument.lotSize) : 1;
}

const isNonNegFinite = (n: unknown): n is number =>
  typeof n === 'number' && Number.isFinite(n) && n >= 0;

/**
 * Checks one order against every placement rule and returns all violations (empty = valid).
 * `ltp` is the last traded price; pass 0 when unknown and the ltp comparisons are skipped.
 */
export function checkOrder(
  draft: OrderDraft,
  instrument: InstrumentRules,
  ltp: number,
): RuleViolation[] {
  const out: RuleViolation[] = [];
  const v = (code: number, field: RuleViolation['field'], message: string): void => {
    out.push({ code, field, message });
  };
  const { type, side, productType } = draft;
  const haveLtp = Number.isFinite(ltp) && ltp > 0;

  if (typeof draft.symbol !== 'string' || !/^[A-Z]+:\S+$/.test(draft.symbol)) {
    v(
      ErrorCode.InvalidSymbol,
      'symbol',
      `Symbol must look like NSE:SBIN-EQ (got ${JSON.stringify(draft.symbol)}).`,
    );
  }
  if (side !== Side.Buy && side !== Side.Sell)
    v(ErrorCode.InvalidSide, 'side', 'Side must be buy or sell.');
  const typeOk =
    type === OrderType.Limit ||
    type === OrderType.Market ||
    type === OrderType.Stop ||
    type === OrderType.StopLimit;
  if (!typeOk)
    v(ErrorCode.InvalidOrderType, 'type', 'Order type must be Limit, Market, SL-M or SL-L.');
  if (!PRODUCTS.includes(productType)) {
    v(
      ErrorCode.InvalidProductType,
      'productType',
      'Product must be CNC, INTRADAY, MARGIN, CO or BO.',
    );
  }
  if (draft.validity !== 'DAY' && draft.validity !== 'IOC') {
    v(ErrorCode.InvalidValidity, 'validity', 'Validity must be DAY or IOC.');
  }

  // Quantity: positive integer, lot multiple (rule 9), freeze quantity.
  const lot = lotMultiple(instrument);
  if (typeof draft.qty !== 'number' || !Number.isInteger(draft.qty) || draft.qty <= 0) {
    v(ErrorCode.InvalidQty, 'qty', 'Quantity must be a whole number above 0.');
  } else if (draft.qty % lot !== 0) {
    v(
      ErrorCode.InvalidQty,
      'qty',
      `Quantity must be a whole number of lots of ${lot} (${draft.qty} is not).`,
    );
  } else if (instrument.freezeQty && draft.qty > instrument.freezeQty) {
    v(
      ErrorCode.InvalidQty,
      'qty',
      `Quantity ${draft.qty} is above the exchange freeze quantity ${instrument.freezeQty}: split the order.`,
    );
  }

  // Product and segment restrictions (rule 5 and the productType table).
  if (productType === 'CNC' && instrument.segment !== Segment.CapitalMarket) {
    v(ErrorCode.InvalidProductType, 'productType', 'CNC (delivery) is only for equity shares.');
  }
  if (productType === 'MARGIN' && instrument.segment === Segment.CapitalMarket) {
    v(ErrorCode.InvalidProductType, 'productType', 'MARGIN is only for derivative contracts.');
  }

  // Disclosed quantity: equity only, never above qty, never for CO/BO (rules 6, 7).
  if (!isNonNegFinite(draft.disclosedQty) || !Number.isInteger(draft.disclosedQty)) {
    v(
      ErrorCode.InvalidDisclosedQty,
      'disclosedQty',
      'Disclosed quantity must be a whole number, 0 or more.',
    );
  } else if (draft.disclosedQty > 0) {
    if (productType === 'CO' || productType === 'BO') {
      v(
        ErrorCode.InvalidDisclosedQty,
        'disclosedQty',
        `Disclosed quantity must be 0 for ${productType} orders.`,
      );
    } else if (instrument.segment !== Segment.CapitalMarket) {
      v(
        ErrorCode.InvalidDisclosedQty,
        'disclosedQty',
        'Disclosed quantity is allowed only for equity.',
      );
    } else if (typeof draft.qty === 'number' && draft.disclosedQty > draft.qty) {
      v(
        ErrorCode.InvalidDisclosedQty,
        'disclosedQty',
        'Disclosed quantity must not be more than the quantity.',
      );
    }
  }

  // Prices: finite and not negative.
  const prices = ['limitPrice', 'stopPrice', 'stopLoss', 'takeProfit'] as const;
  const priceCode = {
    limitPrice: ErrorCode.InvalidLimitPrice,
    stopPrice: ErrorCode.InvalidStopPrice,
    stopLoss: ErrorCode.InvalidStopLoss,
    takeProfit: ErrorCode.InvalidTakeProfit,
  } as const;
  const badPrice = new Set<string>();
  for (const f of prices) {
    if (!isNonNegFinite(draft[f])) {
      v(priceCode[f], f, `${FIELD_WORDS[f]} must be a number, 0 or more.`);
      badPrice.add(f);
    }
  }
  const { limitPrice, stopPrice, stopLoss, takeProfit } = draft;

  // Order type rules 1-4.
  if (typeOk && !badPrice.has('limitPrice') && !badPrice.has('stopPrice')) {
    const needsLimit = type === OrderType.Limit || type === OrderType.StopLimit;
    const needsStop = type === OrderType.Stop || type === OrderType.StopLimit;
    const typeName = { 1: 'Limit', 2: 'Market', 3: 'Stop (SL-M)', 4: 'Stop-limit (SL-L)' }[type];
    if (needsLimit && limitPrice <= 0)
      v(
        ErrorCode.InvalidLimitPrice,
        'limitPrice',
        `Limit price is required for a ${typeName} order.`,
      );
    if (!needsLimit && limitPrice !== 0)
      v(ErrorCode.InvalidLimitPrice, 'limitPrice', `A ${typeName} order takes no limit price.`);
    if (needsStop && stopPrice <= 0)
      v(
        ErrorCode.InvalidStopPrice,
        'stopPrice',
        `Trigger price is required for a ${typeName} order.`,
      );
    if (!needsStop && stopPrice !== 0)
      v(ErrorCode.InvalidStopPrice, 'stopPrice', `A ${typeName} order takes no trigger price.`);
    if (needsStop && stopPrice > 0 && haveLtp) {
      if (side === Side.Sell && stopPrice > ltp)
        v(
          ErrorCode.StopPriceVsLtp,
          'stopPrice',
          `Trigger price ${rupees(stopPrice)} must not be above the last price ${rupees(ltp)} for a sell.`,
        );
      if (side === Side.Buy && stopPrice < ltp)
        v(
          ErrorCode.StopPriceVsLtp,
          'stopPrice',
          `Trigger price ${rupees(stopPrice)} must not be below the last price ${rupees(ltp)} for a buy.`,
        );
    }
    if (type === OrderType.StopLimit && stopPrice > 0 && limitPrice > 0) {
      if (side === Side.Buy && !(stopPrice < limitPrice))
        v(
          ErrorCode.InvalidStopPrice,
          'stopPrice',
          'Trigger price must be below the limit price for a stop-limit buy.',
        );
      if (side === Side.Sell && !(stopPrice > limitPrice))
        v(
          ErrorCode.InvalidStopPrice,
          'stopPrice',
          'Trigger price must be above the limit price for a stop-limit sell.',
        );
    }
  }

  // CO and BO rules 6 and 7; stopLoss/takeProfit only make sense for them.
  if (productType === 'CO' || productType === 'BO') {
    if (draft.validity === 'IOC')
      v(ErrorCode.InvalidValidity, 'validity', `Validity must be DAY for ${productType} orders.`);
    if (!badPrice.has('stopLoss') && stopLoss <= 0)
      v(ErrorCode.InvalidStopLoss, 'stopLoss', `Stop loss is required for ${productType} orders.`);
  }
  if (productType === 'CO') {
    if (typeOk && type !== OrderType.Limit && type !== OrderType.Market)
      v(ErrorCode.InvalidCoBoType, 'type', 'CO orders must be market or limit.');
    if (!badPrice.has('stopLoss') && stopLoss > 0 && typeOk) {
      const ref = type === OrderType.Limit ? limitPrice : haveLtp ? ltp : 0;
      const refName = type === OrderType.Limit ? 'limit price' : 'last price';
      if (ref > 0 && side === Side.Buy && stopLoss > ref)
        v(
          ErrorCode.InvalidStopLoss,
          'stopLoss',
          `Stop loss ${rupees(stopLoss)} must not be above the ${refName} ${rupees(ref)} for a CO buy.`,
        );
      if (ref > 0 && side === Side.Sell && stopLoss < ref)
        v(
          ErrorCode.InvalidStopLoss,
          'stopLoss',
          `Stop loss ${rupees(stopLoss)} must not be below the ${refName} ${rupees(ref)} for a CO sell.`,
        );
    }
  }
  if (productType === 'BO') {
    if (!badPrice.has('takeProfit') && takeProfit <= 0)
      v(ErrorCode.InvalidTakeProfit, 'takeProfit', 'Take profit is required for BO orders.');
  } else if (!badPrice.has('takeProfit') && takeProfit !== 0) {
    v(ErrorCode.InvalidTakeProfit, 'takeProfit', 'Take profit is only for BO orders.');
  }
  if (
    productType !== 'CO' &&
    productType !== 'BO' &&
    PRODUCTS.includes(productType) &&
    !badPrice.has('stopLoss') &&
    stopLoss !== 0
  ) {
    v(ErrorCode.InvalidStopLoss, 'stopLoss', 'Stop loss is only for CO and BO orders.');
  }

  // Rule 8: every price input on the tick grid.
  for (const f of prices) {
    const p = draft[f];
    if (!badPrice.has(f) && p > 0 && !isTickMultiple(p, instrument.tickSize)) {
      v(
        ErrorCode.TickSize,
        f,
        `${FIELD_WORDS[f]} must be a multiple of ${rupees(instrument.tickSize)}.`,
      );
    }
  }
  return out;
}
