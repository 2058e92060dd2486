/**
 * Commodity files (MCX_COM, NSE_COM): futures on a per-product monthly calendar and options
 * on futures that expire a few business days before their future. Quantities are in lots
 * (lot size 1, spec rule 9).
 */
import { INSTRUMENT_TYPE } from '../../shared/broker/instrument';
import type { FileBuilder } from './builder';
import {
  type Day,
  addDays,
  businessDaysBefore,
  lastBusinessDay,
  monthStart,
  weekday,
} from './calendar';
import { type UnderlyingSpec, addFuture, addOptionChain, strikeLadder } from './chains';

/** One commodity product and how its contracts are listed. */
interface Product {
  symbol: string;
  spot: number;
  tick: number;
  step: number;
  /** Day of month the future expires (0 = last business day). */
  day: number;
  /** Months between contracts (gold and silver trade every other month). */
  every: number;
  futures: number;
  optionExpiries: number;
  perSide: number;
}

// symbol, spot, tick, strike step, expiry day, every n months, futures, option expiries, strikes per side
const MCX: Product[] = (
  [
    ['CRUDEOIL', 5450, 1, 50, 19, 1, 6, 6, 80],
    ['CRUDEOILM', 5450, 1, 50, 19, 1, 6, 3, 60],
    ['NATURALGAS', 272.5, 0.1, 5, 26, 1, 6, 6, 60],
    ['NATGASMINI', 272.5, 0.1, 5, 26, 1, 6, 3, 40],
    ['GOLD', 128200, 1, 500, 5, 2, 6, 6, 80],
    ['GOLDM', 128200, 1, 500, 5, 1, 6, 6, 60],
    ['GOLDGUINEA', 102500, 1, 0, 0, 1, 6, 0, 0],
    ['GOLDPETAL', 12820, 1, 0, 0, 1, 6, 0, 0],
    ['GOLDTEN', 128200, 1, 0, 0, 1, 6, 0, 0],
    ['SILVER', 155000, 1, 1000, 5, 2, 6, 6, 80],
    ['SILVERM', 155000, 1, 1000, 0, 2, 6, 6, 60],
    ['SILVERMIC', 155000, 1, 0, 0, 2, 6, 0, 0],
    ['COPPER', 1010, 0.05, 5, 0, 1, 6, 6, 60],
    ['ZINC', 301, 0.05, 2.5, 0, 1, 6, 6, 50],
    ['ALUMINIUM', 268, 0.05, 2.5, 0, 1, 6, 6, 50],
    ['LEAD', 184, 0.05, 1, 0, 1, 6, 6, 40],
    ['NICKEL', 1405, 0.1, 10, 0, 1, 6, 3, 40],
    ['ZINCMINI', 301, 0.05, 0, 0, 1, 6, 0, 0],
    ['ALUMINI', 268, 0.05, 0, 0, 1, 6, 0, 0],
    ['LEADMINI', 184, 0.05, 0, 0, 1, 6, 0, 0],
    ['MENTHAOIL', 952, 0.1, 0, 0, 1, 6, 0, 0],
    ['COTTONCNDY', 55800, 10, 0, 0, 1, 6, 0, 0],
  ] as const
).map(product);

const NSE_COM: Product[] = (
  [
    ['BRCRUDE', 5600, 1, 50, 16, 1, 6, 3, 40],
    ['GOLD1G', 12820, 1, 0, 0, 1, 6, 0, 0],
    ['GOLDTEN', 128200, 1, 500, 5, 1, 6, 3, 40],
    ['SILVER30', 155000, 1, 1000, 5, 1, 6, 3, 30],
    ['ELECMBL', 4200, 0.1, 0, 0, 1, 12, 0, 0],
  ] as const
).map(product);

function product(
  r: readonly [string, number, number, number, number, number, number, number, number],
): Product {
  const [symbol, spot, tick, step, day, every, futures, optionExpiries, perSide] = r;
  return { symbol, spot, tick, step, day, every, futures, optionExpiries, perSide };
}

/** Expiry day of a product's contract in the month starting at `m`. */
function futureExpiry(p: Product, m: Day): Day {
  if (p.day === 0) return lastBusinessDay(m);
  let d = addDays(m, p.day - 1);
  while (weekday(d) === 0 || weekday(d) === 6) d = addDays(d, -1);
  return d;
}

function buildCommodities(
  b: FileBuilder,
  today: Day,
  products: readonly Product[],
  ex: 'MCX' | 'NSE',
  hhmm: number,
): void {
  for (const p of products) {
    const u: UnderlyingSpec = {
      symbol: p.symbol,
      ex,
      price: p.spot,
      lot: 1,
      vol: 0.3,
      futType: INSTRUMENT_TYPE.FUTCOM,
      optType: INSTRUMENT_TYPE.OPTFUT,
      futTick: p.tick,
      optTick: p.tick >= 1 ? 0.5 : p.tick,
      underlyingScripCode: 0,
      underlyingToken: '',
      expiryHHMM: hhmm,
    };
    const contracts: { month: Day; expiry: Day }[] = [];
    for (let k = 0; contracts.length < p.futures && k < 48; k++) {
      const m = monthStart(today, k);
      if (new Date(m).getUTCMonth() % p.every !== 0) continue;
      const e = futureExpiry(p, m);
      if (e >= today) contracts.push({ month: m, expiry: e });
    }
    const strikes = p.step > 0 ? strikeLadder(p.spot, p.step, p.perSide) : [];
    let opts = 0;
    for (const c of contracts) {
      const fut = addFuture(b, u, today, c.expiry, c.month);
      // Options on futures: the future is the underlying; they expire a few days earlier.
      fut.underlyingScripCode = fut.scripCode;
      fut.underlyingToken = fut.token;
      if (opts >= p.optionExpiries || strikes.length === 0) continue;
      const optExpiry = businessDaysBefore(c.expiry, 3);
      if (optExpiry < today) continue;
      addOptionChain(
        b,
        { ...u, underlyingScripCode: fut.scripCode, underlyingToken: fut.token },
        today,
        optExpiry,
        false,
        strikes,
        c.month,
      );
      opts++;
    }
  }
}

/** MCX_COM: the largest commodity exchange's futures and options. */
export function buildMcx(b: FileBuilder, today: Day): void {
  buildCommodities(b, today, MCX, 'MCX', 2330);
}

/** NSE_COM: NSE's smaller commodity segment, with products distinct from MCX's. */
export function buildNseCom(b: FileBuilder, today: Day): void {
  buildCommodities(b, today, NSE_COM, 'NSE', 2330);
}
