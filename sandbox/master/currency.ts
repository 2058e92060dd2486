/**
 * NSE_CD: currency futures and options. Quantities are in lots (lot size 1, spec rule 9);
 * INR pairs tick at 0.25 paise. Monthly contracts expire two business days before the last
 * business day of the month; USDINR also has Friday weeklies.
 */
import { INSTRUMENT_TYPE } from '../../shared/broker/instrument';
import type { FileBuilder } from './builder';
import {
  type Day,
  businessDaysBefore,
  lastBusinessDay,
  monthlyExpiries,
  weeklyExpiries,
} from './calendar';
import { type UnderlyingSpec, addFuture, addOptionChain, strikeLadder } from './chains';

interface Pair {
  symbol: string;
  spot: number;
  tick: number;
  step: number;
  futures: number;
  optionMonths: number;
  perSide: number;
  weeklies: number;
}

const PAIRS: Pair[] = [
  {
    symbol: 'USDINR',
    spot: 88.62,
    tick: 0.0025,
    step: 0.25,
    futures: 12,
    optionMonths: 12,
    perSide: 70,
    weeklies: 4,
  },
  {
    symbol: 'EURINR',
    spot: 102.55,
    tick: 0.0025,
    step: 0.25,
    futures: 12,
    optionMonths: 12,
    perSide: 40,
    weeklies: 0,
  },
  {
    symbol: 'GBPINR',
    spot: 116.4,
    tick: 0.0025,
    step: 0.25,
    futures: 12,
    optionMonths: 12,
    perSide: 40,
    weeklies: 0,
  },
  {
    symbol: 'JPYINR',
    spot: 57.45,
    tick: 0.0025,
    step: 0.25,
    futures: 12,
    optionMonths: 12,
    perSide: 40,
    weeklies: 0,
  },
  {
    symbol: 'EURUSD',
    spot: 1.158,
    tick: 0.0001,
    step: 0.005,
    futures: 3,
    optionMonths: 3,
    perSide: 30,
    weeklies: 0,
  },
  {
    symbol: 'GBPUSD',
    spot: 1.312,
    tick: 0.0001,
    step: 0.005,
    futures: 3,
    optionMonths: 3,
    perSide: 30,
    weeklies: 0,
  },
  {
    symbol: 'USDJPY',
    spot: 154.2,
    tick: 0.01,
    step: 0.5,
    futures: 3,
    optionMonths: 3,
    perSide: 30,
    weeklies: 0,
  },
];

/** A pair's base price in the sandbox's market (rupees for the INR pairs), or undefined. */
export function currencySpot(symbol: string): number | undefined {
  return PAIRS.find((p) => p.symbol === symbol)?.spot;
}

/** Builds the currency derivatives file. */
export function buildNseCd(b: FileBuilder, today: Day): void {
  const rule = (m: Day): Day => businessDaysBefore(lastBusinessDay(m), 2);
  for (const p of PAIRS) {
    const months = monthlyExpiries(today, Math.max(p.futures, p.optionMonths), rule);
    const u: UnderlyingSpec = {
      symbol: p.symbol,
      ex: 'NSE',
      price: p.spot,
      lot: 1,
      vol: 0.06,
      futType: INSTRUMENT_TYPE.FUTCUR,
      optType: INSTRUMENT_TYPE.OPTCUR,
      futTick: p.tick,
      optTick: p.tick,
      underlyingScripCode: 0,
      underlyingToken: '',
      expiryHHMM: 1200,
    };
    const near = addFuture(b, u, today, months[0] as Day);
    // Currency has no cash row: the near-month future stands in as the underlying.
    u.underlyingScripCode = near.scripCode;
    u.underlyingToken = near.token;
    near.underlyingScripCode = near.scripCode;
    near.underlyingToken = near.token;
    for (const d of months.slice(1, p.futures)) addFuture(b, u, today, d);
    const strikes = strikeLadder(p.spot, p.step, p.perSide);
    const monthly = new Set(months);
    for (const d of weeklyExpiries(today, p.weeklies + 1, 5)
      .filter((w) => !monthly.has(w))
      .slice(0, p.weeklies)) {
      addOptionChain(b, u, today, d, true, strikes);
    }
    for (const d of months.slice(0, p.optionMonths)) addOptionChain(b, u, today, d, false, strikes);
  }
}
