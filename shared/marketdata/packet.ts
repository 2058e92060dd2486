/**
 * One market-data packet of the broker socket as values (rupees, epoch seconds, whole
 * quantities), before encoding or after decoding. The sandbox encodes these and the app's
 * decoder produces them, so both ends speak one shape; the bytes are in packet-layout.ts.
 */
import type { DepthLevel } from './depth';
import type { PacketCode } from './packet-layout';

/** One level of the order book: its one home is depth.ts (the ticket shows the same shape). */
export type { DepthLevel };

/** The current minute's candle. */
export interface MinuteCandle {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** Fields every price packet (quote and index) carries. */
export interface PriceFields {
  /** Instrument token (the symbol master's first column, the quotes answer's `fyToken`). */
  token: string;
  /** Exchange time, epoch seconds. */
  time: number;
  marketStatus: number;
  /** Divisor of every price in the packet. */
  priceConv: number;
  ltp: number;
  open: number;
  high: number;
  low: number;
  prevClose: number;
  minute: MinuteCandle;
}

/** Best bid and ask only, or five levels a side when depth was asked for. */
export type BookFields =
  | { depth: false; bid: number; ask: number }
  | { depth: true; bids: DepthLevel[]; asks: DepthLevel[] };

/** The trade block of 7208 and 31038. */
export interface TradeFields {
  lastQty: number;
  /** Last trade time, epoch seconds. */
  lastTradeTime: number;
  avgPrice: number;
  /** Day volume. */
  volume: number;
  totalBuyQty: number;
  totalSellQty: number;
}

/** 7208: a quote without open interest. */
export type QuotePacket = PriceFields &
  TradeFields & { kind: 'quote'; code: typeof PacketCode.Quote; book: BookFields };

/** 31038: a derivative's quote with open interest. */
export type QuoteWithOiPacket = PriceFields &
  TradeFields & {
    kind: 'quoteWithOi';
    code: typeof PacketCode.QuoteWithOi;
    openInterest: number;
    prevOpenInterest: number;
    book: BookFields;
  };

/** An index value: any code other than 7208, 31038 and 7202. */
export type IndexPacket = PriceFields & { kind: 'index'; code: number };

/** 7202: open interest only. */
export interface OpenInterestPacket {
  kind: 'openInterest';
  code: typeof PacketCode.OpenInterest;
  token: string;
  time: number;
  marketStatus: number;
  openInterest: number;
  prevOpenInterest: number;
}

/**
 * Any packet of a `symbolUpdate` frame. `kind` tells them apart (an index packet's `code`
 * can be any number, so the code alone does not narrow the type).
 */
export type MarketPacket = QuotePacket | QuoteWithOiPacket | IndexPacket | OpenInterestPacket;
