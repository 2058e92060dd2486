/**
 * Market status normalizer. The status text is open-ended: the spec names OPEN and CLOSE,
 * the live API sends more (PREOPEN, POSTCLOSE_CLOSED, …) and may add others in a release,
 * so one unfamiliar status becomes phase `unknown` on its own row instead of failing the list.
 */
import { marketPhaseOf } from '../../../../shared/broker/enums';
import type { MarketStatus } from '../../../../shared/broker/models';
import { list, num, str } from './coerce';

/** Turns the `marketStatus` list into clean rows, each with its phase. */
export function normalizeMarketStatus(rows: unknown): MarketStatus[] {
  return list(rows, 'marketStatus').map((raw) => {
    const status = str(raw.status).trim().toUpperCase();
    return {
      exchange: num(raw.exchange),
      segment: num(raw.segment),
      marketType: str(raw.market_type).trim().toUpperCase(),
      status,
      phase: marketPhaseOf(status),
    };
  });
}
