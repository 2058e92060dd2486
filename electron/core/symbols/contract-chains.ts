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
