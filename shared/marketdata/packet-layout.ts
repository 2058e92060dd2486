/**
 * The byte layout of the broker socket's binary market-data packets (gaps.md "The socket",
 * taken from the official v2 SDK's `unPackUDP`). The sandbox's encoder and the app's decoder
 * both read these constants, so the two ends cannot drift apart: change an offset here and
 * both move. Everything is big-endian.
 *
 * No Node built-ins: this module also runs in the renderer and in benchmarks.
 */

/** Packet codes (bytes 12–13). Any code not listed here is an index packet. */
export const PacketCode = {
  /** Quote of an instrument without open interest (equity cash). */
  Quote: 7208,
  /** Quote with open interest (derivatives: F&O, currency, commodity). */
  QuoteWithOi: 31038,
  /** Open interest only. */
  OpenInterest: 7202,
  /**
   * Index value (no bid, ask or depth). The broker uses several codes for indices; the SDK
   * treats every unknown code as one. The sandbox sends this one (*inferred*).
   */
  Index: 7207,
} as const;
/** One of the packet codes. */
export type PacketCodeValue = (typeof PacketCode)[keyof typeof PacketCode];

/**
 * Market status (bytes 14–15). The SDK passes the number through as `marketStat` and the
 * spec does not name its values: these two are the sandbox's (*inferred*), kept here once.
 */
export const PacketMarketStatus = { Closed: 0, Open: 1 } as const;
/** One of the market status values the sandbox sends. */
export type PacketMarketStatusValue = (typeof PacketMarketStatus)[keyof typeof PacketMarketStatus];

/** Byte offsets from the start of a packet. */
export const Offset = {
  token: 0, // uint64
  time: 8, // int32, epoch seconds
  code: 12, // int16
  marketStatus: 14, // int16
  depthFlag: 18, // int8: 1 when five-level depth follows
  priceConv: 24, // int32
  ltp: 28, // int32 scaled
  open: 32,
  high: 36,
  low: 40,
  prevClose: 44,
  minuteOpen: 48,
  minuteHigh: 52,
  minuteLow: 56,
  minuteClose: 60,
  minuteVolume: 64, // uint64
  /** 31038 only. */
  openInterest: 72, // uint64
  prevOpenInterest: 80, // uint64
  /** 7202 only: open interest and previous open interest as int32. */
  oiOnlyOpenInterest: 24,
  oiOnlyPrevOpenInterest: 28,
} as const;

/** Offsets inside the 32-byte trade block that follows the common part of 7208 and 31038. */
export const TradeOffset = {
  lastQty: 0, // int32
  lastTradeTime: 4, // int32 epoch seconds
  avgPrice: 8, // int32 scaled
  volume: 12, // int32
  totalBuyQty: 16, // uint64
  totalSellQty: 24, // uint64
} as const;

/** Where the common part ends (and the trade block starts). */
export const COMMON_END = { quote: 72, quoteWithOi: 88 } as const;
/** Size of the trade block. */
export const TRADE_BLOCK = 32;
/** Size of the bid/ask block (two int32) sent when there is no depth. */
export const TOP_BLOCK = 8;
/** Levels per side of the depth block. */
export const DEPTH_LEVELS = 5;
/** One depth level: price (scaled), volume, orders, int32 each. */
export const DEPTH_LEVEL_SIZE = 12;
/** The depth block: five bid levels, then five ask levels. */
export const DEPTH_BLOCK = DEPTH_LEVEL_SIZE * DEPTH_LEVELS * 2;

/** Whole packet sizes in bytes. */
export const PacketSize = {
  quote: COMMON_END.quote + TRADE_BLOCK + TOP_BLOCK, // 112
  quoteDepth: COMMON_END.quote + TRADE_BLOCK + DEPTH_BLOCK, // 224
  quoteWithOi: COMMON_END.quoteWithOi + TRADE_BLOCK + TOP_BLOCK, // 128
  quoteWithOiDepth: COMMON_END.quoteWithOi + TRADE_BLOCK + DEPTH_BLOCK, // 240
  index: 72,
  openInterest: 32,
} as const;

/** The smallest packet: fewer bytes left in a frame than this can never be a packet. */
export const MIN_PACKET_SIZE = PacketSize.openInterest;

/**
 * Price divisors (`price_conv`). Prices travel as integers; rupees = value / price_conv.
 * Paise for everything except currency derivatives, whose ticks are 0.0025 (*inferred*:
 * the SDK reads the divisor from each packet, so any value works if it is consistent).
 */
export const PriceConv = { default: 100, currency: 10_000 } as const;

/**
 * The official SDK stops reading a frame after 50 packets, so a server that wants the SDK to
 * see every packet puts at most this many in one frame.
 */
export const MAX_PACKETS_PER_FRAME = 50;
