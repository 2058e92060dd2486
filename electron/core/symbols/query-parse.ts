/**
 * Reads a query the way traders type it: `sbin eq`, `nifty 24000 ce`, `banknifty fut`,
 * `crude dec`, `nifty 25 dec 24500 pe`, `NIFTY25DEC24000CE`, `nse:sbin-eq`, `24000 ce`,
 * `crude mini`, `nifty next month fut`. Words become name terms; option types, months,
 * years, strikes, exchanges, instrument kinds, contract sizes (mini, micro) and spoken
 * expiries (next month, far month) become filters. Only the first word is always a name,
 * so `dec` or `ce` never hide a company; a leading number is a strike (`24000 ce`).
 */
import { STOP_WORDS } from './stop-words';

/** Instrument kind asked for. */
export type QueryKind = 'any' | 'fut' | 'opt' | 'cash' | 'index';

/** A query, understood. */
export interface ParsedQuery {
  /** Lowercase name terms; the first is the primary one. */
  terms: string[];
  /** The first word as typed (lowercase, may hold digits: nifty50, 3mindia). */
  firstWord: string;
  kind: QueryKind;
  /** 0 any, 1 CE, 2 PE. */
  optionType: 0 | 1 | 2;
  /** 1-12, 0 when not given. */
  month: number;
  /** Two-digit year, -1 when not given. */
  year: number;
  /** Numbers next to a month that may be a year (25 dec) or a day (9 dec). */
  yearOrDay: number[];
  /** Strike as typed; null when none. */
  strike: number | null;
  /** Whether the strike is the last token (the trader may still be typing it). */
  strikePartial: boolean;
  /** Exchange code filter, 0 when not given. */
  exchange: 0 | 10 | 11 | 12;
  /** Ask for weekly (1) or monthly (2) series; 0 when not said. */
  series: 0 | 1 | 2;
  /** Contract size said in words ("crude mini", "silver micro"); '' when not said. */
  size: '' | 'mini' | 'micro';
  /** Expiries to skip: 1 for "next month", 2 for "far month"; 0 = nearest. */
  expiryOffset: number;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};
const OPTION_WORDS: Record<string, 1 | 2> = { ce: 1, call: 1, calls: 1, pe: 2, put: 2, puts: 2 };
const KIND_WORDS: Record<string, QueryKind> = {
  fut: 'fut',
  futs: 'fut',
  future: 'fut',
  futures: 'fut',
  opt: 'opt',
  opts: 'opt',
  option: 'opt',
  options: 'opt',
  eq: 'cash',
  equity: 'cash',
  cash: 'cash',
  stock: 'cash',
  share: 'cash',
  shares: 'cash',
  index: 'index',
  idx: 'index',
  indices: 'index',
};
const EXCHANGES: Record<string, 10 | 11 | 12> = { nse: 10, bse: 12, mcx: 11 };
const SIZE_WORDS: Record<string, 'mini' | 'micro'> = { mini: 'mini', micro: 'micro' };
/** "next month", "far month": how many expiries to skip. */
const OFFSET_WORDS: Record<string, number> = { current: 0, near: 0, this: 0, next: 1, far: 2 };
const MONTH_WORD = /^(month|mon|mnth|months)$/;
/** Cash series suffixes of tickers (NSE:SBIN-EQ, BSE:RELIANCE-A). */
const SERIES_SUFFIX = /^(eq|be|bz|sm|st|index|a|b|t|x|xt|m|mt|z|gb|gs|tb)$/;
/** Keywords a half-typed last token may be heading for (two letters or more). */
const PARTIAL_TARGETS = [
  'fut',
  'future',
  'futures',
  'call',
  'put',
  'weekly',
  'monthly',
  ...Object.keys(MONTHS),
];

/**
 * Parses a raw query. With `keepFirstWord` the first word stays one name term even if it
 * mixes letters and digits (nifty50, 3mindia); the search asks for that when such a
 * symbol exists, and otherwise splits it (nifty25dec24000ce).
 */
export function parseQuery(raw: string, keepFirstWord = false): ParsedQuery {
  const q: ParsedQuery = {
    terms: [],
    firstWord: '',
    kind: 'any',
    optionType: 0,
    month: 0,
    year: -1,
    yearOrDay: [],
    strike: null,
    strikePartial: false,
    exchange: 0,
    series: 0,
    size: '',
    expiryOffset: 0,
  };
  let text = raw.toLowerCase().trim();
  const colon = /^(nse|bse|mcx)\s*:\s*/.exec(text);
  if (colon) {
    q.exchange = EXCHANGES[colon[1] as string] as 10 | 11 | 12;
    text = text.slice(colon[0].length);
  }
  const words = text.split(/[\s,:]+/).filter(Boolean);
  const tokens: string[] = [];
  words.forEach((w, wi) => {
    let word = w;
    const dash = word.lastIndexOf('-');
    const suffix = word.slice(dash + 1);
    if (dash > 0 && SERIES_SUFFIX.test(suffix)) {
      word = word.slice(0, dash);
      if (suffix === 'index') q.kind = 'index';
      else if (q.kind === 'any') q.kind = 'cash';
    }
    if (wi === 0) q.firstWord = word;
    if (wi === 0 && keepFirstWord) tokens.push(word);
    else for (const part of word.match(/\d+(?:\.\d*)?|[^\d]+/g) ?? []) tokens.push(part);
  });
  const list = tokens;
  const lastIndex = list.length - 1;
  list.forEach((tok, i) => {
    const isFirst = i === 0;
    const prev = list[i - 1];
    const next = list[i + 1];
    if (isFirst && (keepFirstWord || !/^\d/.test(tok))) {
      q.terms.push(tok);
      return;
    }
    const word = tok.replace(/[^a-z0-9.&]/g, '');
    if (word === '') return;
    if (/^\d/.test(word)) {
      const n = Number(word);
      const nearMonth =
        (prev !== undefined && MONTHS[prev] !== undefined) ||
        (next !== undefined && MONTHS[next] !== undefined);
      if (nearMonth && /^20\d\d$/.test(word)) q.year = n % 100;
      else if (nearMonth && /^\d{1,2}$/.test(word)) q.yearOrDay.push(n);
      else if (q.strike === null && Number.isFinite(n)) {
        q.strike = n;
        q.strikePartial = i === lastIndex;
      } else if (isFirst) q.terms.push(word);
      return;
    }
    if (OFFSET_WORDS[word] !== undefined && next !== undefined && MONTH_WORD.test(next)) {
      q.expiryOffset = OFFSET_WORDS[word] as number;
      return;
    }
    if (MONTH_WORD.test(word) && prev !== undefined && OFFSET_WORDS[prev] !== undefined) return;
    if (OPTION_WORDS[word]) q.optionType = OPTION_WORDS[word] as 1 | 2;
    else if (KIND_WORDS[word]) q.kind = KIND_WORDS[word] as QueryKind;
    else if (MONTHS[word]) q.month = MONTHS[word] as number;
    else if (EXCHANGES[word]) q.exchange = EXCHANGES[word] as 10 | 11 | 12;
    else if (word === 'weekly') q.series = 1;
    else if (word === 'monthly') q.series = 2;
    else if (SIZE_WORDS[word]) q.size = SIZE_WORDS[word] as 'mini' | 'micro';
    else if (STOP_WORDS.has(word)) return;
    else if (i === lastIndex && word.length >= 2 && applyPartial(q, word)) return;
    else q.terms.push(word);
  });
  return q;
}

/** A half-typed keyword at the end of the query ("banknifty fu", "crude de"). */
function applyPartial(q: ParsedQuery, word: string): boolean {
  const target = PARTIAL_TARGETS.find((k) => k.startsWith(word));
  if (!target) return false;
  if (MONTHS[target]) q.month = MONTHS[target] as number;
  else if (target === 'call') q.optionType = 1;
  else if (target === 'put') q.optionType = 2;
  else if (target === 'weekly') q.series = 1;
  else if (target === 'monthly') q.series = 2;
  else q.kind = 'fut';
  return true;
}

/** Whether the query asks for anything that only a derivative can have. */
export function wantsDerivative(q: ParsedQuery): boolean {
  return (
    q.kind === 'fut' ||
    q.kind === 'opt' ||
    q.optionType !== 0 ||
    q.strike !== null ||
    q.month !== 0 ||
    q.year >= 0 ||
    q.yearOrDay.length > 0 ||
    q.series !== 0 ||
    q.size !== '' ||
    q.expiryOffset > 0
  );
}
