/**
 * One instrument's market picture at the current step: what the quotes and depth answers and
 * the socket's packets all show. Built from the same PriceBook walk the matching engine fills
 * at, so a quote, a packet and a fill at the same step name the same last price. The order
 * book (bids and asks around the last price) is derived deterministically from the seed and
 * the step. The matching engine fills against this same book (sandbox/orders/fill-model.ts):
 * a marketable order walks these levels, so what the depth shows is what a trader can take.
 */
import type { Instrument } from '../../shared/broker/instrument';
import { roundToTick } from '../../shared/broker/rules';
import type { DepthLevel, MinuteCandle } from '../../shared/marketdata/packet';
import { DEPTH_LEVELS, PriceConv } from '../../shared/marketdata/packet-layout';
import type { SandboxState } from '../state';
import { EQUITY_CIRCUIT, priceBand } from './exchange-limits';
import { hashString, randomAt } from './hash-random';
import { isDerivative, isIndex } from './price-book';
import type { SideCode } from '../../shared/broker/enums';
import { Segment } from '../../shared/broker/enums';

/** Everything known about an instrument right now. Prices in rupees on its tick grid. */
export interface MarketView {
  instrument: Instrument;
  /** Exchange time of the last step, epoch ms. */
  at: number;
  marketOpen: boolean;
  priceConv: number;
  ltp: number;
  open: number;
  high: number;
  low: number;
  prevClose: number;
  change: number;
  changePct: number;
  volume: number;
  lastQty: number;
  avgPrice: number;
  minute: MinuteCandle;
  bids: DepthLevel[];
  asks: DepthLevel[];
  totalBuyQty: number;
  totalSellQty: number;
  /** null for instruments without open interest. */
  openInterest: number | null;
  prevOpenInterest: number | null;
  lowerCircuit: number;
  upperCircuit: number;
  /** Whether this is an index (no book, no volume). */
  index: boolean;
}

const DEPTH_SALT = 0x68e31da4;

/** The divisor the socket uses for an instrument's prices. */
export function priceConvOf(i: Instrument): number {
  return i.segment === Segment.Currency ? PriceConv.currency : PriceConv.default;
}

const r2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Units of one depth level's volume: a lot for derivatives; 10 shares for cash equities, so a
 * level holds 10 to 400 shares (a few hundred is the common size on a liquid stock's book).
 */
function levelUnit(i: Instrument): number {
  return i.segment === Segment.CapitalMarket ? 10 : Math.max(1, i.lotSize);
}

/**
 * The five bid and five ask levels of an instrument around a centre price at a step (the
 * book's centre, PriceBook.centre): one tick apart, the best bid one tick below and the best
 * ask one tick above it.
 * Deterministic in (seed, ticker, step), so quotes, depth, socket and fills agree.
 */
export function depthAt(
  i: Instrument,
  centre: number,
  seed: number,
  step: number,
): { bids: DepthLevel[]; asks: DepthLevel[] } {
  const tick = i.tickSize > 0 ? i.tickSize : 0.05;
  const key = hashString(i.ticker) ^ DEPTH_SALT;
  const unit = levelUnit(i);
  const level = (side: SideCode, k: number): DepthLevel => {
    const price = roundToTick(centre + side * tick * (k + 1), tick);
    if (price <= 0) return { price: 0, volume: 0, orders: 0 };
    const u = randomAt(seed, key + side * 7 + k, step);
    return { price, volume: (1 + Math.floor(u * 40)) * unit, orders: 1 + Math.floor(u * 12) };
  };
  const idx = Array.from({ length: DEPTH_LEVELS }, (_, k) => k);
  return { bids: idx.map((k) => level(-1, k)), asks: idx.map((k) => level(1, k)) };
}

/** The market picture of one instrument at the current step. */
export function marketView(s: SandboxState, i: Instrument): MarketView {
  const ltp = s.ltp(i);
  const st = s.prices.stats(i);
  const tick = i.tickSize > 0 ? i.tickSize : 0.05;
  const prevClose = roundToTick(s.prices.reference(i), tick);
  const index = isIndex(i);
  const bar = st.bars[st.bars.length - 1]!;
  // The book, around its centre (our last print may sit a few levels out), less what our own
  // trades took (depth-depletion.ts): the one the fills meet.
  const depth = index
    ? { bids: [], asks: [] }
    : s.depletion.apply(
        i.ticker,
        s.prices.step,
        depthAt(i, s.prices.centre(i), s.seed, s.prices.step),
      );
  const sum = (ls: DepthLevel[]) => ls.reduce((n, l) => n + l.volume, 0);
  const conv = priceConvOf(i);
  const band = priceBand(i, prevClose) ?? {
    low: prevClose * (1 - EQUITY_CIRCUIT),
    high: prevClose * (1 + EQUITY_CIRCUIT),
  };
  const oi = isDerivative(i) && !index;
  return {
    instrument: i,
    at: st.lastTradeAt,
    marketOpen: s.sessions.status(i.exchange, i.segment, s.now()) === 'OPEN',
    priceConv: conv,
    ltp,
    open: st.open,
    high: st.high,
    low: st.low,
    prevClose,
    change: roundToTick(ltp - prevClose, conv === 100 ? 0.01 : 1 / conv),
    changePct: prevClose > 0 ? r2(((ltp - prevClose) / prevClose) * 100) : 0,
    volume: st.volume,
    lastQty: st.lastQty,
    avgPrice: st.volume > 0 ? Math.round((st.turnover / st.volume) * conv) / conv : ltp,
    minute: { open: bar.o, high: bar.h, low: bar.l, close: bar.c, volume: bar.v },
    bids: depth.bids,
    asks: depth.asks,
    totalBuyQty: sum(depth.bids) * 7,
    totalSellQty: sum(depth.asks) * 7,
    openInterest: oi ? st.openInterest : null,
    prevOpenInterest: oi ? st.prevOpenInterest : null,
    lowerCircuit: Math.max(tick, roundToTick(band.low, tick)),
    upperCircuit: roundToTick(band.high, tick),
    index,
  };
}
