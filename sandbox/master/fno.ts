/**
 * Equity derivatives files (NSE_FO, BSE_FO): index futures and options with weekly,
 * monthly, quarterly and long-dated expiries, and stock futures and options for every
 * F&O company. Lot sizes and strike steps follow the late-2025 exchange values.
 */
import { INSTRUMENT_TYPE } from '../../shared/broker/instrument';
import type { FileBuilder } from './builder';
import { type Day, lastWeekdayOfMonth, monthlyExpiries, weeklyExpiries } from './calendar';
import {
  type UnderlyingSpec,
  addFuture,
  addOptionChain,
  stockStrikeStep,
  strikeLadder,
} from './chains';
import type { Company } from './companies';

const TUE = 2;
const THU = 4;

/** An index underlying and how wide its chains are listed. */
interface IndexFno {
  symbol: string;
  spot: number;
  lot: number;
  scrip: number;
  /** Weekly expiries listed (0 = monthly only). */
  weeklies: number;
  quarterlies: number;
  longDated: number;
  step: number;
  nearPerSide: number;
}

const NSE_INDEX_FNO: IndexFno[] = [
  {
    symbol: 'NIFTY',
    spot: 24850,
    lot: 75,
    scrip: 26000,
    weeklies: 5,
    quarterlies: 3,
    longDated: 8,
    step: 50,
    nearPerSide: 60,
  },
  {
    symbol: 'BANKNIFTY',
    spot: 55800,
    lot: 35,
    scrip: 26009,
    weeklies: 0,
    quarterlies: 3,
    longDated: 0,
    step: 100,
    nearPerSide: 60,
  },
  {
    symbol: 'FINNIFTY',
    spot: 26400,
    lot: 65,
    scrip: 26037,
    weeklies: 0,
    quarterlies: 0,
    longDated: 0,
    step: 50,
    nearPerSide: 40,
  },
  {
    symbol: 'MIDCPNIFTY',
    spot: 12900,
    lot: 140,
    scrip: 26074,
    weeklies: 0,
    quarterlies: 0,
    longDated: 0,
    step: 25,
    nearPerSide: 40,
  },
  {
    symbol: 'NIFTYNXT50',
    spot: 67000,
    lot: 25,
    scrip: 26013,
    weeklies: 0,
    quarterlies: 0,
    longDated: 0,
    step: 100,
    nearPerSide: 40,
  },
];

const BSE_INDEX_FNO: IndexFno[] = [
  {
    symbol: 'SENSEX',
    spot: 81500,
    lot: 20,
    scrip: 1,
    weeklies: 5,
    quarterlies: 3,
    longDated: 0,
    step: 100,
    nearPerSide: 150,
  },
  {
    symbol: 'BANKEX',
    spot: 62000,
    lot: 30,
    scrip: 12,
    weeklies: 0,
    quarterlies: 0,
    longDated: 0,
    step: 100,
    nearPerSide: 75,
  },
  {
    symbol: 'SENSEX50',
    spot: 26000,
    lot: 60,
    scrip: 47,
    weeklies: 0,
    quarterlies: 0,
    longDated: 0,
    step: 50,
    nearPerSide: 75,
  },
];

/** Index expiry days: weeklies, then monthlies, quarterlies and half-yearlies, deduplicated. */
function indexExpiries(
  today: Day,
  x: IndexFno,
  wd: number,
): { day: Day; weekly: boolean; far: number }[] {
  const rule = (m: Day): Day => lastWeekdayOfMonth(m, wd);
  const monthly = monthlyExpiries(today, 3, rule);
  const all = new Map<Day, { day: Day; weekly: boolean; far: number }>();
  for (const d of weeklyExpiries(today, x.weeklies, wd))
    all.set(d, { day: d, weekly: true, far: 0 });
  for (const d of monthly) all.set(d, { day: d, weekly: false, far: 0 });
  const later = monthlyExpiries(today, 72, rule).filter((d) => d > (monthly[2] ?? today));
  const quarterly = later
    .filter((d) => new Date(d).getUTCMonth() % 3 === 2)
    .slice(0, x.quarterlies);
  for (const d of quarterly) all.set(d, { day: d, weekly: false, far: 1 });
  const lastQ = quarterly[quarterly.length - 1] ?? today;
  const half = later
    .filter((d) => d > lastQ && new Date(d).getUTCMonth() % 6 === 5)
    .slice(0, x.longDated);
  for (const d of half) all.set(d, { day: d, weekly: false, far: 2 });
  return [...all.values()].sort((a, b) => a.day - b.day);
}

function addIndexDerivatives(
  b: FileBuilder,
  today: Day,
  list: IndexFno[],
  ex: 'NSE' | 'BSE',
  wd: number,
): void {
  const cmPrefix = ex === 'NSE' ? '1010000000' : '1210000000';
  for (const x of list) {
    const u: UnderlyingSpec = {
      symbol: x.symbol,
      ex,
      price: x.spot,
      lot: x.lot,
      vol: 0.14,
      futType: INSTRUMENT_TYPE.FUTIDX,
      optType: INSTRUMENT_TYPE.OPTIDX,
      futTick: 0.1,
      optTick: 0.05,
      underlyingScripCode: x.scrip,
      underlyingToken: `${cmPrefix}${x.scrip}`,
      expiryHHMM: 1530,
    };
    const rule = (m: Day): Day => lastWeekdayOfMonth(m, wd);
    for (const d of monthlyExpiries(today, 3, rule)) addFuture(b, u, today, d);
    for (const e of indexExpiries(today, x, wd)) {
      const step = e.far === 0 ? x.step : e.far === 1 ? x.step * 2 : x.step * 10;
      const perSide =
        e.far === 0 ? x.nearPerSide : e.far === 1 ? Math.round(x.nearPerSide / 2) : 20;
      addOptionChain(b, u, today, e.day, e.weekly, strikeLadder(x.spot, step, perSide));
    }
  }
}

/** NSE_FO: index derivatives (Tuesday expiries) and stock derivatives of F&O companies. */
export function buildNseFo(b: FileBuilder, today: Day, companies: readonly Company[]): void {
  addIndexDerivatives(b, today, NSE_INDEX_FNO, 'NSE', TUE);
  const months = monthlyExpiries(today, 3, (m) => lastWeekdayOfMonth(m, TUE));
  let rank = 0;
  for (const c of companies) {
    if (c.lot <= 0) continue;
    const u: UnderlyingSpec = {
      symbol: c.symbol,
      ex: 'NSE',
      price: c.price,
      lot: c.lot,
      vol: 0.3,
      futType: INSTRUMENT_TYPE.FUTSTK,
      optType: INSTRUMENT_TYPE.OPTSTK,
      futTick: 0.05,
      optTick: 0.05,
      underlyingScripCode: c.nseToken,
      underlyingToken: `1010000000${c.nseToken}`,
      isin: c.isin,
      expiryHHMM: 1530,
    };
    // The exchanges list more strikes for the most traded stocks; the companies come in
    // order of prominence, so the first ones get the widest chains.
    const perSide = rank < 30 ? 40 : rank < 100 ? 32 : 24;
    rank++;
    const strikes = strikeLadder(c.price, stockStrikeStep(c.price), perSide);
    for (const d of months) addFuture(b, u, today, d);
    for (const d of months) addOptionChain(b, u, today, d, false, strikes);
  }
}

/** BSE_FO: SENSEX (weekly Thursday), BANKEX and SENSEX50 derivatives. */
export function buildBseFo(b: FileBuilder, today: Day): void {
  addIndexDerivatives(b, today, BSE_INDEX_FNO, 'BSE', THU);
}
