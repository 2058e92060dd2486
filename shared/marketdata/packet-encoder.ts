/**
 * Encodes market-data packets into the broker socket's binary layout (packet-layout.ts).
 * The sandbox serves these frames; tests and benchmarks use it to build recorded frames for
 * the app's decoder. A value that cannot be represented (a price that does not scale to a
 * whole int32, a negative volume) throws a RangeError naming the field: the sandbox must
 * never put a wrong number on the wire silently.
 */
import type { BookFields, DepthLevel, MarketPacket, PriceFields, TradeFields } from './packet';
import {
  COMMON_END,
  DEPTH_LEVEL_SIZE,
  DEPTH_LEVELS,
  Offset,
  PacketCode,
  PacketSize,
  TRADE_BLOCK,
  TradeOffset,
} from './packet-layout';

const INT32_MIN = -0x80000000;
const INT32_MAX = 0x7fffffff;

function int32(v: number, field: string): number {
  if (!Number.isInteger(v) || v < INT32_MIN || v > INT32_MAX)
    throw new RangeError(`packet field ${field}: ${v} is not a whole int32`);
  return v;
}

/** A quantity: a whole, non-negative int32. */
function count(v: number, field: string): number {
  if (int32(v, field) < 0) throw new RangeError(`packet field ${field}: ${v} is negative`);
  return v;
}

function uint64(v: number | string, field: string): bigint {
  let b: bigint;
  try {
    b = BigInt(v);
  } catch {
    throw new RangeError(`packet field ${field}: ${String(v)} is not a whole number`);
  }
  if (b < 0n || b > 0xffffffffffffffffn)
    throw new RangeError(`packet field ${field}: ${String(v)} is outside uint64`);
  return b;
}

/** Scales a rupee price to the wire integer; it must land on a whole number. */
function scaled(price: number, conv: number, field: string): number {
  const raw = price * conv;
  const v = Math.round(raw);
  if (!Number.isFinite(raw) || Math.abs(raw - v) > 1e-6 * Math.max(1, Math.abs(raw)))
    throw new RangeError(`packet field ${field}: ${price} is not a multiple of 1/${conv}`);
  return int32(v, field);
}

/** Byte size of a packet once encoded. */
export function packetSize(p: MarketPacket): number {
  switch (p.kind) {
    case 'openInterest':
      return PacketSize.openInterest;
    case 'index':
      return PacketSize.index;
    case 'quote':
      return p.book.depth ? PacketSize.quoteDepth : PacketSize.quote;
    case 'quoteWithOi':
      return p.book.depth ? PacketSize.quoteWithOiDepth : PacketSize.quoteWithOi;
  }
}

function writeHeader(
  v: DataView,
  at: number,
  token: string,
  time: number,
  code: number,
  status: number,
): void {
  v.setBigUint64(at + Offset.token, uint64(token, 'token'));
  v.setInt32(at + Offset.time, int32(time, 'time'));
  const c = int32(code, 'code');
  if (c < -0x8000 || c > 0x7fff) throw new RangeError(`packet field code: ${code} is not int16`);
  v.setInt16(at + Offset.code, c);
  if (!Number.isInteger(status) || status < -0x8000 || status > 0x7fff)
    throw new RangeError(`packet field marketStatus: ${status} is not int16`);
  v.setInt16(at + Offset.marketStatus, status);
}

function writePrices(v: DataView, at: number, p: PriceFields): void {
  const conv = int32(p.priceConv, 'priceConv');
  if (conv <= 0) throw new RangeError(`packet field priceConv: ${conv} must be positive`);
  v.setInt32(at + Offset.priceConv, conv);
  const put = (off: number, price: number, field: string) =>
    v.setInt32(at + off, scaled(price, conv, field));
  put(Offset.ltp, p.ltp, 'ltp');
  put(Offset.open, p.open, 'open');
  put(Offset.high, p.high, 'high');
  put(Offset.low, p.low, 'low');
  put(Offset.prevClose, p.prevClose, 'prevClose');
  put(Offset.minuteOpen, p.minute.open, 'minute.open');
  put(Offset.minuteHigh, p.minute.high, 'minute.high');
  put(Offset.minuteLow, p.minute.low, 'minute.low');
  put(Offset.minuteClose, p.minute.close, 'minute.close');
  v.setBigUint64(at + Offset.minuteVolume, uint64(p.minute.volume, 'minute.volume'));
}

function writeTrade(v: DataView, at: number, t: TradeFields, conv: number): void {
  v.setInt32(at + TradeOffset.lastQty, count(t.lastQty, 'lastQty'));
  v.setInt32(at + TradeOffset.lastTradeTime, int32(t.lastTradeTime, 'lastTradeTime'));
  v.setInt32(at + TradeOffset.avgPrice, scaled(t.avgPrice, conv, 'avgPrice'));
  v.setInt32(at + TradeOffset.volume, count(t.volume, 'volume'));
  v.setBigUint64(at + TradeOffset.totalBuyQty, uint64(t.totalBuyQty, 'totalBuyQty'));
  v.setBigUint64(at + TradeOffset.totalSellQty, uint64(t.totalSellQty, 'totalSellQty'));
}

function writeLevels(v: DataView, at: number, levels: DepthLevel[], conv: number, side: string) {
  if (levels.length !== DEPTH_LEVELS)
    throw new RangeError(`packet field ${side}: ${levels.length} levels, need ${DEPTH_LEVELS}`);
  levels.forEach((l, k) => {
    const o = at + k * DEPTH_LEVEL_SIZE;
    v.setInt32(o, scaled(l.price, conv, `${side}[${k}].price`));
    v.setInt32(o + 4, count(l.volume, `${side}[${k}].volume`));
    v.setInt32(o + 8, count(l.orders, `${side}[${k}].orders`));
  });
}

function writeBook(v: DataView, at: number, b: BookFields, conv: number): void {
  if (!b.depth) {
    v.setInt32(at, scaled(b.bid, conv, 'bid'));
    v.setInt32(at + 4, scaled(b.ask, conv, 'ask'));
    return;
  }
  writeLevels(v, at, b.bids, conv, 'bids');
  writeLevels(v, at + DEPTH_LEVEL_SIZE * DEPTH_LEVELS, b.asks, conv, 'asks');
}

/** Writes one packet at `at` of `v`; returns the number of bytes written. */
export function writePacket(v: DataView, at: number, p: MarketPacket): number {
  const size = packetSize(p);
  if (at + size > v.byteLength)
    throw new RangeError(`packet needs ${size} bytes at ${at}, buffer has ${v.byteLength}`);
  if (p.kind === 'openInterest') {
    writeHeader(v, at, p.token, p.time, PacketCode.OpenInterest, p.marketStatus);
    v.setInt32(at + Offset.oiOnlyOpenInterest, count(p.openInterest, 'openInterest'));
    v.setInt32(at + Offset.oiOnlyPrevOpenInterest, count(p.prevOpenInterest, 'prevOpenInterest'));
    return size;
  }
  if (
    p.kind === 'index' &&
    (p.code === PacketCode.Quote ||
      p.code === PacketCode.QuoteWithOi ||
      p.code === PacketCode.OpenInterest)
  )
    throw new RangeError(`packet field code: an index packet cannot use code ${p.code}`);
  writeHeader(v, at, p.token, p.time, p.code, p.marketStatus);
  writePrices(v, at, p);
  if (p.kind === 'index') return size;
  v.setInt8(at + Offset.depthFlag, p.book.depth ? 1 : 0);
  let o = at + COMMON_END.quote;
  if (p.kind === 'quoteWithOi') {
    v.setBigUint64(at + Offset.openInterest, uint64(p.openInterest, 'openInterest'));
    v.setBigUint64(at + Offset.prevOpenInterest, uint64(p.prevOpenInterest, 'prevOpenInterest'));
    o = at + COMMON_END.quoteWithOi;
  }
  writeTrade(v, o, p, p.priceConv);
  writeBook(v, o + TRADE_BLOCK, p.book, p.priceConv);
  return size;
}

/** Encodes one packet into its own buffer. */
export function encodePacket(p: MarketPacket): Uint8Array {
  return encodeFrame([p]);
}

/** Encodes several packets back to back: one binary frame of the socket. */
export function encodeFrame(packets: readonly MarketPacket[]): Uint8Array {
  const total = packets.reduce((n, p) => n + packetSize(p), 0);
  const bytes = new Uint8Array(total);
  const v = new DataView(bytes.buffer);
  let at = 0;
  for (const p of packets) at += writePacket(v, at, p);
  return bytes;
}
