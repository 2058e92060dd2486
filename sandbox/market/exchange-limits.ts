/**
 * Limits the exchange adds on top of the broker's rules (gaps.md "Limits the exchange adds"):
 * freeze quantity for index derivatives, and price bands for options and futures. The real
 * exchange rejects such orders, so a client that only ever talked to a lenient sandbox would
 * meet these rejections first in production.
 */
import type { Instrument } from '../../shared/broker/instrument';
import { Segment } from '../../shared/broker/enums';

const FREEZE: Record<string, number> = {
  NIFTY: 1800,
  BANKNIFTY: 900,
  FINNIFTY: 1800,
  MIDCPNIFTY: 2800,
  NIFTYNXT50: 600,
  SENSEX: 1000,
  BANKEX: 900,
};

/** Freeze quantity of an instrument, when the exchange sets one (index derivatives). */
export function freezeQtyOf(i: Instrument): number | undefined {
  if (i.segment !== Segment.EquityDerivatives) return undefined;
  return FREEZE[(i.underlying || '').toUpperCase().replace(/\s+/g, '')];
}

/** Allowed price range around a reference price, or undefined when no band applies. */
export function priceBand(
  i: Instrument,
  reference: number,
): { low: number; high: number } | undefined {
  if (i.segment !== Segment.EquityDerivatives || reference <= 0) return undefined;
  const isOption = i.optionType === 'CE' || i.optionType === 'PE';
  const isIndex = freezeQtyOf(i) !== undefined;
  const width = isOption ? Math.max(20, reference * 0.4) : reference * (isIndex ? 0.02 : 0.03);
  return { low: Math.max(0, reference - width), high: reference + width };
}
