/**
 * The exchange's limits (shared/broker/exchange-limits.ts, the one table the app uses too)
 * applied to a sandbox instrument. The real exchange rejects such orders, so a client that
 * only ever talked to a lenient sandbox would meet these rejections first in production.
 */
import type { Instrument } from '../../shared/broker/instrument';
import {
  freezeQtyFor,
  priceBand as bandAround,
  priceBandKindOf,
} from '../../shared/broker/exchange-limits';

/** Freeze quantity of an instrument, when the exchange sets one (index derivatives). */
export function freezeQtyOf(i: Instrument): number | undefined {
  return freezeQtyFor(i.underlying || '', i.segment);
}

/** Allowed price range around a reference price, or undefined when no band applies. */
export function priceBand(
  i: Instrument,
  reference: number,
): { low: number; high: number } | undefined {
  const kind = priceBandKindOf({
    segment: i.segment,
    underlying: i.underlying || '',
    optionType: i.optionType,
  });
  return kind ? bandAround(kind, reference) : undefined;
}

/** The equity circuit band around the previous close (*inferred*: the common 20% band). */
export const EQUITY_CIRCUIT = 0.2;
