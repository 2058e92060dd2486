/**
 * Positions, fills and candles for the MTM rebuild tests, built the way the broker builds
 * them: a position's averages and P&L follow from its fills (and what it carried in), so a
 * test cannot pass on figures no broker would send.
 */
import { Exchange, Segment, Side, type SideCode } from '../../../shared/broker/enums';
import type { Position, Trade } from '../../../shared/broker/models';
import type { Candle } from '../../../shared/marketdata/candle';
import { istToEpoch } from '../../../shared/format/ist';

/** An IST wall-clock time on 24 Nov 2026 (a Tuesday), epoch ms. */
export function ist(hour: number, minute: number, second = 0): number {
  return istToEpoch({ year: 2026, month: 11, day: 24, hour, minute, second });
}

/** One fill of the trade book. */
export function fill(
  symbol: string,
  side: SideCode,
  qty: number,
  price: number,
  at: number,
): Trade {
  return {
    id: `${symbol}-${at}`,
    symbol,
    tradedAt: new Date(at).toISOString(),
    orderId: `o-${at}`,
    tradeNumber: `t-${at}`,
    exchangeOrderNo: '',
    price,
    value: qty * price,
    qty,
    side,
    productType: 'INTRADAY',
    orderType: null,
    segment: Segment.CapitalMarket,
    exchange: Exchange.NSE,
    token: '',
  };
}

/**
 * The position the broker reports after `fills` on top of `carried` (signed quantity at
 * `carriedAvg`), at last price `ltp`: buy and sell sums include what was carried, P&L is
 * realized on the closed quantity plus unrealized on the rest (sandbox/account/position-ledger).
 */
export function positionAfter(
  symbol: string,
  fills: readonly Trade[],
  ltp: number,
  opts: {
    carried?: number;
    carriedAvg?: number;
    multiplier?: number;
    productType?: Position['productType'];
  } = {},
): Position {
  let buyQty = 0;
  let buyVal = 0;
  let sellQty = 0;
  let sellVal = 0;
  const carried = opts.carried ?? 0;
  if (carried > 0) {
    buyQty += carried;
    buyVal += carried * (opts.carriedAvg ?? 0);
  } else if (carried < 0) {
    sellQty += -carried;
    sellVal += -carried * (opts.carriedAvg ?? 0);
  }
  for (const f of fills.filter((t) => t.symbol === symbol)) {
    if (f.side === Side.Buy) {
      buyQty += f.qty;
      buyVal += f.qty * f.price;
    } else {
      sellQty += f.qty;
      sellVal += f.qty * f.price;
    }
  }
  const m = opts.multiplier ?? 1;
  const netQty = buyQty - sellQty;
  const buyAvg = buyQty > 0 ? buyVal / buyQty : 0;
  const sellAvg = sellQty > 0 ? sellVal / sellQty : 0;
  const realized = Math.min(buyQty, sellQty) * (sellAvg - buyAvg) * m;
  const unrealized =
    (netQty > 0 ? netQty * (ltp - buyAvg) : netQty < 0 ? -netQty * (sellAvg - ltp) : 0) * m;
  const productType = opts.productType ?? 'INTRADAY';
  return {
    id: `${symbol}-${productType}`,
    symbol,
    productType,
    side: netQty > 0 ? 1 : netQty < 0 ? -1 : 0,
    netQty,
    qty: Math.abs(netQty),
    buyQty,
    sellQty,
    buyAvg,
    sellAvg,
    netAvg: netQty > 0 ? buyAvg : netQty < 0 ? sellAvg : 0,
    buyValue: buyVal,
    sellValue: sellVal,
    realizedPl: realized,
    unrealizedPl: unrealized,
    pl: realized + unrealized,
    crossCurrency: false,
    rbiRefRate: 1,
    commodityMultiplier: m,
    segment: Segment.CapitalMarket,
    exchange: Exchange.NSE,
    slNo: 1,
    ltp,
    token: '',
  };
}

/** One 1-minute candle starting at `at` (ms) that closes at `close`. */
export function candle(at: number, close: number): Candle {
  return { time: at / 1000, open: close, high: close, low: close, close, volume: 1 };
}

/** 1-minute candles from `from` to `to` (inclusive, ms), closing at `closeAt(minuteStart)`. */
export function minuteCandles(from: number, to: number, closeAt: (at: number) => number): Candle[] {
  const out: Candle[] = [];
  for (let t = from; t <= to; t += 60_000) out.push(candle(t, closeAt(t)));
  return out;
}
