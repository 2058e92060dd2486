/**
 * What the two sockets send, turned into the app's models: a decoded price packet into a
 * Quote, an order-socket text message into an Order. Pure functions, kept apart from the
 * socket wiring so the hostile-input proof can feed them mutated payloads directly: each
 * gives a clean model or a reason, never a throw, a non-finite number or a future time.
 */
import type { Order } from '../../../shared/broker/models';
import { EMPTY_QUOTE_FIELDS, type Quote } from '../../../shared/marketdata/quote';
import { normalizeOrder } from '../broker/normalize/orders';
import { obj } from '../broker/normalize/coerce';
import { boundedTimeMs } from './broker-time';
import type { DecodedTick } from './packet-decoder';

/** Order-socket messages larger than this are refused unread. */
export const MAX_ORDER_UPDATE_TEXT = 64 * 1024;

/** A decoded price packet as a Quote; its time is bounded (never after now + skew). */
export function tickToQuote(t: DecodedTick, symbol: string, now: number): Quote {
  const finite = (n: number) => (Number.isFinite(n) ? n : null);
  const prev = finite(t.prevClose);
  const change = prev !== null ? t.ltp - prev : null;
  return {
    ...EMPTY_QUOTE_FIELDS,
    symbol,
    ltp: t.ltp,
    at: boundedTimeMs(t.time * 1000, now),
    source: 'socket',
    change: change === null ? null : Math.round(change * 10_000) / 10_000,
    changePct: change === null || !prev ? null : Math.round((change / prev) * 1_000_000) / 10_000,
    open: finite(t.open),
    high: finite(t.high),
    low: finite(t.low),
    prevClose: prev,
    volume: finite(t.volume),
    bid: finite(t.bid),
    ask: finite(t.ask),
    openInterest: finite(t.openInterest),
    prevOpenInterest: finite(t.prevOpenInterest),
  };
}

/**
 * What a dialect's order-socket parser makes of one text message: an order, a reason it was
 * malformed, or nothing to do. Every dialect's parser answers in this one shape, so the
 * socket wiring does not change per dialect.
 */
export type OrderUpdateResult = { order: Order } | { malformed: string } | { ignored: true };

/** One order-socket text message: an order, a reason it was malformed, or nothing to do. */
export function parseOrderUpdate(text: string): OrderUpdateResult {
  if (text.length > MAX_ORDER_UPDATE_TEXT) return { malformed: 'order-update-too-large' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { malformed: 'order-update-not-json' };
  }
  const env = obj(parsed);
  if (env.s !== 'ok' || typeof env.d !== 'object' || env.d === null) return { ignored: true };
  let order: Order;
  try {
    order = normalizeOrder(obj(env.d));
  } catch (err) {
    return { malformed: `order-update-${err instanceof Error ? err.message : 'bad'}` };
  }
  if (!order.id) return { malformed: 'order-update-without-id' };
  return { order };
}
