/**
 * The exchange's price band, checked before an order leaves: a futures or options price too
 * far from the last price is rejected by the exchange (the sandbox does the same, from the
 * same table: shared/broker/exchange-limits.ts), and finding out there costs a request and
 * a rejection in the book. Only a fresh last price is compared with; without one the
 * exchange decides.
 */
import { ErrorCode } from '../../../../shared/broker/errors';
import { priceBand, priceBandRule } from '../../../../shared/broker/exchange-limits';
import type { PrecheckViolation } from '../../../../shared/broker/models';
import {
  FIELD_WORDS,
  type InstrumentRules,
  type OrderDraft,
} from '../../../../shared/broker/rules';
import { formatInr } from '../../../../shared/format/money';

/** A violation for each price of the draft outside the band around `ltp` (0: unknown). */
export function checkPriceBand(
  draft: Pick<OrderDraft, 'limitPrice' | 'stopPrice'>,
  rules: Pick<InstrumentRules, 'band'>,
  ltp: number,
): PrecheckViolation[] {
  if (!rules.band) return [];
  const band = priceBand(rules.band, ltp);
  if (!band) return [];
  const out: PrecheckViolation[] = [];
  for (const field of ['limitPrice', 'stopPrice'] as const) {
    const p = draft[field];
    if (!(p > 0) || (p >= band.low && p <= band.high)) continue;
    out.push({
      field,
      message: `${FIELD_WORDS[field]} ${formatInr(p)} is outside the exchange’s price band of ${formatInr(band.low)}–${formatInr(band.high)} (${priceBandRule(rules.band)}); the exchange would reject it.`,
      code: ErrorCode.OrderRejected,
      guard: null,
    });
  }
  return out;
}
