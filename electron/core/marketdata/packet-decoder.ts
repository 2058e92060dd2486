/**
 * Decodes the market-data socket's binary frames (gaps.md, "The socket": big-endian packets
 * back to back). Written for the two things a trading screen cannot afford: a price that is
 * wrong, and a decoder that falls over or allocates on every tick. So every packet is
 * checked before it is believed (length, depth flag, price scale, price ranges), a bad one
 * is counted and dropped rather than guessed at, and a good one is handed to the caller in
 * one reused object, so decoding allocates nothing per packet.
 */
import {
  COMMON_END,
  DEPTH_BLOCK,
  DEPTH_LEVEL_SIZE,
  DEPTH_LEVELS,
  Offset,
  PacketCode,
  PacketSize,
  TOP_BLOCK,
  TRADE_BLOCK,
  TradeOffset,
} from '../../../shared/marketdata/packet-layout';

/** Bytes before the price scale: enough to know a packet's code and size. */
const HEADER = Offset.priceConv;
const TWO32 = 4_294_967_296;
/** Above this the high word would make the uint64 inexact as a JS number. */
const MAX_SAFE_HIGH = 0x1f_ffff;

/** Why a packet was dropped; each reason is logged once by the caller. */
export type MalformedReason =
  'truncated' | 'bad-depth-flag' | 'bad-price-scale' | 'bad-price' | 'bad-time' | 'bad-token';

/**
 * One decoded packet, in rupees. The decoder reuses one instance for every packet of a
 * frame: copy what you keep before `visit` returns.
 */
export interface DecodedTick {
  /** The instrument's token (the symbol master's first column, the quote's fyToken). */
  token: number;
  /** Exchange time, epoch seconds. */
  time: number;
  /** Packet code (PacketCode, or another number for an index value). */
  code: number;
  /** True for index packets: no bid, ask or volumes. */
  isIndex: boolean;
  /** True for an open-interest-only packet: only `openInterest` and `prevOpenInterest` are set. */
  oiOnly: boolean;
  ltp: number;
  open: number;
  high: number;
  low: number;
  prevClose: number;
  /** Day volume (7208/31038), else NaN. */
  volume: number;
  lastQty: number;
  avgPrice: number;
  totalBuyQty: number;
  totalSellQty: number;
  /** Best bid/ask (the first depth level when depth follows); NaN when not sent. */
  bid: number;
  ask: number;
  openInterest: number;
  prevOpenInterest: number;
  hasDepth: boolean;
  /**
   * The five bid levels when `hasDepth`: price (rupees), volume, orders for each level in
   * turn (15 numbers, best first; a level with price 0 is empty). Reused: copy it.
   */
  bidLevels: Float64Array;
  /** The five ask levels, laid out as `bidLevels`. */
  askLevels: Float64Array;
}

/** Numbers per level in `bidLevels`/`askLevels`: price, volume, orders. */
export const LEVEL_FIELDS = 3;

/** What one frame gave. */
export interface FrameResult {
  packets: number;
  malformed: number;
  /** The first reason a packet of this frame was dropped, or null. */
  reason: MalformedReason | null;
}

function blankTick(): DecodedTick {
  return {
    token: 0,
    time: 0,
    code: 0,
    isIndex: false,
    oiOnly: false,
    ltp: NaN,
    open: NaN,
    high: NaN,
    low: NaN,
    prevClose: NaN,
    volume: NaN,
    lastQty: NaN,
    avgPrice: NaN,
    totalBuyQty: NaN,
    totalSellQty: NaN,
    bid: NaN,
    ask: NaN,
    openInterest: NaN,
    prevOpenInterest: NaN,
    hasDepth: false,
    bidLevels: new Float64Array(DEPTH_LEVELS * LEVEL_FIELDS),
    askLevels: new Float64Array(DEPTH_LEVELS * LEVEL_FIELDS),
  };
}

/**
 * Reads five levels (price, volume, orders; int32 each) at `at` into `out`; false when a
 * number is negative, which no book ever holds.
 */
function readLevels(v: DataView, at: number, scale: number, out: Float64Array): boolean {
  for (let k = 0; k < DEPTH_LEVELS; k++) {
    const o = at + k * DEPTH_LEVEL_SIZE;
    const price = v.getInt32(o);
    const volume = v.getInt32(o + 4);
    const orders = v.getInt32(o + 8);
    if (price < 0 || volume < 0 || orders < 0) return false;
    out[k * LEVEL_FIELDS] = price / scale;
    out[k * LEVEL_FIELDS + 1] = volume;
    out[k * LEVEL_FIELDS + 2] = orders;
  }
  return true;
}

/** A uint64 as a number (exact below 2^53, which every count and token here is). */
function u64(v: DataView, at: number): number {
  return v.getUint32(at) * TWO32 + v.getUint32(at + 4);
}

/** True for the scales the broker uses (1, 10, …, 10^8): anything else is not a price. */
function isPriceScale(v: number): boolean {
  if (v <= 0 || v > 100_000_000) return false;
  while (v % 10 === 0) v /= 10;
  return v === 1;
}

/** A creator so each socket owns its scratch tick (no sharing across connections). */
export function createPacketDecoder(): {
  /** Decodes every packet of a frame, calling `visit` for each good one. Never throws. */
  decode(frame: Uint8Array, visit: (tick: DecodedTick) => void): FrameResult;
} {
  const t = blankTick();
  const result: FrameResult = { packets: 0, malformed: 0, reason: null };

  function fail(reason: MalformedReason): void {
    result.malformed++;
    if (result.reason === null) result.reason = reason;
  }

  function decode(frame: Uint8Array, visit: (tick: DecodedTick) => void): FrameResult {
    result.packets = 0;
    result.malformed = 0;
    result.reason = null;
    const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
    const end = frame.byteLength;
    let at = 0;
    while (at < end) {
      if (end - at < HEADER) {
        fail('truncated');
        break;
      }
      const code = view.getInt16(at + Offset.code);
      const depthFlag = view.getInt8(at + Offset.depthFlag);
      let size: number;
      if (code === PacketCode.OpenInterest) size = PacketSize.openInterest;
      else if (code === PacketCode.Quote || code === PacketCode.QuoteWithOi) {
        if (depthFlag !== 0 && depthFlag !== 1) {
          // The size depends on this flag: past a bad one nothing in the frame can be trusted.
          fail('bad-depth-flag');
          break;
        }
        size =
          (code === PacketCode.QuoteWithOi ? COMMON_END.quoteWithOi : COMMON_END.quote) +
          TRADE_BLOCK +
          (depthFlag === 1 ? DEPTH_BLOCK : TOP_BLOCK);
      } else size = PacketSize.index;
      if (end - at < size) {
        fail('truncated');
        break;
      }
      const ok = readPacket(view, at, code, depthFlag === 1);
      at += size;
      if (ok === null) {
        result.packets++;
        visit(t);
      } else fail(ok);
    }
    return result;
  }

  /** Fills `t` from the packet at `p`; null when good, else why not. */
  function readPacket(
    v: DataView,
    p: number,
    code: number,
    depth: boolean,
  ): MalformedReason | null {
    const hi = v.getUint32(p + Offset.token);
    if (hi > MAX_SAFE_HIGH) return 'bad-token';
    t.token = u64(v, p + Offset.token);
    if (t.token === 0) return 'bad-token';
    t.time = v.getInt32(p + Offset.time);
    if (t.time <= 0) return 'bad-time';
    t.code = code;
    t.hasDepth = false;
    if (code === PacketCode.OpenInterest) {
      t.oiOnly = true;
      t.isIndex = false;
      const oi = v.getInt32(p + Offset.oiOnlyOpenInterest);
      const pdoi = v.getInt32(p + Offset.oiOnlyPrevOpenInterest);
      if (oi < 0 || pdoi < 0) return 'bad-price';
      t.openInterest = oi;
      t.prevOpenInterest = pdoi;
      t.ltp = t.open = t.high = t.low = t.prevClose = NaN;
      t.volume = t.lastQty = t.avgPrice = t.totalBuyQty = t.totalSellQty = NaN;
      t.bid = t.ask = NaN;
      return null;
    }
    t.oiOnly = false;
    const scale = v.getInt32(p + Offset.priceConv);
    if (!isPriceScale(scale)) return 'bad-price-scale';
    const ltp = v.getInt32(p + Offset.ltp);
    const open = v.getInt32(p + Offset.open);
    const high = v.getInt32(p + Offset.high);
    const low = v.getInt32(p + Offset.low);
    const close = v.getInt32(p + Offset.prevClose);
    // A traded price outside the day's range, or a negative one, is corruption, not news.
    if (ltp <= 0 || open < 0 || high < 0 || low < 0 || close < 0) return 'bad-price';
    if (high > 0 && low > 0 && (low > high || ltp < low || ltp > high)) return 'bad-price';
    t.ltp = ltp / scale;
    t.open = open > 0 ? open / scale : NaN;
    t.high = high > 0 ? high / scale : NaN;
    t.low = low > 0 ? low / scale : NaN;
    t.prevClose = close > 0 ? close / scale : NaN;
    t.isIndex = code !== PacketCode.Quote && code !== PacketCode.QuoteWithOi;
    if (t.isIndex) {
      t.volume = t.lastQty = t.avgPrice = t.totalBuyQty = t.totalSellQty = NaN;
      t.bid = t.ask = t.openInterest = t.prevOpenInterest = NaN;
      return null;
    }
    let q = p + COMMON_END.quote;
    if (code === PacketCode.QuoteWithOi) {
      t.openInterest = u64(v, p + Offset.openInterest);
      t.prevOpenInterest = u64(v, p + Offset.prevOpenInterest);
      q = p + COMMON_END.quoteWithOi;
    } else t.openInterest = t.prevOpenInterest = NaN;
    t.lastQty = v.getInt32(q + TradeOffset.lastQty);
    const atp = v.getInt32(q + TradeOffset.avgPrice);
    t.avgPrice = atp > 0 ? atp / scale : NaN;
    t.volume = v.getInt32(q + TradeOffset.volume);
    if (t.lastQty < 0 || t.volume < 0) return 'bad-price';
    t.totalBuyQty = u64(v, q + TradeOffset.totalBuyQty);
    t.totalSellQty = u64(v, q + TradeOffset.totalSellQty);
    q += TRADE_BLOCK;
    // Best bid is the first bid level, best ask the first ask level (after five bid levels).
    const bid = v.getInt32(q);
    const ask = v.getInt32(q + (depth ? DEPTH_LEVEL_SIZE * DEPTH_LEVELS : 4));
    t.hasDepth = depth;
    // A crossed book happens in auctions; a negative price never does.
    if (bid < 0 || ask < 0) return 'bad-price';
    t.bid = bid > 0 ? bid / scale : NaN;
    t.ask = ask > 0 ? ask / scale : NaN;
    if (
      depth &&
      !(
        readLevels(v, q, scale, t.bidLevels) &&
        readLevels(v, q + DEPTH_LEVEL_SIZE * DEPTH_LEVELS, scale, t.askLevels)
      )
    ) {
      t.hasDepth = false;
      return 'bad-price';
    }
    return null;
  }

  return { decode };
}
