/**
 * The broker's data REST calls (gaps.md: quotes and depth under the data base URL, history
 * under the history base URL, two hosts on v2, one on v3). Every
 * call goes through the one request scheduler, price polls at background priority, the lowest
 * there is: a price poll may wait, an order action never waits for one. A history read says
 * whose it is, since a chart the trader opened is the trader's own read. Answers are normalized
 * here, once, into the shared Quote; a symbol the broker cannot price comes back as its own
 * error and never blanks the others.
 */
import type { QuoteDepth } from '../../../shared/marketdata/depth';
import { EMPTY_QUOTE_FIELDS, type Quote } from '../../../shared/marketdata/quote';
import type { HttpTransport } from '../broker/http-transport';
import { list, numOrNull, obj, pick, str, type Raw } from '../broker/normalize/coerce';
import type { ReadPriority, RequestScheduler } from '../limiter/request-scheduler';
import { normalizeCandles, type NormalizedCandles } from './history';
import { brokerTimeMs } from './broker-time';
import { normalizeDepth } from './depth-normalize';
import type { FyersDataRoutes } from '../broker/fyers-routes';
import { FYERS_V2_DATA_ROUTES } from '../broker/dialects/fyers-v2/routes';
import type { BrokerChain } from '../../../shared/marketdata/broker-chain';
import { normalizeBrokerChain } from './broker-chain-normalize';

/** The account's dialect has no option-chain endpoint (capability `optionChainEndpoint`). */
export class BrokerChainUnavailableError extends Error {
  constructor() {
    super("This account's broker API sends no option Greeks: Tickdesk's own are shown.");
    this.name = 'BrokerChainUnavailableError';
  }
}

/** Most strikes either side of the money one broker chain read asks for (public clients cap at 50). */
export const MAX_BROKER_CHAIN_STRIKES = 50;

/** At most this many symbols per quotes request (gaps.md, inferred). */
export const MAX_QUOTE_SYMBOLS = 50;

/**
 * Largest quotes answer read: fifty symbols take about 30 KB, so 1 MiB is ample, and an
 * answer of 400,000 symbols nobody asked for (88 MB, issue 18 #5) is refused unread.
 */
export const MAX_QUOTES_ANSWER_BYTES = 1024 * 1024;

/** What a quotes call learned: prices, tokens for the socket, and per-symbol refusals. */
export interface QuotesAnswer {
  quotes: Quote[];
  /** Symbol → instrument token (fyToken), to map socket packets back to symbols. */
  tokens: Map<string, number>;
  errors: { symbol: string; message: string }[];
  /** Items for symbols that were not asked for: dropped, only counted. */
  unrequested: number;
}

/** The data REST operations the market-data service uses. */
export interface DataClient {
  quotes(symbols: readonly string[]): Promise<QuotesAnswer>;
  /** Five levels each side with the day's circuit limits, for the ticket; null when unpriced. */
  depth(symbol: string): Promise<QuoteDepth | null>;
  /** Candles of one symbol at `resolution` minutes whose start is in [from, to] (epoch ms). */
  history(q: HistoryQuery): Promise<NormalizedCandles>;
  /**
   * The broker's IV and Greeks for `strikes` strikes either side of the money of one
   * underlying and expiry (Unix seconds); throws BrokerChainUnavailableError where the
   * dialect has no option-chain endpoint.
   */
  brokerChain(symbol: string, expiry: number, strikes: number): Promise<BrokerChain>;
}

/** One history read: the symbol, the candle length in minutes, the range in epoch ms. */
export interface HistoryQuery {
  symbol: string;
  resolution: number;
  from: number;
  to: number;
  /**
   * Whose read it is: `user` for a chart the trader opened (it must not wait for a price
   * poll's share of the budget), `background` for a read nobody is looking at (the MTM
   * rebuild). Either way it waits behind order actions.
   */
  priority: ReadPriority;
}

/** Converts a broker time (epoch seconds, maybe text) to ms: finite and bounded (broker-time.ts). */
function timeMs(v: unknown, now: number): number {
  return brokerTimeMs(numOrNull(v), now);
}

/** One quotes item into a Quote, or a reason it cannot be one. */
export function normalizeQuoteItem(
  item: Raw,
  now: number,
): { quote: Quote; token: number | null } | { symbol: string; message: string } {
  const v = obj(item.v);
  const symbol = str(pick(item, 'n', 'symbol') ?? v.symbol);
  if (str(item.s) !== 'ok') {
    return { symbol, message: str(pick(v, 'errmsg', 'message') ?? item.message, 'not priced') };
  }
  const ltp = numOrNull(pick(v, 'lp', 'ltp'));
  if (!symbol || ltp === null || ltp <= 0)
    return { symbol, message: 'the broker sent no usable last price' };
  const token = numOrNull(pick(v, 'fyToken', 'fytoken'));
  return {
    token: token !== null && Number.isSafeInteger(token) ? token : null,
    quote: {
      ...EMPTY_QUOTE_FIELDS,
      symbol,
      ltp,
      at: timeMs(v.tt, now),
      source: 'quote',
      change: numOrNull(v.ch),
      changePct: numOrNull(v.chp),
      open: numOrNull(v.open_price),
      high: numOrNull(v.high_price),
      low: numOrNull(v.low_price),
      prevClose: numOrNull(v.prev_close_price),
      volume: numOrNull(v.volume),
      bid: numOrNull(v.bid),
      ask: numOrNull(v.ask),
    },
  };
}

/** Creates the client over transports rooted at the data and the history base URLs. */
export function createDataClient(opts: {
  /** Quotes and depth. */
  transport: HttpTransport;
  /** History (the same transport where the dialect serves it on the data host). */
  historyTransport: HttpTransport;
  scheduler: Pick<RequestScheduler, 'schedule'>;
  now: () => number;
  /** The dialect's data calls (default: API v2's). */
  routes?: FyersDataRoutes;
}): DataClient {
  const { transport, scheduler } = opts;
  const routes = opts.routes ?? FYERS_V2_DATA_ROUTES;
  function read(
    path: string,
    query: Record<string, string>,
    priority: ReadPriority = 'background',
    maxBytes?: number,
    via: HttpTransport = transport,
  ): Promise<Record<string, unknown>> {
    return scheduler.schedule({
      priority,
      key: `GET data${path}?${new URLSearchParams(query).toString()}`,
      label: `GET data${path}`,
      run: () => via.request({ method: 'GET', path, query, ...(maxBytes ? { maxBytes } : {}) }),
    });
  }
  return {
    async quotes(symbols) {
      const answer: QuotesAnswer = { quotes: [], tokens: new Map(), errors: [], unrequested: 0 };
      for (let i = 0; i < symbols.length; i += MAX_QUOTE_SYMBOLS) {
        const chunk = symbols.slice(i, i + MAX_QUOTE_SYMBOLS);
        const asked = new Set(chunk);
        const env = await read(
          routes.quotes,
          { symbols: chunk.join(',') },
          'background',
          MAX_QUOTES_ANSWER_BYTES,
        );
        for (const item of list(env.d, 'quotes')) {
          const r = normalizeQuoteItem(item, opts.now());
          // Only what was asked is kept: anything else would fill the cache unbidden.
          if (!asked.has('quote' in r ? r.quote.symbol : r.symbol)) {
            answer.unrequested++;
            continue;
          }
          if ('quote' in r) {
            answer.quotes.push(r.quote);
            if (r.token !== null) answer.tokens.set(r.quote.symbol, r.token);
          } else answer.errors.push(r);
        }
      }
      return answer;
    },
    async depth(symbol) {
      const env = await read(routes.depth, { symbol, ohlcv_flag: '1' });
      return normalizeDepth(symbol, env.d, opts.now());
    },
    async history({ symbol, resolution, from, to, priority }) {
      const env = await read(
        routes.history,
        {
          symbol,
          resolution: String(resolution),
          date_format: '0',
          range_from: String(Math.floor(from / 1000)),
          range_to: String(Math.floor(to / 1000)),
          // The published samples' spelling; the v2 SDK sends count_flag (gaps.md).
          cont_flag: '1',
        },
        priority,
        undefined,
        opts.historyTransport,
      );
      return normalizeCandles(env.candles, opts.now());
    },
    async brokerChain(symbol, expiry, strikes) {
      if (!routes.optionChain) throw new BrokerChainUnavailableError();
      const n = Math.min(MAX_BROKER_CHAIN_STRIKES, Math.max(1, Math.round(strikes)));
      const env = await read(routes.optionChain, {
        symbol,
        strikecount: String(n),
        timestamp: String(expiry),
        greeks: '1',
      });
      return normalizeBrokerChain(env, { symbol, expiry }, opts.now());
    },
  };
}
