/**
 * The dialect registry: the one place that lists the dialects Tickdesk speaks. Adding a broker
 * is one folder beside these and one line here (docs/architecture.md, "The broker seam").
 */
import { DEFAULT_DIALECT, type BrokerDialectId } from '../../../../shared/broker/dialect';
import type { BrokerDialect } from '../dialect';
import { fyersV2 } from './fyers-v2';
import { fyersV3 } from './fyers-v3';

/** Every dialect by id. */
export const DIALECTS: Record<BrokerDialectId, BrokerDialect> = {
  'fyers-v2': fyersV2,
  'fyers-v3': fyersV3,
};

/** The dialect of an account (one stored before dialects existed is v2's). */
export function dialectOf(account: { broker?: BrokerDialectId } | null | undefined): BrokerDialect {
  return DIALECTS[account?.broker ?? DEFAULT_DIALECT];
}
