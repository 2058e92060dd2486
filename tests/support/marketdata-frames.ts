/**
 * Short-hand packets for the decoder's tests and the bench: a few numbers in, a full
 * MarketPacket out, encoded by the one encoder (shared/marketdata/packet-encoder.ts) the
 * sandbox uses. Test-side only: the app never encodes packets.
 */
import type { DepthLevel, MarketPacket } from '../../shared/marketdata/packet';
import { encodeFrame as encodeShared } from '../../shared/marketdata/packet-encoder';
import { PacketCode, PacketMarketStatus } from '../../shared/marketdata/packet-layout';

/** One packet in brief; prices in rupees, scaled by `scale` (default 100). */
export interface PacketSpec {
  token: number;
  time: number;
  code?: number;
  scale?: number;
  ltp: number;
  open?: number;
  high?: number;
  low?: number;
  prevClose?: number;
  volume?: number;
  totalBuyQty?: number;
  totalSellQty?: number;
  bid?: number;
  ask?: number;
  depth?: boolean;
  oi?: number;
  prevOi?: number;
}

const levels = (from: number, step: number): DepthLevel[] =>
  [0, 1, 2, 3, 4].map((k) => ({
    price: Math.max(0, Math.round((from + k * step) * 100) / 100),
    volume: 100,
    orders: 1,
  }));

/** The full packet a spec stands for. */
export function packetOf(s: PacketSpec): MarketPacket {
  const code = s.code ?? PacketCode.Quote;
  const base = {
    token: String(s.token),
    time: s.time,
    marketStatus: PacketMarketStatus.Open,
  };
  if (code === PacketCode.OpenInterest)
    return {
      ...base,
      kind: 'openInterest',
      code,
      openInterest: s.oi ?? 0,
      prevOpenInterest: s.prevOi ?? 0,
    };
  const prices = {
    ...base,
    priceConv: s.scale ?? 100,
    ltp: s.ltp,
    open: s.open ?? s.ltp,
    high: s.high ?? s.ltp,
    low: s.low ?? s.ltp,
    prevClose: s.prevClose ?? s.ltp,
    minute: { open: s.ltp, high: s.ltp, low: s.ltp, close: s.ltp, volume: 0 },
  };
  if (code !== PacketCode.Quote && code !== PacketCode.QuoteWithOi)
    return { ...prices, kind: 'index', code };
  const trade = {
    lastQty: 1,
    lastTradeTime: s.time,
    avgPrice: s.ltp,
    volume: s.volume ?? 0,
    totalBuyQty: s.totalBuyQty ?? 0,
    totalSellQty: s.totalSellQty ?? 0,
  };
  const book = s.depth
    ? {
        depth: true as const,
        bids: levels(s.bid ?? 0, -0.05),
        asks: levels(s.ask ?? 0, 0.05),
      }
    : { depth: false as const, bid: s.bid ?? 0, ask: s.ask ?? 0 };
  if (code === PacketCode.QuoteWithOi)
    return {
      ...prices,
      ...trade,
      kind: 'quoteWithOi',
      code,
      openInterest: s.oi ?? 0,
      prevOpenInterest: s.prevOi ?? 0,
      book,
    };
  return { ...prices, ...trade, kind: 'quote', code: PacketCode.Quote, book };
}

/** Encodes one packet. */
export function encodePacket(s: PacketSpec): Uint8Array {
  return encodeShared([packetOf(s)]);
}

/** Several packets back to back in one frame, as the socket sends them. */
export function encodeFrame(specs: readonly PacketSpec[]): Uint8Array {
  return encodeShared(specs.map(packetOf));
}
