/** Positions normalizer: Y/N flags, numeric strings, svcToken spellings and the totals. */
import type { Position, Positions } from '../../../../shared/broker/models';
import { bool, num, numOrNull, obj, oneOf, pick, side, str } from './coerce';
import type { Raw } from './coerce';
import { readRows, type SkippedRowSink } from './rows';

const PRODUCTS = ['CNC', 'INTRADAY', 'MARGIN', 'CO', 'BO'] as const;

/** Turns one raw position row into the clean Position. */
export function normalizePosition(raw: Raw): Position {
  const netQty = num(raw.netQty);
  const s = side(raw.side) ?? (netQty > 0 ? 1 : netQty < 0 ? -1 : 0);
  return {
    id: str(raw.id),
    symbol: str(raw.symbol),
    productType: oneOf(raw.productType, PRODUCTS, 'productType'),
    side: netQty === 0 ? 0 : s,
    netQty,
    qty: num(raw.qty, Math.abs(netQty)),
    buyQty: num(raw.buyQty),
    sellQty: num(raw.sellQty),
    buyAvg: num(raw.buyAvg),
    sellAvg: num(raw.sellAvg),
    netAvg: num(pick(raw, 'netAvg', 'avgPrice')),
    buyValue: numOrNull(raw.buyVal),
    sellValue: numOrNull(raw.sellVal),
    realizedPl: num(raw.realized_profit),
    unrealizedPl: num(raw.unrealized_profit),
    pl: num(raw.pl),
    crossCurrency: bool(raw.crossCurrency),
    rbiRefRate: num(raw.rbiRefRate, 1),
    commodityMultiplier: num(raw.qtyMulti_com, 1),
    segment: num(raw.segment),
    exchange: num(raw.exchange),
    slNo: num(raw.slNo),
    ltp: num(raw.ltp),
    token: str(pick(raw, 'svctoken', 'svcToken', 'fytoken')),
  };
}

/** Turns the positions envelope into the clean Positions model; unreadable rows go to `skip`. */
export function normalizePositions(env: Record<string, unknown>, skip?: SkippedRowSink): Positions {
  const positions = readRows(env.netPositions, 'positions', normalizePosition, skip);
  const o = obj(env.overall);
  return {
    positions,
    overall: {
      count: num(o.count_total, positions.length),
      openCount: num(o.count_open, positions.filter((p) => p.netQty !== 0).length),
      plTotal: num(o.pl_total),
      plRealized: num(o.pl_realized),
      plUnrealized: num(o.pl_unrealized),
    },
  };
}
