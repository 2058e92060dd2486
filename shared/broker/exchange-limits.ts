/**
 * Limits the exchange adds on top of the broker's rules: freeze quantities of index
 * derivatives and price bands of options and futures (gaps.md "Limits the exchange adds").
 *
 * ONE dated table for the app and the sandbox. When the app knew three freeze quantities and
 * the sandbox seven, the ticket let a BANKNIFTY order of 930 through and the broker refused
 * it; whatever is here is what both sides enforce.
 */
import { Segment } from './enums';

/**
 * When the table was last checked. NSE and BSE revise freeze quantities by circular
 * (usually quarterly); check them at that cadence.
 */
export const EXCHANGE_LIMITS_AS_OF = '2026-11-27';

/**
 * Freeze quantity (units) per index underlying, for its derivatives. NIFTY, FINNIFTY and
 * MIDCPNIFTY are gaps.md's; BANKNIFTY, NIFTYNXT50, SENSEX and BANKEX are the exchanges'
 * circular values as last known to us (inferred: not in the spec or the SDK).
 */
const FREEZE_QTY: Readonly<Record<string, number>> = Object.freeze({
  NIFTY: 1800,
  BANKNIFTY: 900,
  FINNIFTY: 1800,
  MIDCPNIFTY: 2800,
  NIFTYNXT50: 600,
  SENSEX: 1000,
  BANKEX: 900,
});

/** Freeze quantity of a contract, when the exchange sets one (index derivatives only). */
export function freezeQtyFor(underlying: string, segment: number): number | undefined {
  if (segment !== Segment.EquityDerivatives) return undefined;
  return FREEZE_QTY[underlying.toUpperCase().replace(/\s+/g, '')];
}

/** Which price band applies to a contract. */
export type PriceBandKind = 'option' | 'index-future' | 'stock-future';

/** The band kind of an equity derivative, or undefined for everything else (no band). */
export function priceBandKindOf(i: {
  segment: number;
  underlying: string;
  optionType: string;
}): PriceBandKind | undefined {
  if (i.segment !== Segment.EquityDerivatives) return undefined;
  if (i.optionType === 'CE' || i.optionType === 'PE') return 'option';
  return freezeQtyFor(i.underlying, i.segment) !== undefined ? 'index-future' : 'stock-future';
}

/**
 * The allowed price range around a reference price (gaps.md): options the larger of ₹20 or
 * 40%, index futures 2%, stock futures 3%. Undefined without a reference price.
 */
export function priceBand(
  kind: PriceBandKind,
  reference: number,
): { low: number; high: number } | undefined {
  if (!(reference > 0)) return undefined;
  const width =
    kind === 'option'
      ? Math.max(20, reference * 0.4)
      : reference * (kind === 'index-future' ? 0.02 : 0.03);
  return { low: Math.max(0, reference - width), high: reference + width };
}

/** The band in words for a trader: "options: ₹20 or 40% of the last price, whichever is more". */
export function priceBandRule(kind: PriceBandKind): string {
  return kind === 'option'
    ? '₹20 or 40% of the last price, whichever is more'
    : `${kind === 'index-future' ? '2' : '3'}% of the last price`;
}
