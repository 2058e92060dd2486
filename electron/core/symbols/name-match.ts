/**
 * How query words find roots by name: sorted-key prefix ranges, the words run together
 * ("hdfc bank", "tata motor", "hdfc bnk"), one-typo matches ("relaince"), and numbers
 * that belong to a name ("next 50"). Split from search.ts, which ranks what these find.
 */
import type { ParsedQuery } from './query-parse';
import type { SymbolDb } from './symbol-db';

/** Records that root r matched at tier t (lower is better). */
export type Mark = (r: number, t: number) => void;

/** Tier of a root that the words run together name with one typo ("tata moters"). */
export const JOINED_TYPO_TIER = 2;
/** Tier of a root whose key is one typo away from the first word. */
export const TYPO_TIER = 4;

/** Roots named by the terms run together: exact key, key prefix, or one typo away. */
export function joinedRoots(db: SymbolDb, text: string, mark: Mark, consumed: Set<number>): void {
  const a = db.data.arrays;
  const joined = Buffer.from(text, 'utf8');
  const [lo, hi] = prefixRange(db.keys, joined);
  for (let k = lo; k < hi; k++) {
    const r = a.keyRoot[k] as number;
    mark(r, db.keys.byteLength(k) === joined.length ? 0 : 1);
    consumed.add(r);
  }
  if (hi > lo || text.length < 5) return;
  const [tlo, thi] = prefixRange(db.keys, joined.subarray(0, 1));
  for (let k = tlo; k < thi; k++) {
    const len = db.keys.byteLength(k);
    if (len < text.length - 1 || len > text.length + 1) continue;
    if (withinOneEdit(text, db.keys.get(k))) {
      const r = a.keyRoot[k] as number;
      mark(r, JOINED_TYPO_TIER);
      consumed.add(r);
    }
  }
}

/** Roots whose key is one edit (or one swap) away from the primary term. */
export function typoRoots(db: SymbolDb, primary: string, pb: Buffer, mark: Mark): void {
  const [lo, hi] = prefixRange(db.keys, pb.subarray(0, 1));
  for (let k = lo; k < hi; k++) {
    const len = db.keys.byteLength(k);
    if (len < primary.length - 1) continue;
    const key = db.keys.get(k);
    if (withinOneEdit(primary, key) || withinOneEdit(primary, key.slice(0, primary.length)))
      mark(db.data.arrays.keyRoot[k] as number, TYPO_TIER);
  }
}

/**
 * Whether the query's number is a word of some root's name that every name term also
 * matches ("next 50" -> NIFTY NEXT 50) and no option type was asked for.
 */
export function numberIsNameWord(db: SymbolDb, q: ParsedQuery): boolean {
  if (q.optionType !== 0 || q.kind === 'fut' || q.kind === 'opt') return false;
  const num = Buffer.from(String(q.strike), 'utf8');
  const [lo, hi] = prefixRange(db.words, num);
  const a = db.data.arrays;
  const withNumber = new Set<number>();
  for (let k = lo; k < hi; k++)
    if (db.words.byteLength(k) === num.length) withNumber.add(a.wordRoot[k] as number);
  if (withNumber.size === 0) return false;
  let alive = withNumber;
  for (const term of q.terms) {
    const tb = Buffer.from(term, 'utf8');
    const next = new Set<number>();
    const [klo, khi] = prefixRange(db.keys, tb);
    for (let k = klo; k < khi; k++)
      if (alive.has(a.keyRoot[k] as number)) next.add(a.keyRoot[k] as number);
    const [wlo, whi] = prefixRange(db.words, tb);
    for (let k = wlo; k < whi; k++)
      if (alive.has(a.wordRoot[k] as number)) next.add(a.wordRoot[k] as number);
    if (next.size === 0) return false;
    alive = next;
  }
  return true;
}

/** [lo, hi) of the sorted column entries that start with q. */
export function prefixRange(
  col: {
    length: number;
    compare(i: number, q: Uint8Array): number;
    startsWith(i: number, q: Uint8Array): boolean;
  },
  q: Uint8Array,
): [number, number] {
  let lo = 0;
  let hi = col.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (col.compare(mid, q) < 0) lo = mid + 1;
    else hi = mid;
  }
  const start = lo;
  hi = col.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (col.startsWith(mid, q) || col.compare(mid, q) < 0) lo = mid + 1;
    else hi = mid;
  }
  return [start, lo];
}

/** Damerau-Levenshtein distance <= 1 (one insert, delete, substitution or adjacent swap). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
