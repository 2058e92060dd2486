/**
 * The v2 data API (gaps.md "Market data and live updates") on two origins, as the broker's
 * v2 SDK calls it: quotes, depth and market status on the data host (`api-t1.fyers.in/data/`,
 * here its own port under `/data/`), history on the broker's own origin under `/data-rest/v2/`.
 * A call sent to the other host is not found there. Every answer reads the same simulated market the
 * matching engine fills at (market-view.ts), so a quote and a fill never disagree. Quotes
 * answer each symbol in its own item: one unknown symbol never fails the others.
 */
import { ErrorCode } from '../../shared/broker/errors';
import type { Instrument } from '../../shared/broker/instrument';
import type { BrokerCore } from '../core';
import { fail } from '../failure';
import { okReply } from '../http/envelope';
import type { RequestCtx, Route } from '../http/types';
import { marketView, type MarketView } from '../market/market-view';
import { istDayStart } from '../time/ist';
import { candles, INTRADAY_RESOLUTIONS, type HistorySource } from './history';
import { modelPrice } from '../market/price-model';

/** Path prefix of quotes and depth on the v2 data host's origin (the SDK's `quoteApi`). */
export const QUOTES_PREFIX = '/data/';
/** Path prefix of history on the broker's origin (the SDK's `dataApi`). */
export const HISTORY_PREFIX = '/data-rest/v2/';
/**
 * The history flag's two spellings: the broker's published samples name `cont_flag`, the v2
 * SDK sends `count_flag` (gaps.md). Both are read; the app sends `cont_flag`.
 */
const HISTORY_FLAG_NAMES = ['cont_flag', 'count_flag'] as const;
/** Most symbols in one quotes request (*inferred*, gaps.md). */
export const MAX_QUOTE_SYMBOLS = 50;
/** Longest history range per request: intraday 100 days, daily 366 (*inferred*). */
export const MAX_HISTORY_DAYS = { intraday: 100, daily: 366 } as const;

const DAY_MS = 86_400_000;

function symbolOf(core: BrokerCore, raw: string | null, param: string): Instrument {
  if (!raw) fail(ErrorCode.InvalidParameters, `${param} is required, e.g. NSE:SBIN-EQ`);
  return (
    core.state.index.byTicker(raw) ??
    fail(ErrorCode.InvalidSymbol, `Unknown symbol ${raw}: not in the symbol master`)
  );
}

function quoteItem(v: MarketView): Record<string, unknown> {
  const i = v.instrument;
  const [exchange = '', short = ''] = i.ticker.split(':');
  const bid = v.index ? v.ltp : v.bids[0]!.price;
  const ask = v.index ? v.ltp : v.asks[0]!.price;
  return {
    n: i.ticker,
    s: 'ok',
    v: {
      lp: v.ltp,
      ch: v.change,
      chp: v.changePct,
      open_price: v.open,
      high_price: v.high,
      low_price: v.low,
      prev_close_price: v.prevClose,
      volume: v.volume,
      bid,
      ask,
      spread: Math.round((ask - bid) * v.priceConv) / v.priceConv,
      tt: Math.floor(v.at / 1000),
      fyToken: i.token,
      symbol: i.ticker,
      short_name: short,
      exchange,
      description: i.name || i.ticker,
      original_name: i.ticker,
    },
  };
}

function depthAnswer(v: MarketView, ohlcv: boolean): Record<string, unknown> {
  const side = (ls: MarketView['bids']) => {
    const levels = ls.map((l) => ({ price: l.price, volume: l.volume, ord: l.orders }));
    while (levels.length < 5) levels.push({ price: 0, volume: 0, ord: 0 });
    return levels;
  };
  const out: Record<string, unknown> = {
    bids: side(v.bids),
    ask: side(v.asks),
    totalbuyqty: v.totalBuyQty,
    totalsellqty: v.totalSellQty,
    ltp: v.ltp,
    ltq: v.lastQty,
    ltt: Math.floor(v.at / 1000),
    atp: v.avgPrice,
    ch: v.change,
    chp: v.changePct,
    lower_ckt: v.lowerCircuit,
    upper_ckt: v.upperCircuit,
    oi: v.openInterest ?? 0,
    pdoi: v.prevOpenInterest ?? 0,
    expiry: v.instrument.expiry === null ? '' : String(v.instrument.expiry),
  };
  if (ohlcv) Object.assign(out, { v: v.volume, o: v.open, h: v.high, l: v.low, c: v.prevClose });
  return out;
}

/** Parses a range bound: epoch seconds (date_format 0) or an IST date (1; `to` means its end). */
function bound(raw: string | null, dateFormat: 0 | 1, param: string, end: boolean): number {
  if (!raw) return fail(ErrorCode.InvalidParameters, `${param} is required`);
  if (dateFormat === 0) {
    if (!/^\d{1,12}$/.test(raw))
      fail(ErrorCode.InvalidParameters, `${param} must be epoch seconds with date_format=0`);
    return Number(raw) * 1000;
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  const t = m ? Date.parse(`${raw}T00:00:00+05:30`) : NaN;
  if (!Number.isFinite(t))
    fail(ErrorCode.InvalidParameters, `${param} must be YYYY-MM-DD with date_format=1`);
  return end ? t + DAY_MS - 1000 : t;
}

/**
 * The continuous-data flag under either spelling: 0 or 1, and the same under both when both
 * are sent (*inferred*: what the broker does with a disagreement is not published; refusing
 * it makes a client's mistake visible). The sandbox's contracts have no expired months to
 * join, so the value changes no candle.
 */
function historyFlag(q: URLSearchParams): 0 | 1 | undefined {
  const given = HISTORY_FLAG_NAMES.filter((n) => q.has(n)).map((n) => q.get(n) ?? '');
  for (const v of given)
    if (v !== '0' && v !== '1')
      fail(ErrorCode.InvalidParameters, 'cont_flag (or count_flag) must be 0 or 1');
  if (given.length === 2 && given[0] !== given[1])
    fail(ErrorCode.InvalidParameters, 'cont_flag and count_flag disagree; send one');
  return given.length === 0 ? undefined : given[0] === '1' ? 1 : 0;
}

function history(core: BrokerCore, ctx: RequestCtx) {
  const q = ctx.query;
  const i = symbolOf(core, q.get('symbol'), 'symbol');
  const res = q.get('resolution') ?? '';
  const minutes = Number(res);
  const resolution: number | 'D' =
    res === 'D' || res === '1D'
      ? 'D'
      : (INTRADAY_RESOLUTIONS as readonly number[]).includes(minutes)
        ? minutes
        : fail(
            ErrorCode.InvalidParameters,
            `resolution must be one of ${INTRADAY_RESOLUTIONS.join(', ')} (minutes) or D`,
          );
  const df = q.get('date_format') ?? '0';
  if (df !== '0' && df !== '1') fail(ErrorCode.InvalidParameters, 'date_format must be 0 or 1');
  const dateFormat = df === '1' ? 1 : 0;
  const from = bound(q.get('range_from'), dateFormat, 'range_from', false);
  const to = bound(q.get('range_to'), dateFormat, 'range_to', true);
  if (from > to) fail(ErrorCode.InvalidParameters, 'range_from is after range_to');
  historyFlag(q);
  const max = resolution === 'D' ? MAX_HISTORY_DAYS.daily : MAX_HISTORY_DAYS.intraday;
  if (to - from > max * DAY_MS)
    fail(
      ErrorCode.InvalidParameters,
      `range is longer than ${max} days for resolution ${resolution}; split the request`,
    );
  const s = core.state;
  const now = s.now();
  const source = (x: Instrument): HistorySource => ({
    instrument: x,
    seed: s.seed,
    prevClose: marketView(s, x).prevClose,
    todayBars: s.prices.stats(x).bars,
    todayStart: istDayStart(now),
  });
  const d = s.prices.derivation(i);
  const list = candles(
    {
      ...source(i),
      ...(d
        ? {
            derive: {
              underlying: source(d.underlying),
              price: (p: number, at: number) => modelPrice(i, d, p, at),
            },
          }
        : {}),
    },
    resolution,
    from,
    Math.min(to, now),
  );
  return okReply({ candles: list });
}

/** A GET route under `prefix` in both spellings: the SDK adds the trailing slash, a hand-written client may not. */
function dataRoute(prefix: string, name: string, handle: Route['handle']): Route[] {
  return [`${prefix}${name}/`, `${prefix}${name}`].map((path) => ({
    method: 'GET',
    path,
    access: 'user',
    level: 0,
    operation: 'Market Data',
    handle,
  }));
}

/** The v2 data host's quotes and depth over a core (its own origin, `/data/`). */
export function quoteRoutes(core: BrokerCore): Route[] {
  const route = (name: string, handle: Route['handle']) => dataRoute(QUOTES_PREFIX, name, handle);
  return [
    ...route('quotes', (ctx) => {
      const raw = ctx.query.get('symbols') ?? '';
      const symbols = raw
        .split(',')
        .map((x) => x.trim())
        .filter((x) => x !== '');
      if (symbols.length === 0)
        fail(ErrorCode.InvalidParameters, 'symbols is required, e.g. NSE:SBIN-EQ,NSE:TCS-EQ');
      if (symbols.length > MAX_QUOTE_SYMBOLS)
        fail(
          ErrorCode.InvalidParameters,
          `at most ${MAX_QUOTE_SYMBOLS} symbols per quotes request, got ${symbols.length}`,
        );
      const d = symbols.map((t) => {
        const i = core.state.index.byTicker(t);
        if (i) return quoteItem(marketView(core.state, i));
        return {
          n: t,
          s: 'error',
          v: { symbol: t, errmsg: `Unknown symbol ${t}: not in the symbol master` },
        };
      });
      return okReply({ d });
    }),
    ...route('depth', (ctx) => {
      const i = symbolOf(core, ctx.query.get('symbol'), 'symbol');
      const v = marketView(core.state, i);
      return okReply({ d: { [i.ticker]: depthAnswer(v, ctx.query.get('ohlcv_flag') === '1') } });
    }),
  ];
}

/** v2 history over a core, on the broker's own origin (`/data-rest/v2/history`). */
export function historyRoutes(core: BrokerCore): Route[] {
  return dataRoute(HISTORY_PREFIX, 'history', (ctx) => history(core, ctx));
}

/**
 * The SDK's market status on the data host (`GET {quoteApi}marketStatus`): the same answer as
 * `/api/v2/market-status`, which the app uses, so one handler serves both.
 */
export function marketStatusOnDataHost(v2: readonly Route[]): Route[] {
  const base = v2.find((r) => r.method === 'GET' && r.path === '/api/v2/market-status');
  if (!base) throw new Error('no v2 market-status route to serve on the data host');
  return [`${QUOTES_PREFIX}marketStatus`, `${QUOTES_PREFIX}marketStatus/`].map((path) => ({
    ...base,
    path,
  }));
}
