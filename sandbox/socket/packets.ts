/**
 * Turns an instrument's market picture into the socket packet the broker would send for it:
 * an index packet for an index, 31038 (with open interest) for a derivative, 7208 for the
 * rest, with five-level depth when the subscriber asked for it. The REST quotes read the same
 * MarketView, which is what makes a packet's price equal the quote's.
 */
import type { MarketPacket, OpenInterestPacket } from '../../shared/marketdata/packet';
import { PacketCode, PacketMarketStatus } from '../../shared/marketdata/packet-layout';
import type { MarketView } from '../market/market-view';

const seconds = (ms: number) => Math.floor(ms / 1000);

/** The price packet of one instrument. */
export function packetOf(v: MarketView, depth: boolean): MarketPacket {
  const common = {
    token: v.instrument.token,
    time: seconds(v.at),
    marketStatus: v.marketOpen ? PacketMarketStatus.Open : PacketMarketStatus.Closed,
    priceConv: v.priceConv,
    ltp: v.ltp,
    open: v.open,
    high: v.high,
    low: v.low,
    prevClose: v.prevClose,
    minute: v.minute,
  };
  if (v.index) return { ...common, kind: 'index', code: PacketCode.Index };
  const trade = {
    lastQty: v.lastQty,
    lastTradeTime: seconds(v.at),
    avgPrice: v.avgPrice,
    volume: v.volume,
    totalBuyQty: v.totalBuyQty,
    totalSellQty: v.totalSellQty,
    book: depth
      ? { depth: true as const, bids: v.bids, asks: v.asks }
      : { depth: false as const, bid: v.bids[0]!.price, ask: v.asks[0]!.price },
  };
  if (v.openInterest !== null)
    return {
      ...common,
      ...trade,
      kind: 'quoteWithOi',
      code: PacketCode.QuoteWithOi,
      openInterest: v.openInterest,
      prevOpenInterest: v.prevOpenInterest ?? 0,
    };
  return { ...common, ...trade, kind: 'quote', code: PacketCode.Quote };
}

/** The open-interest-only packet of a derivative (sent when only its open interest moved). */
export function oiPacketOf(v: MarketView): OpenInterestPacket | undefined {
  if (v.openInterest === null) return undefined;
  return {
    kind: 'openInterest',
    code: PacketCode.OpenInterest,
    token: v.instrument.token,
    time: seconds(v.at),
    marketStatus: v.marketOpen ? PacketMarketStatus.Open : PacketMarketStatus.Closed,
    openInterest: v.openInterest,
    prevOpenInterest: v.prevOpenInterest ?? 0,
  };
}
