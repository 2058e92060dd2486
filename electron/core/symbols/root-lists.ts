/**
 * The two sorted lists search matches query words against: lowercase root keys (symbol,
 * aliases, and the form without punctuation) and lowercase name words, each entry pointing
 * at a root. Built on bytes: lowercasing, splitting and sorting 18k roots' texts as JS
 * strings (a Map of texts, a regex per name, a string sort, a join and an encode) cost more
 * than parsing the whole master. Non-ASCII texts take the string path (toLowerCase), so
 * the entries are the same either way. Like the rest of the cold build, the loops work on
 * typed arrays passed in (see byte-interner.ts on why).
 */
import { STOP_WORDS } from './stop-words';

/** A sorted text column with a root per entry. */
export interface RootList {
  bytes: Uint8Array;
  offsets: Uint32Array;
  root: Int32Array;
}

/** A byte-string column. */
interface Texts {
  bytes: Uint8Array;
  offsets: Uint32Array;
}

/** Entries being collected: text bytes and offsets, a root each; `state` is [count, bytes used]. */
interface Entries {
  bytes: Uint8Array;
  offsets: Uint32Array;
  root: Int32Array;
  state: Int32Array;
}

const isAlnum = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 48 && c <= 57);

/** Room for the lowercased text being split (grows for a very long one). */
let low = new Uint8Array(256);

/**
 * Lowercases src[s, e) into `low`; returns the length. ASCII is lowered byte by byte;
 * anything else goes through String.prototype.toLowerCase like the query side.
 */
function lower(src: Uint8Array, s: number, e: number): number {
  let ascii = true;
  for (let k = s; k < e; k++)
    if ((src[k] as number) >= 0x80) {
      ascii = false;
      break;
    }
  if (!ascii) {
    const text = Buffer.from(src.buffer, src.byteOffset, src.byteLength).toString('utf8', s, e);
    const enc = Buffer.from(text.toLowerCase(), 'utf8');
    if (enc.length > low.length) low = new Uint8Array(enc.length * 2);
    low.set(enc);
    return enc.length;
  }
  if (e - s > low.length) low = new Uint8Array((e - s) * 2);
  const out = low;
  for (let k = s; k < e; k++) {
    const c = src[k] as number;
    out[k - s] = c >= 65 && c <= 90 ? c + 32 : c;
  }
  return e - s;
}

/** Stop words as base-37 codes of their [a-z0-9] letters, so a byte word needs no string. */
const STOP_CODES = new Set([...STOP_WORDS].map((w) => wordCode(Buffer.from(w), 0, w.length)));
const STOP_MAX = Math.max(...[...STOP_WORDS].map((w) => w.length));

function wordCode(b: Uint8Array, s: number, e: number): number {
  let v = 0;
  for (let k = s; k < e; k++) {
    const c = b[k] as number;
    v = v * 37 + (c >= 97 ? c - 96 : c - 21);
  }
  return v;
}

/** Entry arrays for at most `count` entries of `bytes` bytes in all. */
function entries(count: number, bytes: number): Entries {
  return {
    bytes: new Uint8Array(Math.max(16, bytes)),
    offsets: new Uint32Array(count + 1),
    root: new Int32Array(Math.max(1, count)),
    state: new Int32Array(2),
  };
}

/** Adds src[s, e) for root r; empty texts are not entries. */
function add(
  tb: Uint8Array,
  to: Uint32Array,
  tr: Int32Array,
  st: Int32Array,
  src: Uint8Array,
  s: number,
  e: number,
  r: number,
): void {
  if (e <= s) return;
  const k = st[0] as number;
  let w = st[1] as number;
  for (let i = s; i < e; i++) tb[w++] = src[i] as number;
  tr[k] = r;
  to[k + 1] = w;
  st[0] = k + 1;
  st[1] = w;
}

/** Adds a key as it is and, when it holds anything but [a-z0-9], with that removed. */
function addKey(
  tb: Uint8Array,
  to: Uint32Array,
  tr: Int32Array,
  st: Int32Array,
  src: Uint8Array,
  s: number,
  e: number,
  r: number,
): void {
  const n = lower(src, s, e);
  const b = low;
  add(tb, to, tr, st, b, 0, n, r);
  let w = 0;
  for (let k = 0; k < n; k++) if (isAlnum(b[k] as number)) b[w++] = b[k] as number;
  if (w < n) add(tb, to, tr, st, b, 0, w, r);
}

/** Sorted lowercase keys -> root: each root's symbol and aliases. */
export function buildKeyList(
  keys: Texts,
  roots: number,
  aliases: readonly (string[] | undefined)[],
): RootList {
  let count = roots;
  let bytes = keys.bytes.length;
  const extra: Buffer[][] = [];
  for (let r = 0; r < roots; r++) {
    const list = aliases[r];
    if (list === undefined) continue;
    extra[r] = list.map((a) => Buffer.from(a, 'utf8'));
    for (const b of extra[r] as Buffer[]) {
      count++;
      bytes += b.length;
    }
  }
  // Two forms per key; lowercasing grows UTF-8 by at most half (ASCII not at all).
  const list = entries(count * 2, bytes * 4);
  const { bytes: tb, offsets: to, root: tr, state: st } = list;
  for (let r = 0; r < roots; r++) {
    addKey(tb, to, tr, st, keys.bytes, keys.offsets[r] as number, keys.offsets[r + 1] as number, r);
    for (const b of extra[r] ?? []) addKey(tb, to, tr, st, b, 0, b.length, r);
  }
  return finish(list);
}

/**
 * Sorted lowercase name words -> root: runs of [a-z0-9] of at least two letters that are
 * not stop words; a root with only debt (flags 8 without 4) contributes its first such
 * word (the issuer).
 */
export function buildWordList(names: Texts, displayRow: Int32Array, flags: Uint8Array): RootList {
  let bytes = 0;
  for (let r = 0; r < displayRow.length; r++) {
    const row = displayRow[r] as number;
    if (row >= 0) bytes += (names.offsets[row + 1] as number) - (names.offsets[row] as number);
  }
  // A word is two letters or more, so there are at most half as many as bytes (x2 for
  // lowercasing that grows UTF-8).
  const list = entries(bytes + 1, bytes * 2);
  wordsOf(
    names.bytes,
    names.offsets,
    displayRow,
    flags,
    list.bytes,
    list.offsets,
    list.root,
    list.state,
  );
  return finish(list);
}

function wordsOf(
  nb: Uint8Array,
  no: Uint32Array,
  displayRow: Int32Array,
  flags: Uint8Array,
  tb: Uint8Array,
  to: Uint32Array,
  tr: Int32Array,
  st: Int32Array,
): void {
  for (let r = 0; r < displayRow.length; r++) {
    const row = displayRow[r] as number;
    if (row < 0) continue;
    const n = lower(nb, no[row] as number, no[row + 1] as number);
    const b = low;
    const f = flags[r] as number;
    const onlyFirst = (f & 8) !== 0 && (f & 4) === 0;
    let k = 0;
    while (k < n) {
      while (k < n && !isAlnum(b[k] as number)) k++;
      const s = k;
      while (k < n && isAlnum(b[k] as number)) k++;
      const len = k - s;
      if (len < 2 || (len <= STOP_MAX && STOP_CODES.has(wordCode(b, s, k)))) continue;
      add(tb, to, tr, st, b, s, k, r);
      if (onlyFirst) break;
    }
  }
}

/** Entry positions fit below the packed prefix while there are fewer than this many. */
const IDX_BITS = 21;

/** Text bytes, then root: the order of the finished list. */
function compare(b: Uint8Array, o: Uint32Array, root: Int32Array, x: number, y: number): number {
  const xs = o[x] as number;
  const ys = o[y] as number;
  const xl = (o[x + 1] as number) - xs;
  const yl = (o[y + 1] as number) - ys;
  const m = Math.min(xl, yl);
  for (let k = 0; k < m; k++) {
    const d = (b[xs + k] as number) - (b[ys + k] as number);
    if (d !== 0) return d;
  }
  return xl - yl || (root[x] as number) - (root[y] as number);
}

/**
 * The entries as one column sorted by text bytes then root, without repeats. Sorted as
 * numbers: each entry's first four bytes and its position pack into one double (a plain
 * numeric sort, no comparator), then only runs sharing those four bytes are compared in full.
 */
function finish(list: Entries): RootList {
  const n = list.state[0] as number;
  const order = sortEntries(list.bytes, list.offsets, list.root, n);
  const used = list.state[1] as number;
  const outBytes = new Uint8Array(used);
  const outOffsets = new Uint32Array(n + 1);
  const outRoot = new Int32Array(n);
  const m = layout(list.bytes, list.offsets, list.root, order, outBytes, outOffsets, outRoot);
  const end = outOffsets[m] as number;
  return {
    bytes: outBytes.subarray(0, end),
    offsets: outOffsets.slice(0, m + 1),
    root: outRoot.slice(0, m),
  };
}

function sortEntries(b: Uint8Array, o: Uint32Array, root: Int32Array, n: number): Int32Array {
  const order = new Int32Array(n);
  const cmp = (x: number, y: number): number => compare(b, o, root, x, y);
  if (n >= 2 ** IDX_BITS) {
    order.set(Array.from({ length: n }, (_, k) => k).sort(cmp));
    return order;
  }
  const packed = new Float64Array(n);
  for (let i = 0; i < n; i++) packed[i] = prefix4(b, o, i) * 2 ** IDX_BITS + i;
  packed.sort();
  const lowMask = 2 ** IDX_BITS;
  for (let k = 0; k < n; k++) order[k] = (packed[k] as number) % lowMask;
  // Runs that share the first four bytes: full comparison.
  let s = 0;
  while (s < n) {
    const p = Math.floor((packed[s] as number) / lowMask);
    let e = s + 1;
    while (e < n && Math.floor((packed[e] as number) / lowMask) === p) e++;
    if (e - s > 1) order.set(Array.from(order.subarray(s, e)).sort(cmp), s);
    s = e;
  }
  return order;
}

/** Writes the entries in order, dropping repeats of (text, root); returns how many. */
function layout(
  b: Uint8Array,
  o: Uint32Array,
  root: Int32Array,
  order: Int32Array,
  outBytes: Uint8Array,
  outOffsets: Uint32Array,
  outRoot: Int32Array,
): number {
  let m = 0;
  let w = 0;
  let last = -1;
  for (let k = 0; k < order.length; k++) {
    const i = order[k] as number;
    if (last >= 0 && compare(b, o, root, last, i) === 0) continue;
    for (let j = o[i] as number; j < (o[i + 1] as number); j++) outBytes[w++] = b[j] as number;
    outRoot[m++] = root[i] as number;
    outOffsets[m] = w;
    last = i;
  }
  return m;
}

/** First four bytes as a big-endian number, zero-padded. */
function prefix4(bytes: Uint8Array, offsets: Uint32Array, i: number): number {
  const s = offsets[i] as number;
  const len = (offsets[i + 1] as number) - s;
  let v = 0;
  for (let k = 0; k < 4; k++) v = v * 256 + (k < len ? (bytes[s + k] as number) : 0);
  return v;
}
