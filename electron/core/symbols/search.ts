/**
 * Search as you type over every instrument, returning the top N (20 by default).
 *
 * Ranking, most significant first:
 *   1. how the name matched: exact symbol (or alias, or the words run together:
 *      "hdfc bank" = HDFCBANK) > symbol prefix (also of the words run together: "tata
 *      motor") > whole name word, or the words run together one typo away ("hdfc bnk",
 *      "tata moters") > name-word prefix > one typo; every extra word that matches
 *      nothing costs a step, and so does a size word ("mini") the root is not;
 *   2. how well the contract fits what was asked (exact strike over a strike still being
 *      typed; monthly over weekly when only a month was given);
 *   3. equities and indices, then futures, then options, then debt;
 *   4. the root's importance (F&O underlyings, NSE cash, other cash, debt; shorter first);
 *   5. the root's own order: NSE first, nearer expiry first, strikes nearest the money first.
 *
 * Matching runs over roots (one per underlying, ~18k) rather than rows, and each root's
 * rows are stored pre-ranked, so most keystrokes touch a few hundred rows at most.
 * Queries without a name reach roots by what they say: a bare strike (`24000 ce`) the
 * index option chains, most liquid first; `crude mini` the MCX mini contract.
 */
import { type ParsedQuery, parseQuery, wantsDerivative } from './query-parse';
import type { SymbolDb } from './symbol-db';
import { freezeQtyFor } from '../../../shared/broker/exchange-limits';
import { CLASS_TIER, OPTION_CODES } from './symbol-data';
import { type RootGroups, findRootGroups, stemMatches } from './root-groups';
import { joinedRoots, numberIsNameWord, prefixRange, typoRoots } from './name-match';

export { prefixRange, withinOneEdit } from './name-match';

/** One result row, with what a result list shows and an order ticket needs first. */
export interface SearchHit {
  ticker: string;
  name: string;
  token: string;
  exchange: number;
  segment: number;
  underlying: string;
  expiry: number | null;
  strike: number;
  optionType: 'CE' | 'PE' | 'XX';
  lotSize: number;
  tickSize: number;
  instrumentType: number;
  isin: string;
  /** Exchange freeze quantity where gaps.md gives one, else null. */
  freezeQty: number | null;
}

const INDEX_TYPE = 10;
const UNMATCHED_TERM_PENALTY = 5;
const R18 = 262_144;
const R14 = 16_384;

/** Search engine over one SymbolDb; keeps scratch arrays between queries. */
export class SymbolSearch {
  private readonly stamp: Int32Array;
  private readonly tier: Int8Array;
  private readonly extraStamp: Int32Array;
  private readonly extraHits: Uint8Array;
  private readonly groups: RootGroups;
  private gen = 0;
  private extraGen = 0;

  constructor(readonly db: SymbolDb) {
    const roots = db.data.meta.roots;
    this.stamp = new Int32Array(roots);
    this.tier = new Int8Array(roots);
    this.extraStamp = new Int32Array(roots);
    this.extraHits = new Uint8Array(roots);
    this.groups = findRootGroups(db);
  }

  /** Top hits for a query, best first. */
  search(query: string, limit = 20): SearchHit[] {
    return this.searchIndices(query, limit).map((i) => this.hit(i));
  }

  /** Top rows for a query, best first (no objects built). */
  searchIndices(query: string, limit = 20): number[] {
    // "nifty 50", "sensex 50": a number that completes an index name is part of the name.
    const words = query.trim().toLowerCase().split(/\s+/);
    if (
      words.length >= 2 &&
      /^\d+$/.test(words[1] as string) &&
      this.hasExactKey(`${words[0]}${words[1]}`)
    ) {
      return this.searchIndices([`${words[0]}${words[1]}`, ...words.slice(2)].join(' '), limit);
    }
    const exact = this.exactTicker(query);
    const rest = this.rankedIndices(query, limit);
    if (exact < 0) return rest;
    return [exact, ...rest.filter((i) => i !== exact)].slice(0, limit);
  }

  /** A complete ticker typed as is (with or without the exchange prefix). */
  private exactTicker(query: string): number {
    const compact = query.replace(/\s+/g, '').toUpperCase();
    if (compact.length < 4) return -1;
    const forms = compact.includes(':')
      ? [compact]
      : [`NSE:${compact}`, `BSE:${compact}`, `MCX:${compact}`];
    for (const t of forms) {
      const i = this.db.indexOfTicker(t);
      if (i >= 0) return i;
    }
    return -1;
  }

  private rankedIndices(query: string, limit: number): number[] {
    let q = parseQuery(query);
    if (/\d/.test(q.firstWord) && /[a-z]/.test(q.firstWord) && this.hasKeyPrefix(q.firstWord))
      q = parseQuery(query, true);
    if (q.terms.length === 0) {
      // "24000 ce": a bare strike means the index chains that list it, NIFTY first.
      if (q.strike === null || q.kind === 'fut' || q.kind === 'cash' || q.kind === 'index')
        return [];
      return this.collect(q, this.packRoots(this.groups.indexOptionRoots, 0), limit);
    }
    if (q.strike !== null && numberIsNameWord(this.db, q)) {
      // "next 50": the number is a word of the name the other words name, not a strike.
      q.terms.push(String(q.strike));
      q.strike = null;
      q.strikePartial = false;
    }
    const cands = this.candidateRoots(q);
    return this.collect(q, cands, limit);
  }

  /** Candidate array for roots that all match at one tier, in the given order. */
  private packRoots(roots: readonly number[], tier: number): Float64Array {
    const gen = ++this.gen;
    const out = new Float64Array(roots.length);
    roots.forEach((r, k) => {
      this.stamp[r] = gen;
      this.tier[r] = tier;
      out[k] = (tier * R18 + k) * R18 + r;
    });
    return out;
  }

  /** Marks candidate roots with their match tier; returns them sorted by (tier, rank). */
  private candidateRoots(q: ParsedQuery): Float64Array {
    const gen = ++this.gen;
    const found: number[] = [];
    const mark = (r: number, t: number): void => {
      if (this.stamp[r] !== gen) {
        this.stamp[r] = gen;
        this.tier[r] = t;
        found.push(r);
      } else if (t < (this.tier[r] as number)) this.tier[r] = t;
    };
    const db = this.db;
    const a = db.data.arrays;
    const primary = q.terms[0] as string;
    const pb = Buffer.from(primary, 'utf8');
    // Roots that the words run together name ("hdfc bank", "tata motor", "hdfc bnk"):
    // no extra word of theirs is left unmatched.
    const consumed = new Set<number>();
    const joinedText = q.terms.join('');
    if (q.terms.length > 1) joinedRoots(db, joinedText, mark, consumed);
    const sized = new Set<number>();
    if (q.size !== '') {
      for (const v of this.groups.sizeVariants) {
        if (v.size === q.size && stemMatches(v.stem, primary, joinedText)) {
          mark(v.root, 0);
          consumed.add(v.root);
          sized.add(v.root);
        }
      }
    }
    const [klo, khi] = prefixRange(db.keys, pb);
    for (let k = klo; k < khi; k++)
      mark(a.keyRoot[k] as number, db.keys.byteLength(k) === pb.length ? 0 : 1);
    if (pb.length >= 2) {
      const [wlo, whi] = prefixRange(db.words, pb);
      for (let k = wlo; k < whi; k++)
        mark(a.wordRoot[k] as number, db.words.byteLength(k) === pb.length ? 2 : 3);
    }
    if (found.length === 0 && primary.length >= 3) typoRoots(db, primary, pb, mark);
    const extras = q.terms.slice(1);
    if (extras.length > 0) this.penaliseUnmatched(extras, found, consumed);
    if (q.size !== '') {
      // "gold mini": GOLD itself is not what was asked for.
      for (const r of found)
        if (!sized.has(r))
          this.tier[r] = Math.min(120, (this.tier[r] as number) + UNMATCHED_TERM_PENALTY);
    }
    const sorted = new Float64Array(found.length);
    for (let k = 0; k < found.length; k++) {
      const r = found[k] as number;
      sorted[k] = ((this.tier[r] as number) * R18 + (a.rootRank[r] as number)) * R18 + r;
    }
    return sorted.sort();
  }

  /** Adds a penalty tier per extra term that matches neither a key nor a name word of the root. */
  private penaliseUnmatched(extras: string[], found: number[], consumed: Set<number>): void {
    const db = this.db;
    const a = db.data.arrays;
    const eg = ++this.extraGen;
    for (const term of extras) {
      const tb = Buffer.from(term, 'utf8');
      const seen = new Set<number>();
      const hit = (r: number): void => {
        if (seen.has(r)) return;
        seen.add(r);
        if (this.extraStamp[r] !== eg) {
          this.extraStamp[r] = eg;
          this.extraHits[r] = 0;
        }
        this.extraHits[r] = (this.extraHits[r] as number) + 1;
      };
      const [klo, khi] = prefixRange(db.keys, tb);
      for (let k = klo; k < khi; k++) hit(a.keyRoot[k] as number);
      const [wlo, whi] = prefixRange(db.words, tb);
      for (let k = wlo; k < whi; k++) hit(a.wordRoot[k] as number);
    }
    for (const r of found) {
      if (consumed.has(r)) continue;
      const matched = this.extraStamp[r] === eg ? (this.extraHits[r] as number) : 0;
      const unmatched = extras.length - matched;
      if (unmatched > 0)
        this.tier[r] = Math.min(120, (this.tier[r] as number) + UNMATCHED_TERM_PENALTY * unmatched);
    }
  }

  /** Walks candidate roots in order and keeps the best `limit` rows. */
  private collect(q: ParsedQuery, cands: Float64Array, limit: number): number[] {
    const a = this.db.data.arrays;
    const keys = new Float64Array(limit);
    const rows = new Int32Array(limit);
    let size = 0;
    const derivOnly = wantsDerivative(q);
    const attrVaries = (q.strike !== null && q.strikePartial) || q.month !== 0;
    for (let c = 0; c < cands.length; c++) {
      const packed = cands[c] as number;
      const r = packed % R18;
      const tier = this.tier[r] as number;
      const rank = a.rootRank[r] as number;
      const lowerBound = tier * 16 * R18 * R14 + rank * R14;
      if (size === limit && lowerBound >= (keys[size - 1] as number)) break;
      const s = a.rootMemberStart[r] as number;
      const e = a.rootMemberStart[r + 1] as number;
      // "next month": skip each class's first expiries (members are in expiry order).
      let group = -1;
      let lastExpiry = NaN;
      let expiriesSeen = 0;
      for (let k = s; k < e; k++) {
        const i = a.rootMembers[k] as number;
        const attr = this.attrTier(q, i, derivOnly);
        if (attr < 0) continue;
        if (q.expiryOffset > 0) {
          const g = (a.classTier[i] as number) * 16 + (a.exchange[i] as number);
          const exp = a.expiry[i] as number;
          if (g !== group) {
            group = g;
            expiriesSeen = 0;
            lastExpiry = NaN;
          }
          if (exp !== lastExpiry) {
            lastExpiry = exp;
            expiriesSeen++;
          }
          if (expiriesSeen <= q.expiryOffset) continue;
        }
        const key =
          (((tier * 4 + attr) * 4 + (a.classTier[i] as number)) * R18 + rank) * R14 +
          Math.min(k - s, R14 - 1);
        if (size === limit && key >= (keys[size - 1] as number)) {
          if (!attrVaries) break;
          continue;
        }
        let p = size === limit ? limit - 1 : size++;
        while (p > 0 && (keys[p - 1] as number) > key) {
          keys[p] = keys[p - 1] as number;
          rows[p] = rows[p - 1] as number;
          p--;
        }
        keys[p] = key;
        rows[p] = i;
      }
    }
    return Array.from(rows.subarray(0, size));
  }

  /** -1 when row i does not fit the query's filters; otherwise 0 (best fit) to 3. */
  private attrTier(q: ParsedQuery, i: number, derivOnly: boolean): number {
    const a = this.db.data.arrays;
    const cls = a.classTier[i] as number;
    const isDeriv = cls === CLASS_TIER.future || cls === CLASS_TIER.option;
    if (derivOnly && !isDeriv) return -1;
    switch (q.kind) {
      case 'fut':
        if (cls !== CLASS_TIER.future) return -1;
        break;
      case 'opt':
        if (cls !== CLASS_TIER.option) return -1;
        break;
      case 'cash':
        if (cls !== CLASS_TIER.cash || a.instrumentType[i] === INDEX_TYPE) return -1;
        break;
      case 'index':
        if (a.instrumentType[i] !== INDEX_TYPE) return -1;
        break;
    }
    if (q.optionType !== 0 && a.optionType[i] !== q.optionType) return -1;
    if (q.exchange !== 0 && a.exchange[i] !== q.exchange) return -1;
    if (!isDeriv) return 0;
    if (q.month !== 0 && a.seriesMonth[i] !== q.month) return -1;
    if (q.year >= 0 && a.seriesYear[i] !== q.year) return -1;
    if (q.series === 1 && a.weekly[i] !== 1) return -1;
    if (q.series === 2 && a.weekly[i] !== 0) return -1;
    let attr = 0;
    let byDay = false;
    for (const n of q.yearOrDay) {
      const dayHit = a.expiryDay[i] === n;
      if (a.seriesYear[i] !== n && !dayHit) return -1;
      if (dayHit) byDay = true;
    }
    // "crude dec" or "nifty 25 dec": the monthly contract unless a day was meant.
    if (q.month !== 0 && !byDay && a.weekly[i] === 1) attr += 1;
    if (q.strike !== null) {
      const strike = a.strike[i] as number;
      if (strike === q.strike) {
        // exact
      } else if (q.strikePartial && strikeStartsWith(strike, q.strike)) attr += 2;
      else return -1;
    }
    return attr;
  }

  /** Whether text is exactly some key. */
  private hasExactKey(text: string): boolean {
    const b = Buffer.from(text, 'utf8');
    const [lo, hi] = prefixRange(this.db.keys, b);
    return hi > lo && this.db.keys.byteLength(lo) === b.length;
  }

  /** Whether some key starts with text (used to decide how to read "nifty50"). */
  private hasKeyPrefix(text: string): boolean {
    const [lo, hi] = prefixRange(this.db.keys, Buffer.from(text, 'utf8'));
    return hi > lo;
  }

  /** The hit object of row i. */
  hit(i: number): SearchHit {
    const db = this.db;
    const a = db.data.arrays;
    const exp = a.expiry[i] as number;
    return {
      ticker: db.tickers.get(i),
      name: db.names.get(i),
      token: db.tokens.get(i),
      exchange: a.exchange[i] as number,
      segment: a.segment[i] as number,
      underlying: db.underlyings.get(i),
      expiry: exp === exp ? exp : null,
      strike: a.strike[i] as number,
      optionType: OPTION_CODES[a.optionType[i] as number] ?? 'XX',
      lotSize: a.lotSize[i] as number,
      tickSize: a.tickSize[i] as number,
      instrumentType: a.instrumentType[i] as number,
      isin: db.isinOf(i),
      freezeQty: freezeQtyFor(db.underlyings.get(i), a.segment[i] as number) ?? null,
    };
  }
}

/** Strike 24000 "starts with" 240 (the trader is still typing the strike). */
function strikeStartsWith(strike: number, typed: number): boolean {
  if (typed <= 0) return false;
  let s = Math.floor(strike);
  while (s > typed) s = Math.floor(s / 10);
  return s === typed;
}
