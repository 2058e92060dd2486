/**
 * The two sorted lists search matches query words against: lowercase root keys (symbol,
 * aliases, and the form without punctuation) and lowercase name words, each entry pointing
 * at a root. Built on bytes: lowercasing, splitting and sorting 18k roots' texts as JS
 * strings (a Map of texts, a regex per name, a string sort, a join and an encode) cost more
 * than parsing the whole master. Non-ASCII texts take the string path (toLowerCase), so
 * the entries are the same either way.
 */
import { STOP_WORDS } from './stop-words';
import { ByteColumnBuilder } from './table-builder';

/** A sorted text column with a root per entry. */
export interface RootList {
  bytes: Uint8Array;
  offsets: Uint32Array;
  root: Int32Array;
}

/** A byte-string source: one column (bytes + offsets) and which entry. */
interface Texts {
  bytes: Uint8Array;
  offsets: Uint32Array;
}

const isAlnum = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 48 && c <= 57);

/**
 * Lowercase bytes of src[s, e) into `out` (reused); returns the length. ASCII is lowered
 * byte by byte; anything else goes through String.prototype.toLowerCase like the query side.
 */
function lower(src: Uint8Array, s: number, e: number, scratch: { buf: Uint8Array }): number {
  let ascii = true;
  for (let k = s; k < e; k++)
    if ((src[k] as number) >= 0x80) {
      ascii = false;
      break;
    }
  if (!ascii) {
    const low = Buffer.from(
      Buffer.from(src.buffer, src.byteOffset, src.byteLength).toString('utf8', s, e).toLowerCase(),
      'utf8',
    );
    if (low.length > scratch.buf.length) scratch.buf = new Uint8Array(low.length * 2);
    scratch.buf.set(low);
    return low.length;
  }
  if (e - s > scratch.buf.length) scratch.buf = new Uint8Array((e - s) * 2);
  const out = scratch.buf;
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

/**
 * Sorted lowercase keys -> root: each root's symbol and aliases as they are and, when they
 * hold anything but [a-z0-9], with that removed.
 */
export function buildKeyList(
  keys: Texts,
  roots: number,
  aliases: readonly (string[] | undefined)[],
): RootList {
  const list = new EntryList(roots * 2);
  const scratch = { buf: new Uint8Array(256) };
  const addKey = (src: Uint8Array, s: number, e: number, r: number): void => {
    const n = lower(src, s, e, scratch);
    const low = scratch.buf;
    list.add(low, 0, n, r);
    let w = 0;
    for (let k = 0; k < n; k++) if (isAlnum(low[k] as number)) low[w++] = low[k] as number;
    if (w < n) list.add(low, 0, w, r);
  };
  for (let r = 0; r < roots; r++) {
    addKey(keys.bytes, keys.offsets[r] as number, keys.offsets[r + 1] as number, r);
    for (const alias of aliases[r] ?? []) {
      const b = Buffer.from(alias, 'utf8');
      addKey(b, 0, b.length, r);
    }
  }
  return list.finish();
}

/**
 * Sorted lowercase name words -> root: runs of [a-z0-9] of at least two letters that are
 * not stop words; a root with only debt contributes its first such word (the issuer).
 */
export function buildWordList(
  names: Texts,
  displayRow: Int32Array,
  debtOnly: (r: number) => boolean,
): RootList {
  const list = new EntryList(displayRow.length * 3);
  const scratch = { buf: new Uint8Array(256) };
  for (let r = 0; r < displayRow.length; r++) {
    const row = displayRow[r] as number;
    if (row < 0) continue;
    const n = lower(
      names.bytes,
      names.offsets[row] as number,
      names.offsets[row + 1] as number,
      scratch,
    );
    const low = scratch.buf;
    const onlyFirst = debtOnly(r);
    let k = 0;
    while (k < n) {
      while (k < n && !isAlnum(low[k] as number)) k++;
      const s = k;
      while (k < n && isAlnum(low[k] as number)) k++;
      const len = k - s;
      if (len < 2 || (len <= STOP_MAX && STOP_CODES.has(wordCode(low, s, k)))) continue;
      list.add(low, s, k, r);
      if (onlyFirst) break;
    }
  }
  return list.finish();
}

/** Entry positions fit below the packed prefix while there are fewer than this many. */
const IDX_BITS = 21;

/**
 * (text, root) entries, finished as one column sorted by text bytes then root, without
 * repeats. Sorted as numbers: each entry's first four bytes and its position pack into one
 * double (a plain numeric sort, no comparator), then only runs sharing those four bytes
 * are compared in full.
 */
class EntryList {
  private readonly text: ByteColumnBuilder;
  private root: Int32Array;

  constructor(expected: number) {
    this.text = new ByteColumnBuilder(expected, 10);
    this.root = new Int32Array(Math.max(16, expected));
  }

  /** Adds src[s, e) for root r; empty texts are not entries. */
  add(src: Uint8Array, s: number, e: number, r: number): void {
    if (e <= s) return;
    const k = this.text.length;
    if (k === this.root.length) {
      const grown = new Int32Array(k * 2);
      grown.set(this.root);
      this.root = grown;
    }
    this.root[k] = r;
    this.text.push(src, s, e);
  }

  finish(): RootList {
    const { bytes, offsets } = this.text.finish();
    const n = offsets.length - 1;
    const cmp = (x: number, y: number): number => {
      const xs = offsets[x] as number;
      const ys = offsets[y] as number;
      const xl = (offsets[x + 1] as number) - xs;
      const yl = (offsets[y + 1] as number) - ys;
      const m = Math.min(xl, yl);
      for (let k = 0; k < m; k++) {
        const d = (bytes[xs + k] as number) - (bytes[ys + k] as number);
        if (d !== 0) return d;
      }
      return xl - yl || (this.root[x] as number) - (this.root[y] as number);
    };
    const order = new Int32Array(n);
    if (n >= 2 ** IDX_BITS) {
      const all = Array.from({ length: n }, (_, k) => k).sort(cmp);
      order.set(all);
    } else {
      const packed = new Float64Array(n);
      for (let i = 0; i < n; i++) packed[i] = prefix4(bytes, offsets, i) * 2 ** IDX_BITS + i;
      packed.sort();
      const lowMask = 2 ** IDX_BITS;
      for (let k = 0; k < n; k++) order[k] = (packed[k] as number) % lowMask;
      // Runs that share the first four bytes: full comparison.
      let s = 0;
      while (s < n) {
        const p = Math.floor((packed[s] as number) / lowMask);
        let e = s + 1;
        while (e < n && Math.floor((packed[e] as number) / lowMask) === p) e++;
        if (e - s > 1) {
          const run = Array.from(order.subarray(s, e)).sort(cmp);
          order.set(run, s);
        }
        s = e;
      }
    }
    // Drop repeats of (text, root), then lay the entries out in order.
    const out = new ByteColumnBuilder(n, Math.ceil(bytes.length / Math.max(1, n)) + 1);
    const root = new Int32Array(n);
    let m = 0;
    let last = -1;
    for (let k = 0; k < n; k++) {
      const i = order[k] as number;
      if (last >= 0 && cmp(last, i) === 0) continue;
      out.push(bytes, offsets[i] as number, offsets[i + 1] as number);
      root[m++] = this.root[i] as number;
      last = i;
    }
    const col = out.finish();
    return { bytes: col.bytes, offsets: col.offsets, root: root.slice(0, m) };
  }
}

/** First four bytes as a big-endian number, zero-padded. */
function prefix4(bytes: Uint8Array, offsets: Uint32Array, i: number): number {
  const s = offsets[i] as number;
  const len = (offsets[i + 1] as number) - s;
  let v = 0;
  for (let k = 0; k < 4; k++) v = v * 256 + (k < len ? (bytes[s + k] as number) : 0);
  return v;
}
