/**
 * The fallback price source: every read of the account (positions, holdings, trades, the
 * order book) carries the broker's last price of its symbols. Until live quotes exist, and
 * whenever they lapse, these are the best prices the app has, so each read lands in the one
 * quote cache with the time it was answered (its age), and the order checks can use them.
 */
import type { Holdings, Order, Positions, Trade } from '../../../shared/broker/models';
import { EMPTY_QUOTE_FIELDS, type PriceSource, type Quote } from '../../../shared/marketdata/quote';
import type { BrokerClient } from '../broker/broker-client';
import type { Clock } from '../limiter/clock';
import type { QuoteCache } from './quote-cache';

function quote(symbol: string, ltp: number | null, at: number, source: PriceSource): Quote[] {
  return symbol && ltp !== null && Number.isFinite(ltp) && ltp > 0 && Number.isFinite(at)
    ? [{ ...EMPTY_QUOTE_FIELDS, symbol, ltp, at, source }]
    : [];
}

/** Prices in a positions read answered at `at`. */
export function positionPrices(p: Positions, at: number): Quote[] {
  return p.positions.flatMap((x) => quote(x.symbol, x.ltp, at, 'position'));
}

/** Prices in a holdings read answered at `at`. */
export function holdingPrices(h: Holdings, at: number): Quote[] {
  return h.holdings.flatMap((x) => quote(x.symbol, x.ltp, at, 'holding'));
}

/** Fill prices, each true at its own trade time (the read time when the broker gave none). */
export function tradePrices(trades: readonly Trade[], at: number): Quote[] {
  return trades.flatMap((t) => {
    const when = t.tradedAt === null ? at : Math.min(at, Date.parse(t.tradedAt));
    return quote(t.symbol, t.price, Number.isFinite(when) ? when : at, 'trade');
  });
}

/** Last prices the order book carries, true at the read time. */
export function orderPrices(book: readonly Order[], at: number): Quote[] {
  return book.flatMap((o) => quote(o.symbol, o.ltp, at, 'order'));
}

type AccountReads = Pick<
  BrokerClient,
  'getOrders' | 'getPositions' | 'getHoldings' | 'getTradebook'
>;

/**
 * Wraps the broker client so that every account read, whoever asks for it (a view, the
 * refresher, a reconciliation), also feeds its prices into `quotes`. Nothing else changes.
 */
export function withAccountPriceFeed<B extends AccountReads>(
  broker: B,
  quotes: Pick<QuoteCache, 'putMany'>,
  clock: Pick<Clock, 'now'>,
): B {
  return {
    ...broker,
    async getOrders(o) {
      const book = await broker.getOrders(o);
      quotes.putMany(orderPrices(book, clock.now()));
      return book;
    },
    async getPositions(o) {
      const p = await broker.getPositions(o);
      quotes.putMany(positionPrices(p, clock.now()));
      return p;
    },
    async getHoldings(o) {
      const h = await broker.getHoldings(o);
      quotes.putMany(holdingPrices(h, clock.now()));
      return h;
    },
    async getTradebook(o) {
      const t = await broker.getTradebook(o);
      quotes.putMany(tradePrices(t, clock.now()));
      return t;
    },
  };
}
