/**
 * Futures and option chains per underlying, for the option-chain view and for
 * "next expiry" shortcuts in the order ticket. Built from a root's pre-ranked members, so
 * no extra index is stored: a chain is a filter over a few thousand rows at most.
 */
import type { Instrument } from '../../../shared/broker/instrument';
import { CLASS_TIER } from './symbol-data';
import type { SymbolDb } from './symbol-db';

/** One strike of a chain with its call and put tickers. */
export interface ChainStrike {
  strike: number;
  ce?: string;
  pe?: string;
}

/** One expiry of an underlying's options. */
export interface ExpiryInfo {
  expiry: number;
  weekly: boolean;
  strikes: number;
}

/** Futures of an underlying (NIFTY, SBIN, CRUDEOIL), nearest expiry first. */
export function futuresOf(db: SymbolDb, underlying: string): Instrument[] {
  const root = db.rootOf(underlying);
  if (root < 0) return [];
  const a = db.data.arrays;
  const out: Instrument[] = [];
  for (const i of db.members(root))
    if (a.classTier[i] === CLASS_TIER.future) out.push(db.instrument(i));
  return out.sort((x, y) => (x.expiry ?? 0) - (y.expiry ?? 0));
}

/** Option expiries of an underlying, nearest first, marking weeklies. */
export function expiriesOf(db: SymbolDb, underlying: string): ExpiryInfo[] {
  const root = db.rootOf(underlying);
  if (root < 0) return [];
  const a = db.data.arrays;
  const by = new Map<number, ExpiryInfo>();
  for (const i of db.members(root)) {
    if (a.classTier[i] !== CLASS_TIER.option || a.optionType[i] !== 1) continue;
    const e = a.expiry[i] as number;
    const info = by.get(e) ?? { expiry: e, weekly: a.weekly[i] === 1, strikes: 0 };
    info.strikes++;
    by.set(e, info);
  }
  return [...by.values()].sort((x, y) => x.expiry - y.expiry);
}

/** The chain of one expiry (Unix seconds), strikes ascending. */
export function optionChain(db: SymbolDb, underlying: string, expiry: number): ChainStrike[] {
  const root = db.rootOf(underlying);
  if (root < 0) return [];
  const a = db.data.arrays;
  const by = new Map<number, ChainStrike>();
  for (const i of db.members(root)) {
    if (a.classTier[i] !== CLASS_TIER.option || a.expiry[i] !== expiry) continue;
    const strike = a.strike[i] as number;
    const row = by.get(strike) ?? { strike };
    if (a.optionType[i] === 1) row.ce = db.tickers.get(i);
    else row.pe = db.tickers.get(i);
    by.set(strike, row);
  }
  return [...by.values()].sort((x, y) => x.strike - y.strike);
}

/** The index options most traded, listed first (the rest: other indices, then stocks by name). */
const MOST_TRADED = ['NIFTY', 'BANKNIFTY', 'SENSEX', 'FINNIFTY', 'MIDCPNIFTY'];

/** An underlying with options and the ticker that prices it (cash or index, else a future). */
export interface OptionRoot {
  name: string;
  spot: string | null;
}

/** The ticker whose price says where the money is: the cash or index row, else the nearest future. */
function spotOfRoot(db: SymbolDb, root: number): string | null {
  const a = db.data.arrays;
  let future = -1;
  for (const i of db.members(root)) {
    if (a.classTier[i] === CLASS_TIER.cash) return db.tickers.get(i);
    if (future < 0 && a.classTier[i] === CLASS_TIER.future) future = i;
  }
  return future >= 0 ? db.tickers.get(future) : null;
}

/** The spot ticker of an underlying by name (NIFTY → NSE:NIFTY50-INDEX), or null. */
export function spotOf(db: SymbolDb, underlying: string): string | null {
  const root = db.rootOf(underlying);
  return root < 0 ? null : spotOfRoot(db, root);
}

/**
 * Every underlying with options, indices first, then by name: one pass over the roots
 * (members are ranked cash, futures, options, so a root with options ends with one).
 */
export function optionUnderlyings(db: SymbolDb): OptionRoot[] {
  const a = db.data.arrays;
  const roots = a.rootMemberStart.length - 1;
  const out: OptionRoot[] = [];
  const seen = new Set<string>();
  for (let r = 0; r < roots; r++) {
    const members = db.members(r);
    let option = -1;
    for (let k = members.length - 1; k >= 0; k--)
      if (a.classTier[members[k]!] === CLASS_TIER.option) {
        option = members[k]!;
        break;
      }
    if (option < 0) continue;
    const name = db.underlyings.get(option);
    if (!name || seen.has(name)) continue;
    seen.add(name);
    out.push({ name, spot: spotOfRoot(db, r) });
  }
  const rank = (o: OptionRoot) => {
    const k = MOST_TRADED.indexOf(o.name);
    return k >= 0 ? k : o.spot?.endsWith('-INDEX') ? MOST_TRADED.length : MOST_TRADED.length + 1;
  };
  return out.sort((x, y) => rank(x) - rank(y) || x.name.localeCompare(y.name));
}
