/** Trade book normalizer: both documented date formats, svcToken spellings, ids as text. */
import type { Trade } from '../../../../shared/broker/models';
import { parseIstDateTime } from '../../../../shared/format/ist';
import { BrokerError } from '../broker-error';
import { num, numOrNull, pick, shown, side, str, type Raw } from './coerce';
import { readRows, type SkippedRowSink } from './rows';

/** Turns one raw trade row into the clean Trade (throws on a row it cannot read). */
export function normalizeTrade(raw: Raw): Trade {
  const s = side(pick(raw, 'side', 'transactionType'));
  if (s === undefined) throw BrokerError.malformedPayload(`trade side ${shown(raw.side)}`);
  return {
    id: str(raw.id),
    symbol: str(raw.symbol),
    tradedAt: parseIstDateTime(str(raw.orderDateTime)) ?? null,
    orderId: str(raw.orderNumber),
    tradeNumber: str(raw.tradeNumber),
    exchangeOrderNo: str(raw.exchangeOrderNo),
    price: num(raw.tradePrice),
    value: num(raw.tradeValue),
    qty: num(raw.tradedQty),
    side: s,
    productType: str(raw.productType),
    orderType: numOrNull(raw.orderType),
    segment: num(raw.segment),
    exchange: num(raw.exchange),
    token: str(pick(raw, 'svcToken', 'svctoken', 'fytoken')),
  };
}

/** Turns the `tradeBook` list into clean trades; a row it cannot read goes to `skip`. */
export function normalizeTradeBook(rows: unknown, skip?: SkippedRowSink): Trade[] {
  return readRows(rows, 'trades', normalizeTrade, skip);
}
