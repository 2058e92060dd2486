/**
 * Hand-built market-data packets of every kind (quote, quote with depth, derivative with open
 * interest, index, open interest only), for the encoder's tests, the SDK cross-check and the
 * decoder's benchmark. Values are on each price divisor's grid so they survive encoding exactly.
 */
import type {
  DepthLevel,
  IndexPacket,
  OpenInterestPacket,
  QuotePacket,
  QuoteWithOiPacket,
} from '../../shared/marketdata/packet';
import { PacketCode, PacketMarketStatus } from '../../shared/marketdata/packet-layout';

const T = 1_795_412_400; // 2026-11-23 10:30 IST, epoch seconds

const levels = (from: number, step: number, conv = 100): DepthLevel[] =>
  [0, 1, 2, 3, 4].map((k) => ({
    price: Math.round((from + k * step) * conv) / conv,
    volume: 100 * (k + 1),
    orders: k + 2,
  }));

/** 7208 without depth: SBIN. */
export const sbinQuote: QuotePacket = {
  kind: 'quote',
  code: PacketCode.Quote,
  token: '10100000003045',
  time: T,
  marketStatus: PacketMarketStatus.Open,
  priceConv: 100,
  ltp: 812.55,
  open: 805,
  high: 815.1,
  low: 801.25,
  prevClose: 804.3,
  minute: { open: 812.05, high: 812.9, low: 811.8, close: 812.55, volume: 4_210 },
  lastQty: 25,
  lastTradeTime: T - 1,
  avgPrice: 809.35,
  volume: 1_254_300,
  totalBuyQty: 512_000,
  totalSellQty: 498_750,
  book: { depth: false, bid: 812.5, ask: 812.6 },
};

/** 7208 with five-level depth: TCS. */
export const tcsDepth: QuotePacket = {
  ...sbinQuote,
  token: '10100000011536',
  ltp: 4012.4,
  open: 3990,
  high: 4020,
  low: 3985.5,
  prevClose: 3995.15,
  minute: { open: 4011, high: 4013, low: 4010.5, close: 4012.4, volume: 900 },
  avgPrice: 4003.2,
  book: { depth: true, bids: levels(4012.35, -0.05), asks: levels(4012.45, 0.05) },
};

/** 31038 with depth: a NIFTY future. */
export const niftyFutDepth: QuoteWithOiPacket = {
  ...sbinQuote,
  kind: 'quoteWithOi',
  code: PacketCode.QuoteWithOi,
  token: '101125120035003',
  ltp: 24112.3,
  open: 24050,
  high: 24130,
  low: 24010.1,
  prevClose: 24040.75,
  minute: { open: 24110, high: 24115.5, low: 24108, close: 24112.3, volume: 3_375 },
  avgPrice: 24080.45,
  openInterest: 12_345_675,
  prevOpenInterest: 12_000_000,
  book: { depth: true, bids: levels(24112.2, -0.1), asks: levels(24112.4, 0.1) },
};

/** 31038 without depth, currency divisor: a USDINR future. */
export const usdInrFut: QuoteWithOiPacket = {
  ...niftyFutDepth,
  token: '101225122935234',
  priceConv: 10_000,
  ltp: 84.5325,
  open: 84.5,
  high: 84.6,
  low: 84.4775,
  prevClose: 84.49,
  minute: { open: 84.53, high: 84.535, low: 84.5275, close: 84.5325, volume: 1_200 },
  avgPrice: 84.5125,
  openInterest: 2_500_000,
  prevOpenInterest: 2_600_000,
  book: { depth: false, bid: 84.53, ask: 84.535 },
};

/** An index value: NIFTY 50. */
export const niftyIndex: IndexPacket = {
  kind: 'index',
  code: PacketCode.Index,
  token: '101000000026000',
  time: T,
  marketStatus: PacketMarketStatus.Open,
  priceConv: 100,
  ltp: 24075.6,
  open: 24010,
  high: 24100.25,
  low: 23990.4,
  prevClose: 24001.55,
  minute: { open: 24070, high: 24080, low: 24069.5, close: 24075.6, volume: 0 },
};

/** 7202: open interest only, for the NIFTY future. */
export const niftyFutOi: OpenInterestPacket = {
  kind: 'openInterest',
  code: PacketCode.OpenInterest,
  token: niftyFutDepth.token,
  time: T,
  marketStatus: PacketMarketStatus.Open,
  openInterest: 12_350_000,
  prevOpenInterest: 12_000_000,
};

/** Symbol of each sample token, as the quotes answer would map them. */
export const SAMPLE_SYMBOLS: Record<string, string> = {
  [sbinQuote.token]: 'NSE:SBIN-EQ',
  [tcsDepth.token]: 'NSE:TCS-EQ',
  [niftyFutDepth.token]: 'NSE:NIFTY25DECFUT',
  [usdInrFut.token]: 'NSE:USDINR25DECFUT',
  [niftyIndex.token]: 'NSE:NIFTY50-INDEX',
};
