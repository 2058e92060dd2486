/**
 * Roots the search reaches by what a trader says rather than by name: the index option
 * chains a bare strike belongs to (`24000 ce` means NIFTY), and the mini and micro
 * contracts of MCX (`crude mini` means CRUDEOILM, `natural gas mini` NATGASMINI, `silver
 * micro` SILVERMIC), whose symbols abbreviate the commodity in ways no prefix rule finds.
 * Found once per index from the symbol data itself, so new contracts need no table.
 */
import { CLASS_TIER } from './symbol-data';
import type { SymbolDb } from './symbol-db';

const INDEX_TYPE = 10;
const MCX = 11;
const NSE = 10;

/** A mini or micro contract root and the commodity stem its symbol starts with. */
export interface SizeVariant {
  root: number;
  /** Lowercase symbol without its size suffix: "crudeoil", "natgas", "alu". */
  stem: string;
  size: 'mini' | 'micro';
}

/** The groups, computed once per SymbolDb. */
export interface RootGroups {
  /** Roots of indices that have options, NSE first, then by liquidity (root rank). */
  indexOptionRoots: number[];
  sizeVariants: SizeVariant[];
}

/** Finds the index option roots and the MCX size variants of a built index. */
export function findRootGroups(db: SymbolDb): RootGroups {
  const a = db.data.arrays;
  const roots = db.data.meta.roots;
  const indexRoots: number[] = [];
  const mcx = new Map<string, number>();
  for (let r = 0; r < roots; r++) {
    const s = a.rootMemberStart[r] as number;
    const e = a.rootMemberStart[r + 1] as number;
    if (e <= s) continue;
    const first = a.rootMembers[s] as number;
    const last = a.rootMembers[e - 1] as number;
    if (a.instrumentType[first] === INDEX_TYPE && a.classTier[last] === CLASS_TIER.option)
      indexRoots.push(r);
    if (a.exchange[first] === MCX) mcx.set(db.rootSymbols.get(r).toLowerCase(), r);
  }
  const exOrder = (r: number): number =>
    a.exchange[a.rootMembers[a.rootMemberStart[r] as number] as number] === NSE ? 0 : 1;
  indexRoots.sort(
    (x, y) => exOrder(x) - exOrder(y) || (a.rootRank[x] as number) - (a.rootRank[y] as number),
  );
  const sizeVariants: SizeVariant[] = [];
  for (const [sym, root] of mcx) {
    const variant = sizeOf(sym, mcx);
    if (variant) sizeVariants.push({ root, ...variant });
  }
  return { indexOptionRoots: indexRoots, sizeVariants };
}

/** "natgasmini" -> natgas/mini, "silvermic" -> silver/micro, "goldm" -> gold/mini (GOLD exists). */
function sizeOf(
  sym: string,
  mcx: Map<string, number>,
): { stem: string; size: 'mini' | 'micro' } | null {
  if (sym.endsWith('mini') && sym.length > 6) return { stem: sym.slice(0, -4), size: 'mini' };
  if (sym.endsWith('mic') && mcx.has(sym.slice(0, -3)))
    return { stem: sym.slice(0, -3), size: 'micro' };
  if (sym.endsWith('m') && mcx.has(sym.slice(0, -1)))
    return { stem: sym.slice(0, -1), size: 'mini' };
  return null;
}

/** Whether a variant's stem is what the trader's words name ("crude" ~ crudeoil, "natural gas" ~ natgas). */
export function stemMatches(stem: string, primary: string, joined: string): boolean {
  for (const t of [joined, primary]) {
    if (stem.startsWith(t) || t.startsWith(stem)) return true;
  }
  let k = 0;
  while (k < stem.length && k < joined.length && stem[k] === joined[k]) k++;
  return k >= 3;
}
