/**
 * Groups instruments by underlying ("root"): SBIN's NSE and BSE equities with its futures
 * and options, the NIFTY 50 index with the NIFTY derivatives (linked through the
 * underlying-token column), CRUDEOIL's futures with its options. Search matches a query
 * against roots (tens of thousands) rather than rows (140k), and each root's members are
 * stored pre-ranked (cash, futures, options; NSE first; nearer expiry; strikes nearest the
 * money first) so a query can stop after the first few matches of each root.
 */
import { hashLookup } from './hash-index';
import { CLASS_TIER, type StringColumn } from './symbol-data';
import { STOP_WORDS } from './stop-words';
import { stringColumn } from './table-builder';

/** The columns root building reads. */
export interface RootsInput {
  count: number;
  ticker: StringColumn;
  name: StringColumn;
  underlying: StringColumn;
  underlyingToken: StringColumn;
  tokenBytes: Uint8Array;
  tokenOffsets: Uint32Array;
  underlyingBytes: Uint8Array;
  underlyingOffsets: Uint32Array;
  underlyingTokenBytes: Uint8Array;
  underlyingTokenOffsets: Uint32Array;
  tokenHash: Int32Array;
  classTier: Uint8Array;
  exchange: Uint8Array;
  expiry: Float64Array;
  strike: Float64Array;
  optionType: Uint8Array;
}

/** Root arrays, ready to go into SymbolData. */
export interface RootsOutput {
  rootId: Int32Array;
  rootMemberStart: Uint32Array;
  rootMembers: Int32Array;
  rootRank: Int32Array;
  rootSymbolBytes: Uint8Array;
  rootSymbolOffsets: Uint32Array;
  keyBytes: Uint8Array;
  keyOffsets: Uint32Array;
  keyRoot: Int32Array;
  wordBytes: Uint8Array;
  wordOffsets: Uint32Array;
  wordRoot: Int32Array;
  roots: number;
}

function sameBytes(b: Uint8Array, o: Uint32Array, i: number, j: number): boolean {
  const s = o[i] as number;
  const t = o[j] as number;
  const n = (o[i + 1] as number) - s;
  if ((o[j + 1] as number) - t !== n) return false;
  for (let k = 0; k < n; k++) if (b[s + k] !== b[t + k]) return false;
  return true;
}

/** Builds roots, their ranked members, and the sorted key and word lists. */
export function buildRoots(c: RootsInput): RootsOutput {
  const n = c.count;
  const rootId = new Int32Array(n).fill(-1);
  const keys: string[] = [];
  const index = new Map<string, number>();
  const aliases: string[][] = [];
  const display: string[] = [];
  const displayScore: number[] = [];
  const flags: number[] = []; // 1 derivatives, 2 NSE cash, 4 cash, 8 debt
  const getRoot = (key: string): number => {
    let r = index.get(key);
    if (r === undefined) {
      r = keys.length;
      index.set(key, r);
      keys.push(key);
      aliases.push([]);
      display.push('');
      displayScore.push(99);
      flags.push(0);
    }
    return r;
  };
  // Cash and debt rows define roots by their underlying (their own symbol).
  let prev = -1;
  for (let i = 0; i < n; i++) {
    const tier = c.classTier[i] as number;
    if (tier === CLASS_TIER.future || tier === CLASS_TIER.option) continue;
    const r =
      prev >= 0 && sameBytes(c.underlyingBytes, c.underlyingOffsets, i, prev)
        ? (rootId[prev] as number)
        : getRoot(c.underlying.get(i) || cashRoot(c.ticker.get(i)));
    rootId[i] = r;
    prev = i;
    const ex = c.exchange[i] as number;
    const score = (tier === CLASS_TIER.debt ? 10 : 0) + (ex === 10 ? 0 : 1);
    if (score < (displayScore[r] as number)) {
      displayScore[r] = score;
      display[r] = c.name.get(i);
    }
    flags[r] =
      (flags[r] as number) |
      (tier === CLASS_TIER.debt ? 8 : 4) |
      (ex === 10 && tier === CLASS_TIER.cash ? 2 : 0);
  }
  // Derivatives join the root of the cash row their underlying token names, if any.
  prev = -1;
  const ut = new Uint8Array(64);
  for (let i = 0; i < n; i++) {
    const tier = c.classTier[i] as number;
    if (tier !== CLASS_TIER.future && tier !== CLASS_TIER.option) continue;
    let r: number;
    if (
      prev >= 0 &&
      sameBytes(c.underlyingTokenBytes, c.underlyingTokenOffsets, i, prev) &&
      sameBytes(c.underlyingBytes, c.underlyingOffsets, i, prev)
    ) {
      r = rootId[prev] as number;
    } else {
      const us = c.underlyingTokenOffsets[i] as number;
      const len = Math.min(64, (c.underlyingTokenOffsets[i + 1] as number) - us);
      for (let k = 0; k < len; k++) ut[k] = c.underlyingTokenBytes[us + k] as number;
      const j =
        len > 0 ? hashLookup(c.tokenHash, c.tokenBytes, c.tokenOffsets, ut.subarray(0, len)) : -1;
      const own = c.underlying.get(i);
      if (
        j >= 0 &&
        rootId[j] !== undefined &&
        (rootId[j] as number) >= 0 &&
        c.expiry[j] !== c.expiry[j]
      ) {
        r = rootId[j] as number;
        if (own !== keys[r] && !(aliases[r] as string[]).includes(own))
          (aliases[r] as string[]).push(own);
      } else r = getRoot(own);
    }
    rootId[i] = r;
    flags[r] = (flags[r] as number) | 1;
    prev = i;
  }
  const roots = keys.length;
  const { rootMemberStart, rootMembers } = rankMembers(c, rootId, roots);
  const rootRank = rankRoots(keys, flags, rootMemberStart);
  const sym = stringColumn(keys);
  const keyList = buildKeyList(keys, aliases);
  const wordList = buildWordList(display, flags);
  return {
    rootId,
    rootMemberStart,
    rootMembers,
    rootRank,
    rootSymbolBytes: sym.bytes,
    rootSymbolOffsets: sym.offsets,
    keyBytes: keyList.bytes,
    keyOffsets: keyList.offsets,
    keyRoot: keyList.root,
    wordBytes: wordList.bytes,
    wordOffsets: wordList.offsets,
    wordRoot: wordList.root,
    roots,
  };
}

const LOCAL_SLOTS = 8192;
const DIST_MAX = 2 ** 19 - 1;

/** Counting sort of rows into roots, then each root's rows by static rank. */
function rankMembers(
  c: RootsInput,
  rootId: Int32Array,
  roots: number,
): { rootMemberStart: Uint32Array; rootMembers: Int32Array } {
  const n = c.count;
  const start = new Uint32Array(roots + 1);
  for (let i = 0; i < n; i++) {
    const j = (rootId[i] as number) + 1;
    start[j] = (start[j] as number) + 1;
  }
  for (let r = 0; r < roots; r++) start[r + 1] = (start[r + 1] as number) + (start[r] as number);
  const fill = start.slice(0, roots);
  const members = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const r = rootId[i] as number;
    members[fill[r] as number] = i;
    fill[r] = (fill[r] as number) + 1;
  }
  // Each member's rank packs into one exactly representable double, with the member's
  // position in the low 13 bits, so a plain numeric sort (no comparator) orders a root:
  // class (2 bits) + exchange (2) + expiry day (16) + distance from the money (19) + put (1).
  const scratch = new Float64Array(Math.max(1, n));
  const local = new Int32Array(Math.max(1, n));
  for (let r = 0; r < roots; r++) {
    const s = start[r] as number;
    const e = start[r + 1] as number;
    if (e - s < 2) continue;
    const atm = atmStrike(c, members, s, e);
    const big = e - s > LOCAL_SLOTS;
    for (let k = s; k < e; k++) {
      const i = members[k] as number;
      const tier = c.classTier[i] as number;
      const ex = c.exchange[i] as number;
      const exOrder = ex === 10 ? 0 : ex === 12 ? 1 : 2;
      const exp = c.expiry[i] as number;
      const days = exp === exp ? Math.min(65535, Math.max(0, Math.floor(exp / 86400) - 18000)) : 0;
      const strike = c.strike[i] as number;
      const dist =
        tier === CLASS_TIER.option && atm > 0
          ? Math.min(DIST_MAX, Math.round((Math.abs(strike - atm) / atm) * 65536))
          : 0;
      const rank =
        (((tier * 4 + exOrder) * 65536 + days) * (DIST_MAX + 1) + dist) * 2 +
        (c.optionType[i] === 2 ? 1 : 0);
      scratch[k - s] = big ? rank : rank * LOCAL_SLOTS + (k - s);
      local[k - s] = i;
    }
    if (big) {
      // More members than the packed position allows: sort with a comparator instead.
      const idx = Array.from({ length: e - s }, (_, k) => k);
      idx.sort((x, y) => (scratch[x] as number) - (scratch[y] as number) || x - y);
      for (let k = 0; k < idx.length; k++) members[s + k] = local[idx[k] as number] as number;
    } else {
      const keys = scratch.subarray(0, e - s).sort();
      for (let k = 0; k < e - s; k++)
        members[s + k] = local[(keys[k] as number) % LOCAL_SLOTS] as number;
    }
  }
  return { rootMemberStart: start, rootMembers: members };
}

/** Median strike of the nearest expiry's options: where the chain is centred. */
function atmStrike(c: RootsInput, members: Int32Array, s: number, e: number): number {
  let nearest = Infinity;
  for (let k = s; k < e; k++) {
    const i = members[k] as number;
    if (c.optionType[i] !== 0 && (c.expiry[i] as number) < nearest) nearest = c.expiry[i] as number;
  }
  if (nearest === Infinity) return 0;
  const strikes: number[] = [];
  for (let k = s; k < e; k++) {
    const i = members[k] as number;
    if (c.optionType[i] === 1 && c.expiry[i] === nearest) strikes.push(c.strike[i] as number);
  }
  if (strikes.length === 0) return 0;
  strikes.sort((a, b) => a - b);
  return strikes[strikes.length >> 1] as number;
}

/**
 * Importance order of roots: F&O underlyings, NSE cash, other cash, debt; within a class
 * the larger contract family first (exchanges list more strikes and expiries for the most
 * traded underlyings, so it is a fair liquidity proxy without price data), then shorter
 * symbols.
 */
function rankRoots(keys: string[], flags: number[], start: Uint32Array): Int32Array {
  const cls = (f: number): number => (f & 1 ? 0 : f & 2 ? 1 : f & 4 ? 2 : 3);
  const size = (r: number): number => (start[r + 1] as number) - (start[r] as number);
  const order = keys.map((_, r) => r);
  order.sort(
    (a, b) =>
      cls(flags[a] as number) - cls(flags[b] as number) ||
      size(b) - size(a) ||
      (keys[a] as string).length - (keys[b] as string).length ||
      (a < b ? -1 : 1),
  );
  const rank = new Int32Array(keys.length);
  order.forEach((r, pos) => (rank[r] = pos));
  return rank;
}

/** Sorted lowercase keys (symbols, aliases, and forms without punctuation) -> root. */
function buildKeyList(keys: string[], aliases: string[][]) {
  const list = new EntryList();
  keys.forEach((k, r) => {
    const variants = aliases[r] as string[];
    for (let v = -1; v < variants.length; v++) {
      const low = (v < 0 ? k : (variants[v] as string)).toLowerCase();
      list.add(low, r);
      if (/[^a-z0-9]/.test(low)) list.add(low.replace(/[^a-z0-9]/g, ''), r);
    }
  });
  return list.finish();
}

/** Sorted lowercase name words -> root (debt roots contribute only their issuer word). */
function buildWordList(display: string[], flags: number[]) {
  const list = new EntryList();
  display.forEach((name, r) => {
    const debtOnly = (flags[r] as number) & 8 && !((flags[r] as number) & 4);
    for (const w of name.toLowerCase().split(/[^a-z0-9]+/)) {
      if (w.length < 2 || STOP_WORDS.has(w)) continue;
      list.add(w, r);
      if (debtOnly) break;
    }
  });
  return list.finish();
}

/**
 * Text -> roots, filled root by root, finished as one sorted column with a root per
 * entry. Grouping by text first means only the distinct texts are sorted (no per-entry
 * "text + root" strings to build, sort and split again: the cold build's biggest cost).
 */
class EntryList {
  private readonly byText = new Map<string, number[]>();
  private entries = 0;

  /** Adds (text, root) unless this root already has the text. */
  add(text: string, r: number): void {
    if (text === '') return;
    const roots = this.byText.get(text);
    if (roots === undefined) this.byText.set(text, [r]);
    else if (roots[roots.length - 1] === r) return;
    else roots.push(r);
    this.entries++;
  }

  finish(): { bytes: Uint8Array; offsets: Uint32Array; root: Int32Array } {
    const texts = [...this.byText.keys()].sort();
    const expanded = new Array<string>(this.entries);
    const root = new Int32Array(this.entries);
    let k = 0;
    for (const t of texts) {
      for (const r of this.byText.get(t) as number[]) {
        expanded[k] = t;
        root[k++] = r;
      }
    }
    const col = stringColumn(expanded);
    return { bytes: col.bytes, offsets: col.offsets, root };
  }
}

/** SBIN for NSE:SBIN-EQ, when a row lacks its underlying column. */
function cashRoot(ticker: string): string {
  const s = ticker.slice(ticker.indexOf(':') + 1);
  const dash = s.lastIndexOf('-');
  return dash > 0 ? s.slice(0, dash) : s;
}
