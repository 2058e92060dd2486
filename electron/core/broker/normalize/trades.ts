/** Trade book normalizer: both documented date formats, svcToken spellings, ids as text. */
import type { Trade } from '../../../../shared/broker/models';
import { parseIstDateTime } from '../../../../shared/format/ist';
import { BrokerError } from '../broker-error';
import { list, num, numOrNull, pick, side, str } from './coerce';

/** Turns the `tradeBook` list into clean trades. */
export function normalizeTradeBook(rows: unknown): Trade[] {
  return list(rows, 'tradeBook').map((raw) => {
    const s = side(pick(raw, 'side', 'transactionType'));
    if (s === undefined)
      throw BrokerError.malformedPayload(`trade side ${JSON.stringify(raw.side)}`);
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
  });
}
