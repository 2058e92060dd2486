/**
 * The charges one order would cost, from the rate table and the account's brokerage plan.
 * Pure, so every rule is unit-tested against hand-computed examples; the ticket and the
 * basket screen show what it returns. An estimate: the contract note is what counts.
 */
import { Exchange, Segment, Side } from '../broker/enums';
import type { ExchangeCode, ProductType, SideCode } from '../broker/enums';
import type { BrokerageSettings } from './brokerage';
import type { ChargeClass, ChargeRates } from './charge-rates';

/** What the estimate needs to know about an order. */
export interface ChargeOrder {
  exchange: number;
  segment: number;
  /** Cash instrument, future or option (from the symbol master's expiry and option type). */
  kind: 'cash' | 'future' | 'option';
  productType: ProductType;
  side: SideCode;
  qty: number;
  /** Price per unit; the premium for options. */
  price: number;
}

/** Each charge in rupees, rounded to paise. */
export interface ChargeParts {
  brokerage: number;
  /** STT, or CTT on commodities. */
  transactionTax: number;
  exchange: number;
  sebi: number;
  stampDuty: number;
  gst: number;
}

/** The estimate, or why there is none. */
export type ChargeEstimate =
  | { ok: true; chargeClass: ChargeClass; turnover: number; parts: ChargeParts; total: number }
  | { ok: false; reason: string };

const paise = (n: number) => Math.round(n * 100) / 100;

const EXCHANGE_NAMES: Record<number, 'NSE' | 'BSE' | 'MCX'> = {
  [Exchange.NSE]: 'NSE',
  [Exchange.BSE]: 'BSE',
  [Exchange.MCX]: 'MCX',
};

/** Which row of the table an order falls in, or null when the segment has none. */
export function chargeClassOf(
  o: Pick<ChargeOrder, 'segment' | 'kind' | 'productType'>,
): ChargeClass | null {
  if (o.segment === Segment.CapitalMarket)
    return o.productType === 'CNC' ? 'equity-delivery' : 'equity-intraday';
  const leg = o.kind === 'option' ? 'options' : 'futures';
  if (o.segment === Segment.EquityDerivatives) return `equity-${leg}`;
  if (o.segment === Segment.Currency) return `currency-${leg}`;
  if (o.segment === Segment.Commodity) return `commodity-${leg}`;
  return null;
}

/** The order's charges: brokerage, STT/CTT, exchange charges, SEBI fee, stamp duty, GST. */
export function estimateCharges(
  order: ChargeOrder,
  rates: ChargeRates,
  brokerage: BrokerageSettings,
): ChargeEstimate {
  const { qty, price } = order;
  if (!Number.isFinite(qty) || qty <= 0 || !Number.isFinite(price) || price <= 0)
    return { ok: false, reason: 'Enter a quantity and a price to see the charges.' };
  const chargeClass = chargeClassOf(order);
  const exchangeName = EXCHANGE_NAMES[order.exchange as ExchangeCode];
  const exchangeRate =
    chargeClass && exchangeName ? rates.exchange[exchangeName][chargeClass] : undefined;
  if (!chargeClass || !exchangeName || exchangeRate === undefined)
    return { ok: false, reason: 'No published rates in the table for this exchange and segment.' };
  const turnover = qty * price;
  const r = rates.byClass[chargeClass];
  const buy = order.side === Side.Buy;
  const brokerageFee =
    chargeClass === 'equity-delivery'
      ? brokerage.deliveryPerOrder
      : Math.min(brokerage.capPerOrder, (turnover * brokerage.percent) / 100);
  const parts: ChargeParts = {
    brokerage: paise(brokerageFee),
    transactionTax: paise(turnover * (buy ? r.transactionTaxBuy : r.transactionTaxSell)),
    exchange: paise(turnover * exchangeRate),
    sebi: paise(turnover * rates.sebiFee),
    stampDuty: buy ? paise(turnover * r.stampDutyBuy) : 0,
    gst: 0,
  };
  parts.gst = paise(rates.gst * (parts.brokerage + parts.exchange + parts.sebi));
  const total = paise(Object.values(parts).reduce((a, b) => a + b, 0));
  return { ok: true, chargeClass, turnover, parts, total };
}
