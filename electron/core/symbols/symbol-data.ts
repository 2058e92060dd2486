/**
 * The symbol master as flat typed arrays and byte blobs. One representation serves three
 * needs: it transfers from a worker thread without copying, it writes to and maps back
 * from the disk cache without per-row work (the warm start), and it keeps 140k
 * instruments in a few tens of MB without 140k objects for the GC to trace.
 */

/** Every array kind the data may hold; the cache file records which one each section is. */
export type DataArray = Uint8Array | Uint16Array | Int32Array | Uint32Array | Float64Array;

/** Array names and their kinds, so the cache reader can rebuild views by name. */
export const ARRAY_KINDS = {
  // Per-instrument string columns: bytes plus n+1 offsets.
  tokenBytes: 'u8',
  tokenOffsets: 'u32',
  nameBytes: 'u8',
  nameOffsets: 'u32',
  isinBytes: 'u8',
  isinOffsets: 'u32',
  tickerBytes: 'u8',
  tickerOffsets: 'u32',
  underlyingBytes: 'u8',
  underlyingOffsets: 'u32',
  underlyingTokenBytes: 'u8',
  underlyingTokenOffsets: 'u32',
  // Small dictionaries (session strings, update dates) and per-row references into them.
  dictBytes: 'u8',
  dictOffsets: 'u32',
  sessionRef: 'u16',
  lastUpdateRef: 'u16',
  // Per-instrument numbers.
  instrumentType: 'i32',
  lotSize: 'i32',
  tickSize: 'f64',
  expiry: 'f64',
  exchange: 'u8',
  segment: 'u8',
  scripCode: 'f64',
  underlyingScripCode: 'f64',
  strike: 'f64',
  optionType: 'u8',
  fileId: 'u8',
  // Derived per instrument, for search and chains.
  rootId: 'i32',
  classTier: 'u8',
  seriesYear: 'u8',
  seriesMonth: 'u8',
  expiryDay: 'u8',
  weekly: 'u8',
  // Exact lookups: open-addressing hash tables over the ticker and token columns.
  tickerHash: 'i32',
  tokenHash: 'i32',
  // Roots (one per underlying): members in ranked order, and names to match queries against.
  rootMemberStart: 'u32',
  rootMembers: 'i32',
  rootRank: 'i32',
  rootSymbolBytes: 'u8',
  rootSymbolOffsets: 'u32',
  // Sorted lowercase symbol/alias keys and name words, each pointing at a root.
  keyBytes: 'u8',
  keyOffsets: 'u32',
  keyRoot: 'i32',
  wordBytes: 'u8',
  wordOffsets: 'u32',
  wordRoot: 'i32',
} as const;

/** Name of one array of the data. */
export type ArrayName = keyof typeof ARRAY_KINDS;

/** Typed array type for each kind code. */
type KindArray<K> = K extends 'u8'
  ? Uint8Array
  : K extends 'u16'
    ? Uint16Array
    : K extends 'i32'
      ? Int32Array
      : K extends 'u32'
        ? Uint32Array
        : Float64Array;

/** The whole master in flat arrays. */
export type SymbolArrays = { [K in ArrayName]: KindArray<(typeof ARRAY_KINDS)[K]> };

/** Counts and provenance that travel with the arrays. */
export interface SymbolMeta {
  version: number;
  count: number;
  roots: number;
  /** Identifies the source files (ETag/size per file) the data was built from. */
  fingerprint: string;
  builtAt: string;
  badRows: number;
}

/** Arrays plus meta: what the builder returns, the cache stores and the worker transfers. */
export interface SymbolData {
  meta: SymbolMeta;
  arrays: SymbolArrays;
}

/** Bumped whenever the layout or a derived field's meaning changes; old caches are rebuilt. */
export const SYMBOL_DATA_VERSION = 3;

/** optionType codes in the `optionType` array. */
export const OPTION_CODES = ['XX', 'CE', 'PE'] as const;

/**
 * Class tiers: "equities before derivatives" in search, debt last. Lower is better.
 */
export const CLASS_TIER = { cash: 0, future: 1, option: 2, debt: 3 } as const;

/** Reads strings out of a bytes+offsets column without decoding the whole blob. */
export class StringColumn {
  private readonly buf: Buffer;
  constructor(
    bytes: Uint8Array,
    private readonly offsets: Uint32Array,
  ) {
    this.buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  /** The i-th string. */
  get(i: number): string {
    return this.buf.toString('utf8', this.offsets[i], this.offsets[i + 1]);
  }
  /** Byte length of the i-th string. */
  byteLength(i: number): number {
    return (this.offsets[i + 1] as number) - (this.offsets[i] as number);
  }
  /** Compares the i-th string with query bytes: <0, 0, >0 like a comparator; prefix-aware. */
  compare(i: number, q: Uint8Array): number {
    const s = this.offsets[i] as number;
    const e = this.offsets[i + 1] as number;
    const n = Math.min(e - s, q.length);
    for (let k = 0; k < n; k++) {
      const d = (this.buf[s + k] as number) - (q[k] as number);
      if (d !== 0) return d;
    }
    return e - s - q.length;
  }
  /** Whether the i-th string starts with the query bytes. */
  startsWith(i: number, q: Uint8Array): boolean {
    const s = this.offsets[i] as number;
    if ((this.offsets[i + 1] as number) - s < q.length) return false;
    for (let k = 0; k < q.length; k++) if (this.buf[s + k] !== q[k]) return false;
    return true;
  }
  /** Number of strings. */
  get length(): number {
    return this.offsets.length - 1;
  }
}
