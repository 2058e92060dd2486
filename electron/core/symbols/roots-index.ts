/**
 * Groups instruments by underlying ("root"): SBIN's NSE and BSE equities with its futures
 * and options, the NIFTY 50 index with the NIFTY derivatives (linked through the
 * underlying-token column), CRUDEOIL's futures with its options. Search matches a query
 * against roots (tens of thousands) rather than rows (140k), and each root's members are
 * stored pre-ranked (cash, futures, options; NSE first; nearer expiry; strikes nearest the
 * money first) so a query can stop after the first few matches of each root.
 */
import { hashLookup } from './hash-index';
import { CLASS_TIER } from './symbol-data';
import { createInterner, internBytes, internedColumn, internedEquals, utf8 } from './byte-interner';
import { buildKeyList, buildWordList } from './root-lists';
import { Exchange } from '../../../shared/broker/enums';

/** The columns root building reads. */
export interface RootsInput {
  count: number;
  tickerBytes: Uint8Array;
  tickerOffsets: Uint32Array;
  nameBytes: Uint8Array;
  nameOffsets: Uint32Array;
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
  // At most one root per row, whose symbol is its underlying or part of its ticker: the
  // interner and the per-root arrays are sized for that and never grow. Per root: the row
  // whose name is shown, flags (1 derivatives, 2 NSE cash, 4 cash, 8 debt), aliases (rare).
  const keys = createInterner(n, c.underlyingBytes.length + c.tickerBytes.length);
  const displayRow = new Int32Array(n + 1).fill(-1);
  const displayScore = new Uint8Array(n + 1).fill(99);
  const flags = new Uint8Array(n + 1);
  const aliases: (string[] | undefined)[] = [];
  // The loops take typed arrays only (see byte-interner.ts on why).
  groupCash(
    n,
    c.classTier,
    c.exchange,
    c.underlyingBytes,
    c.underlyingOffsets,
    c.tickerBytes,
    c.tickerOffsets,
    keys.table,
    keys.bytes,
    keys.offsets,
    keys.state,
    rootId,
    displayRow,
    displayScore,
    flags,
  );
  groupDerivatives(
    n,
    c.classTier,
    c.expiry,
    c.underlyingBytes,
    c.underlyingOffsets,
    c.underlyingTokenBytes,
    c.underlyingTokenOffsets,
    c.tokenHash,
    c.tokenBytes,
    c.tokenOffsets,
    keys.table,
    keys.bytes,
    keys.offsets,
    keys.state,
    rootId,
    flags,
    aliases,
  );
  const roots = keys.state[0] as number;
  const sym = internedColumn(keys);
  const { rootMemberStart, rootMembers } = rankMembers(
    n,
    rootId,
    roots,
    c.classTier,
    c.exchange,
    c.expiry,
    c.strike,
    c.optionType,
  );
  const rootRank = rankRoots(sym.offsets, flags, rootMemberStart);
  const keyList = buildKeyList(sym, roots, aliases);
  const wordList = buildWordList(
    { bytes: c.nameBytes, offsets: c.nameOffsets },
    displayRow.subarray(0, roots),
    flags,
  );
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

/** Cash and debt rows define roots by their underlying (their own symbol). */
function groupCash(
  n: number,
  classTier: Uint8Array,
  exchange: Uint8Array,
  uB: Uint8Array,
  uO: Uint32Array,
  tB: Uint8Array,
  tO: Uint32Array,
  table: Int32Array,
  kB: Uint8Array,
  kO: Uint32Array,
  state: Int32Array,
  rootId: Int32Array,
  displayRow: Int32Array,
  displayScore: Uint8Array,
  flags: Uint8Array,
): void {
  let prev = -1;
  for (let i = 0; i < n; i++) {
    const tier = classTier[i] as number;
    if (tier === CLASS_TIER.future || tier === CLASS_TIER.option) continue;
    let r: number;
    if (prev >= 0 && sameBytes(uB, uO, i, prev)) r = rootId[prev] as number;
    else if ((uO[i + 1] as number) > (uO[i] as number))
      r = internBytes(table, kB, kO, state, uB, uO[i] as number, uO[i + 1] as number);
    else {
      // No underlying column: SBIN for NSE:SBIN-EQ.
      const ts = tO[i] as number;
      const te = tO[i + 1] as number;
      let s = ts;
      while (s < te && tB[s] !== 58) s++;
      s = s < te ? s + 1 : ts;
      let dash = te - 1;
      while (dash > s && tB[dash] !== 45) dash--;
      r = internBytes(table, kB, kO, state, tB, s, dash > s ? dash : te);
    }
    rootId[i] = r;
    prev = i;
    const ex = exchange[i] as number;
    const score = (tier === CLASS_TIER.debt ? 10 : 0) + (ex === Exchange.NSE ? 0 : 1);
    if (score < (displayScore[r] as number)) {
      displayScore[r] = score;
      displayRow[r] = i;
    }
    flags[r] =
      (flags[r] as number) |
      (tier === CLASS_TIER.debt ? 8 : 4) |
      (ex === Exchange.NSE && tier === CLASS_TIER.cash ? 2 : 0);
  }
}

/**
 * Derivatives join the root of the cash row their underlying token names (their own
 * underlying becoming an alias of it when it differs: NIFTY for NIFTY50), else a root of
 * their own underlying.
 */
function groupDerivatives(
  n: number,
  classTier: Uint8Array,
  expiry: Float64Array,
  uB: Uint8Array,
  uO: Uint32Array,
  utB: Uint8Array,
  utO: Uint32Array,
  tokenHash: Int32Array,
  tokenBytes: Uint8Array,
  tokenOffsets: Uint32Array,
  table: Int32Array,
  kB: Uint8Array,
  kO: Uint32Array,
  state: Int32Array,
  rootId: Int32Array,
  flags: Uint8Array,
  aliases: (string[] | undefined)[],
): void {
  let prev = -1;
  const ut = new Uint8Array(64);
  for (let i = 0; i < n; i++) {
    const tier = classTier[i] as number;
    if (tier !== CLASS_TIER.future && tier !== CLASS_TIER.option) continue;
    let r: number;
    if (prev >= 0 && sameBytes(utB, utO, i, prev) && sameBytes(uB, uO, i, prev)) {
      r = rootId[prev] as number;
    } else {
      const us = utO[i] as number;
      const len = Math.min(64, (utO[i + 1] as number) - us);
      for (let k = 0; k < len; k++) ut[k] = utB[us + k] as number;
      const j = len > 0 ? hashLookup(tokenHash, tokenBytes, tokenOffsets, ut.subarray(0, len)) : -1;
      if (j >= 0 && j < n && (rootId[j] as number) >= 0 && expiry[j] !== expiry[j]) {
        r = rootId[j] as number;
        if (!internedEquals(kB, kO, r, uB, uO[i] as number, uO[i + 1] as number)) {
          const own = utf8(uB, uO[i] as number, uO[i + 1] as number);
          const list = (aliases[r] ??= []);
          if (own !== utf8(kB, kO[r] as number, kO[r + 1] as number) && !list.includes(own))
            list.push(own);
        }
      } else r = internBytes(table, kB, kO, state, uB, uO[i] as number, uO[i + 1] as number);
    }
    rootId[i] = r;
    flags[r] = (flags[r] as number) | 1;
    prev = i;
  }
}

const LOCAL_SLOTS = 8192;
const DIST_MAX = 2 ** 19 - 1;

/** Counting sort of rows into roots, then each root's rows by static rank. */
function rankMembers(
  n: number,
  rootId: Int32Array,
  roots: number,
  classTier: Uint8Array,
  exchange: Uint8Array,
  expiry: Float64Array,
  strikes: Float64Array,
  optionType: Uint8Array,
): { rootMemberStart: Uint32Array; rootMembers: Int32Array } {
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
    const atm = atmStrike(optionType, expiry, strikes, members, s, e);
    const big = e - s > LOCAL_SLOTS;
    for (let k = s; k < e; k++) {
      const i = members[k] as number;
      const tier = classTier[i] as number;
      const ex = exchange[i] as number;
      const exOrder = ex === Exchange.NSE ? 0 : ex === Exchange.BSE ? 1 : 2;
      const exp = expiry[i] as number;
      const days = exp === exp ? Math.min(65535, Math.max(0, Math.floor(exp / 86400) - 18000)) : 0;
      const strike = strikes[i] as number;
      const dist =
        tier === CLASS_TIER.option && atm > 0
          ? Math.min(DIST_MAX, Math.round((Math.abs(strike - atm) / atm) * 65536))
          : 0;
      const rank =
        (((tier * 4 + exOrder) * 65536 + days) * (DIST_MAX + 1) + dist) * 2 +
        (optionType[i] === 2 ? 1 : 0);
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
function atmStrike(
  optionType: Uint8Array,
  expiry: Float64Array,
  strike: Float64Array,
  members: Int32Array,
  s: number,
  e: number,
): number {
  let nearest = Infinity;
  for (let k = s; k < e; k++) {
    const i = members[k] as number;
    if (optionType[i] !== 0 && (expiry[i] as number) < nearest) nearest = expiry[i] as number;
  }
  if (nearest === Infinity) return 0;
  const near: number[] = [];
  for (let k = s; k < e; k++) {
    const i = members[k] as number;
    if (optionType[i] === 1 && expiry[i] === nearest) near.push(strike[i] as number);
  }
  if (near.length === 0) return 0;
  near.sort((a, b) => a - b);
  return near[near.length >> 1] as number;
}

/**
 * Importance order of roots: F&O underlyings, NSE cash, other cash, debt; within a class
 * the larger contract family first (exchanges list more strikes and expiries for the most
 * traded underlyings, so it is a fair liquidity proxy without price data), then shorter
 * symbols, then first seen. Sorted as packed numbers (class 2 bits, members 20, symbol
 * length 8, root 23: a plain numeric sort, no comparator); member counts and lengths past
 * their fields are capped, which only a family of a million contracts would reach.
 */
function rankRoots(symOffsets: Uint32Array, flags: Uint8Array, start: Uint32Array): Int32Array {
  const roots = symOffsets.length - 1;
  const packed = new Float64Array(roots);
  for (let r = 0; r < roots; r++) {
    const f = flags[r] as number;
    const cls = f & 1 ? 0 : f & 2 ? 1 : f & 4 ? 2 : 3;
    const size = Math.min(SIZE_CAP, (start[r + 1] as number) - (start[r] as number));
    const len = Math.min(255, (symOffsets[r + 1] as number) - (symOffsets[r] as number));
    packed[r] = (cls * 2 ** 20 + (SIZE_CAP - size)) * 256 + len;
  }
  const rank = new Int32Array(roots);
  if (roots >= ROOT_CAP) {
    // Too many roots for the packed position: the same order with a comparator.
    const order = Array.from({ length: roots }, (_, r) => r);
    order.sort((a, b) => (packed[a] as number) - (packed[b] as number) || a - b);
    order.forEach((r, pos) => (rank[r] = pos));
    return rank;
  }
  for (let r = 0; r < roots; r++) packed[r] = (packed[r] as number) * ROOT_CAP + r;
  packed.sort();
  for (let pos = 0; pos < roots; pos++) rank[(packed[pos] as number) % ROOT_CAP] = pos;
  return rank;
}
const ROOT_CAP = 2 ** 23;
const SIZE_CAP = 2 ** 20 - 1;
