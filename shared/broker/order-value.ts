/**
 * What an order is worth in rupees: quantity × price × the contract's multiplier, in ONE
 * place for the fat-finger guard (single orders, GTT legs, multi-leg legs), the ticket's
 * value and charges, and the basket. A commodity quantity counts lots and its price is per
 * the exchange's price unit (MCX CRUDEOIL: one lot, priced per barrel, holds 100 barrels), so
 * valuing it as qty × price under-counts it a hundredfold; that is how a 1-lot CRUDEOIL order
 * at ₹6,000 once passed a ₹5 lakh limit while being worth ₹6 lakh. Currency derivatives are
 * the same: a USDINR lot is USD 1,000 priced per dollar (multiplier 1000).
 *
 * The multiplier is the broker's published `qtyMultiplier` of the contract (its JSON symbol
 * master; the same figure a position later reports as `qtyMulti_com`): docs/broker-v3.md.
 * A cross-currency pair (EURUSD, GBPUSD, USDJPY) is priced in its quote currency, not in
 * rupees: its rupee value needs the exchange's reference rate too (`rbiRefRate`, which only a
 * position reports), so before a position its rupee multiplier is unknown, never 1000.
 */
import { Segment, type SegmentCode } from './enums';

/** The parts of an instrument the value depends on. */
export interface ValueScale {
  segment?: SegmentCode | number;
  /**
   * Rupees per unit of quantity × price as the broker publishes it (`qtyMultiplier`); null or
   * absent when not known. Outside commodities the contract's value is quantity × price.
   */
  contractMultiplier?: number | null;
  /** The underlying's name (a currency pair such as USDINR or EURUSD); absent when unknown. */
  underlying?: string;
}

/**
 * Whether a currency contract is NOT known to be priced in rupees: anything but a rupee pair
 * (USDINR, EURINR, GBPINR, JPYINR) counts, so a cross pair (EURUSD, GBPUSD, USDJPY) and a
 * contract whose pair name is missing or spelled otherwise are never valued as rupees.
 */
export function isCrossCurrencyPair(i: ValueScale | undefined): boolean {
  return i?.segment === Segment.Currency && !RUPEE_PAIR.test(i.underlying?.toUpperCase() ?? '');
}

const RUPEE_PAIR = /^[A-Z]{3}INR$/;

/** The currency a cross pair is priced in, in a trader's words ("US dollars", "yen"). */
export function quoteCurrencyOf(i: ValueScale | undefined): string {
  const u = (i?.underlying ?? '').toUpperCase();
  const code = /^[A-Z]{6}$/.test(u) ? u.slice(3) : '';
  return QUOTE_CURRENCY_WORDS[code] ?? (code || 'a currency not known here');
}

const QUOTE_CURRENCY_WORDS: Readonly<Record<string, string>> = {
  USD: 'US dollars',
  JPY: 'yen',
  EUR: 'euros',
  GBP: 'pounds',
};

/**
 * The contract's rupee multiplier: the published one when known, 1 outside commodities and
 * currency derivatives, and null for such a contract whose multiplier is not known or whose
 * prices are not in rupees (a cross-currency pair). Null is never read as 1: a caller must say
 * the value cannot be told (the guard asks the trader; the ticket shows no value).
 */
export function contractMultiplierOf(i: ValueScale | undefined): number | null {
  if (isCrossCurrencyPair(i)) return null;
  const m = i?.contractMultiplier;
  if (typeof m === 'number' && Number.isFinite(m) && m > 0) return m;
  return i?.segment === Segment.Commodity || i?.segment === Segment.Currency ? null : 1;
}

/** Whether a contract's value needs a multiplier the app does not have (commodity, currency). */
export function multiplierUnknown(i: ValueScale | undefined): boolean {
  return contractMultiplierOf(i) === null;
}

/**
 * An order's value in rupees at a unit price, or null when the contract's multiplier is
 * unknown or the inputs are not positive numbers.
 */
export function orderValueAt(qty: number, price: number, i: ValueScale | undefined): number | null {
  const m = contractMultiplierOf(i);
  if (m === null || !Number.isFinite(qty) || qty <= 0 || !Number.isFinite(price) || price <= 0)
    return null;
  return qty * price * m;
}
