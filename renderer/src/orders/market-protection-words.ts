import { OrderType, type OrderTypeCode } from '../../../shared/broker/enums';

/**
 * What the ticket and the order book say about market price protection (SEBI's 2026 rule:
 * the broker sends every API market order with a protection band around the last price).
 * One home, so both screens say the same thing. Neither broker API lets Tickdesk choose the
 * band for a plain order (v2's spec has no field for it; v3's SDK 1.9.0 documents `mpp` only
 * on smart orders; docs/broker-v3.md), so the words say the broker sets it.
 */

/** Whether orders of this type go out with market price protection. */
export function isProtectedMarket(type: OrderTypeCode): boolean {
  return type === OrderType.Market;
}

/** The ticket's note under a market order. */
export const TICKET_PROTECTION_NOTE =
  'Goes out with market price protection: it trades only within the band the broker sets around the last price, and may stay unfilled beyond it until the price comes back, the day ends or you cancel it.';

/** The order book's note when it holds a market order. */
export const BOOK_PROTECTION_NOTE =
  'MPP: market orders go out with market price protection and may stay unfilled beyond it; the broker sets the band. Cancel or modify an open one to change it.';

/**
 * A protected market order's type in the book: what the exchange now calls it. Short on
 * purpose: at 1280 px with the ticket open, "Market (MPP)" took the width a rejected row's
 * reason needs to fit its two lines; the tooltip and the note above say it in words.
 */
export const ROW_PROTECTION_LABEL = 'MPP';

/** The tooltip of the marker on a market order's row. */
export const ROW_PROTECTION_TITLE =
  'Market order with market price protection (MPP): trades only within the broker\u2019s band around the last price';
