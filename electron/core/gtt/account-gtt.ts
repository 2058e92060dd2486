/**
 * The GTT calls of whichever account is logged in, in its dialect (as account-dialect.ts does
 * for the trading calls): null when no one is logged in or the account's dialect has no GTT,
 * so the GTT service can say why instead of sending.
 */
import type { BrokerDialectId } from '../../../shared/broker/dialect';
import type { BrokerDialect } from '../broker/dialect';
import type { GttClient } from '../broker/gtt-client';

/** The current account's GTT client (one per dialect, made on first use), or null. */
export function createAccountGttClient(opts: {
  /** The logged-in account's dialect, or null when no one is logged in. */
  dialect: () => BrokerDialect | null;
  make: (d: BrokerDialect) => GttClient | null;
}): () => GttClient | null {
  const made = new Map<BrokerDialectId, GttClient | null>();
  return () => {
    const d = opts.dialect();
    if (!d) return null;
    if (!made.has(d.id)) made.set(d.id, opts.make(d));
    return made.get(d.id) ?? null;
  };
}
