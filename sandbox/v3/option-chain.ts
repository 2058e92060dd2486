/**
 * The v3 data host's `GET /data/options-chain-v3` (the SDK's `getOptionChain`, issue 22 #3):
 * one expiry's calls and puts around the money, read from the same market the quotes and the
 * fills read. The answer's shape is the one public clients read (docs/broker-v3.md "Option
 * chain"): `data.optionsChain` is a list whose first row is the underlying (`option_type` "",
 * `strike_price` -1) and then one row per contract; `data.expiryData` lists the expiries.
 *
 * With `greeks=1` each contract row carries `greeks: {delta, gamma, theta, vega, iv}`: `iv` in
 * percent is the sandbox's own volatility surface at that strike and expiry (the one its option
 * prices come from, ../market/price-model.ts), and the Greeks are Black-76 at that volatility
 * on the same forward and rate, so the broker's figures agree with its prices by construction.
 * Without the flag no row carries Greeks.
 */
import { ErrorCode } from '../../shared/broker/errors';
import type { Instrument } from '../../shared/broker/instrument';
import { black76Greeks } from '../../shared/options/greeks';
import type { BrokerCore } from '../core';
import { fail } from '../failure';
import { okReply } from '../http/envelope';
import type { RequestCtx, Route } from '../http/types';
import { marketView } from '../market/market-view';
import {
  CARRY_RATE,
  derivationOf,
  forwardOf,
  volAt,
  yearsToExpiry,
} from '../market/price-model';
import { fmtDdMmYyyy } from '../time/ist';
import { V3_DATA_PREFIX } from './addresses';

/** Most strikes either side of the money one request may ask for (*inferred*: public clients cap at 50). */
export const MAX_STRIKE_COUNT = 50;
/** Strikes either side of the money when the request names none (*inferred*, see MAX_STRIKE_COUNT). */
export const DEFAULT_STRIKE_COUNT = 10;

const r4 = (n: number) => Math.round(n * 10_000) / 10_000;
const r2 = (n: number) => Math.round(n * 100) / 100;

/** Whether the request asked for Greeks (`greeks=1`; `true` is read the same). */
function wantsGreeks(q: URLSearchParams): boolean {
  const v = (q.get('greeks') ?? '').trim().toLowerCase();
  return v === '1' || v === 'true';
}

function strikeCountOf(q: URLSearchParams): number {
  const raw = q.get('strikecount');
  if (raw === null || raw.trim() === '') return DEFAULT_STRIKE_COUNT;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > MAX_STRIKE_COUNT)
    fail(
      ErrorCode.InvalidParameters,
      `strikecount must be a whole number from 1 to ${MAX_STRIKE_COUNT}, got ${raw}`,
    );
  return n;
}

/** The options of each underlying, by expiry (built once per underlying: the master is fixed). */
function optionsIndex(core: BrokerCore) {
  const byUnderlying = new Map<string, Map<number, Instrument[]>>();
  return (u: Instrument): Map<number, Instrument[]> => {
    let m = byUnderlying.get(u.token);
    if (!m) {
      m = new Map();
      for (const i of core.state.index.all) {
        if (i.underlyingToken !== u.token || i.optionType === 'XX' || !i.expiry || i === u)
          continue;
        const list = m.get(i.expiry) ?? [];
        list.push(i);
        m.set(i.expiry, list);
      }
      byUnderlying.set(u.token, m);
    }
    return m;
  };
}

/** The chain answer for one request. */
function answer(core: BrokerCore, ctx: RequestCtx, optionsOf: ReturnType<typeof optionsIndex>) {
  const q = ctx.query;
  const ticker = (q.get('symbol') ?? '').trim();
  if (!ticker) fail(ErrorCode.InvalidParameters, 'symbol is required, e.g. NSE:NIFTY50-INDEX');
  const u =
    core.state.index.byTicker(ticker) ??
    fail(ErrorCode.InvalidSymbol, `Unknown symbol ${ticker}: not in the symbol master`);
  const count = strikeCountOf(q);
  const greeks = wantsGreeks(q);
  const now = core.state.now();
  const expiries = [...optionsOf(u).keys()].filter((e) => e * 1000 > now).sort((a, b) => a - b);
  if (expiries.length === 0)
    fail(ErrorCode.InvalidSymbol, `${ticker} has no options that have not expired`);
  const rawTs = (q.get('timestamp') ?? '').trim();
  let expiry = expiries[0]!;
  if (rawTs !== '') {
    const ts = Number(rawTs);
    if (!expiries.includes(ts))
      fail(
        ErrorCode.InvalidParameters,
        `timestamp must be one of the expiries in expiryData (Unix seconds), got ${rawTs}`,
      );
    expiry = ts;
  }
  const contracts = optionsOf(u).get(expiry)!;
  const uView = marketView(core.state, u);
  const spot = uView.ltp;
  // Strikes either side of the one nearest the underlying's price.
  const strikes = [...new Set(contracts.map((c) => c.strike))].sort((a, b) => a - b);
  let atm = 0;
  for (let k = 1; k < strikes.length; k++)
    if (Math.abs(strikes[k]! - spot) < Math.abs(strikes[atm]! - spot)) atm = k;
  const picked = new Set(strikes.slice(Math.max(0, atm - count), atm + count + 1));
  const rows: Record<string, unknown>[] = [
    {
      symbol: u.ticker,
      description: u.name,
      fyToken: u.token,
      option_type: '',
      strike_price: -1,
      ltp: spot,
      ltpch: uView.change,
      ltpchp: uView.changePct,
    },
  ];
  let callOi = 0;
  let putOi = 0;
  const chosen = contracts
    .filter((c) => picked.has(c.strike))
    .sort((a, b) => a.strike - b.strike || a.optionType.localeCompare(b.optionType));
  for (const c of chosen) {
    const v = marketView(core.state, c);
    const oi = v.openInterest ?? 0;
    const prevOi = v.prevOpenInterest ?? 0;
    if (c.optionType === 'CE') callOi += oi;
    else putOi += oi;
    const row: Record<string, unknown> = {
      symbol: c.ticker,
      description: c.name,
      fyToken: c.token,
      option_type: c.optionType,
      strike_price: c.strike,
      ltp: v.ltp,
      ltpch: v.change,
      ltpchp: v.changePct,
      bid: v.bids[0]?.price ?? 0,
      ask: v.asks[0]?.price ?? 0,
      volume: v.volume,
      oi,
      prev_oi: prevOi,
      oich: oi - prevOi,
    };
    const d = derivationOf(c, core.state.index);
    if (greeks && d) {
      const years = yearsToExpiry(c, now);
      const forward = forwardOf(d, spot, years);
      const vol = volAt(d.underlying, forward, c.strike, years);
      const right = c.optionType === 'PE' ? 'PE' : 'CE';
      const g = black76Greeks(right, forward, c.strike, years, CARRY_RATE, vol);
      row.greeks = {
        delta: r4(g.delta),
        gamma: Math.round(g.gamma * 1e6) / 1e6,
        theta: r4(g.theta),
        vega: r4(g.vega),
        iv: r2(vol * 100),
      };
    }
    rows.push(row);
  }
  return okReply({
    data: {
      callOi,
      putOi,
      expiryData: expiries.map((e) => ({ date: fmtDdMmYyyy(e * 1000).slice(0, 10), expiry: String(e) })),
      indiavixData: {},
      optionsChain: rows,
    },
  });
}

/** The option-chain route (both spellings: the SDK adds no trailing slash, a hand-written client may). */
export function optionChainRoutes(core: BrokerCore): Route[] {
  const optionsOf = optionsIndex(core);
  return [`${V3_DATA_PREFIX}/options-chain-v3`, `${V3_DATA_PREFIX}/options-chain-v3/`].map(
    (path): Route => ({
      method: 'GET',
      path,
      access: 'user',
      level: 0,
      operation: 'Market Data',
      handle: (ctx) => answer(core, ctx, optionsOf),
    }),
  );
}
