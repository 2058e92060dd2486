/**
 * The broker's depth answer (gaps.md: `d[<symbol>]` with `bids` and `ask`, five levels of
 * `{price, volume, ord}`, totals, circuits, OHLC) normalized once into the shared Quote and
 * Depth. Each level is judged on its own: a level with a price that is not a finite
 * positive number, or a negative or non-numeric quantity, is dropped and the rest of the
 * book is kept. Padding levels (price 0, sent when the book is thin) are dropped the same way.
 */
import { DEPTH_LEVELS } from '../../../shared/marketdata/packet-layout';
import type { Depth, DepthLevel, QuoteDepth } from '../../../shared/marketdata/depth';
import { EMPTY_QUOTE_FIELDS } from '../../../shared/marketdata/quote';
import { numOrNull, obj, pick, type Raw } from '../broker/normalize/coerce';
import { brokerTimeMs } from './broker-time';

/** One raw level into a DepthLevel, or null when any of its numbers cannot be believed. */
export function normalizeDepthLevel(raw: unknown): DepthLevel | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const r = raw as Raw;
  const price = numOrNull(r.price);
  const volume = numOrNull(pick(r, 'volume', 'qty', 'quantity'));
  const orders = numOrNull(pick(r, 'ord', 'orders')) ?? 0;
  if (price === null || price <= 0 || volume === null || volume < 0 || orders < 0) return null;
  return { price, volume, orders };
}

/** One side of the book: its good levels, best first as sent, at most five. */
function side(raw: unknown): DepthLevel[] {
  if (!Array.isArray(raw)) return [];
  const out: DepthLevel[] = [];
  for (const item of Array.from(raw as unknown[])) {
    const level = normalizeDepthLevel(item);
    if (level) out.push(level);
    if (out.length === DEPTH_LEVELS) break;
  }
  return out;
}

/**
 * The best price of one side for the quote: the top level's price when it is a positive
 * finite number (its quantity may be unreadable: the price is still the best), else null. The ladder keeps the good levels below a broken top one, but a lower level is
 * not the best price, so it never stands in for it (a missing price, never a wrong one).
 */
function bestPrice(raw: unknown): number | null {
  return Array.isArray(raw) && raw.length > 0 ? price(obj(raw[0]).price) : null;
}

/** A non-negative finite number or null. */
function qty(v: unknown): number | null {
  const n = numOrNull(v);
  return n !== null && n >= 0 ? n : null;
}

/** A positive finite price or null. */
function price(v: unknown): number | null {
  const n = numOrNull(v);
  return n !== null && n > 0 ? n : null;
}

/**
 * The depth of `symbol` from the answer's `d` object, or null when it has no usable last
 * price (nothing to show beside a book without one). Its time is bounded like every broker
 * time (broker-time.ts): `now` stands in for a missing or impossible one.
 */
export function normalizeDepth(symbol: string, data: unknown, now: number): QuoteDepth | null {
  const d = obj(obj(data)[symbol]);
  const ltp = price(d.ltp);
  if (ltp === null) return null;
  const at = brokerTimeMs(numOrNull(d.ltt), now);
  const bids = side(d.bids);
  const asks = side(pick(d, 'ask', 'asks'));
  const depth: Depth = {
    symbol,
    at,
    bids,
    asks,
    totalBuyQty: qty(d.totalbuyqty),
    totalSellQty: qty(d.totalsellqty),
    lowerCircuit: price(d.lower_ckt),
    upperCircuit: price(d.upper_ckt),
  };
  return {
    depth,
    quote: {
      ...EMPTY_QUOTE_FIELDS,
      symbol,
      ltp,
      at,
      source: 'depth',
      change: numOrNull(d.ch),
      changePct: numOrNull(d.chp),
      open: numOrNull(d.o),
      high: numOrNull(d.h),
      low: numOrNull(d.l),
      prevClose: numOrNull(d.c),
      volume: qty(d.v),
      bid: bestPrice(d.bids),
      ask: bestPrice(pick(d, 'ask', 'asks')),
      lowerCircuit: depth.lowerCircuit,
      upperCircuit: depth.upperCircuit,
      openInterest: qty(d.oi),
      prevOpenInterest: qty(d.pdoi),
    },
  };
}
