/** Market status normalizer: status text and numeric codes in any case or type. */
import type { MarketStatus } from '../../../../shared/broker/models';
import { list, num, oneOf, str } from './coerce';

/** Turns the `marketStatus` list into clean rows. */
export function normalizeMarketStatus(rows: unknown): MarketStatus[] {
  return list(rows, 'marketStatus').map((raw) => ({
    exchange: num(raw.exchange),
    segment: num(raw.segment),
    marketType: str(raw.market_type).trim().toUpperCase(),
    status: oneOf(raw.status, ['OPEN', 'CLOSE'] as const, 'market status'),
  }));
}
