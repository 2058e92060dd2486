/** Holdings normalizer: svcToken/svctoken, numeric strings, and the `overall` totals. */
import type { Holdings } from '../../../../shared/broker/models';
import { num, obj, pick, str } from './coerce';
import { readRows, type SkippedRowSink } from './rows';

/** Turns the holdings envelope into the clean Holdings model; unreadable rows go to `skip`. */
export function normalizeHoldings(env: Record<string, unknown>, skip?: SkippedRowSink): Holdings {
  const holdings = readRows(
    env.holdings,
    'holdings',
    (raw) => ({
      id: num(raw.id),
      symbol: str(raw.symbol),
      holdingType: str(raw.holdingType),
      qty: num(raw.quantity),
      remainingQty: num(pick(raw, 'remainingQuantity', 'quantity')),
      costPrice: num(raw.costPrice),
      marketValue: num(raw.marketVal),
      ltp: num(raw.ltp),
      pl: num(raw.pl),
      token: str(pick(raw, 'svctoken', 'svcToken', 'fytoken')),
      exchange: num(raw.exchange),
    }),
    skip,
  );
  const o = obj(env.overall);
  return {
    holdings,
    overall: {
      count: num(o.count_total, holdings.length),
      investment: num(o.total_investment),
      currentValue: num(o.total_current_value),
      pl: num(o.total_pl),
      plPercent: num(o.pnl_perc),
    },
  };
}
