/**
 * Parser for the symbol master files: the live headerless 21-column layout (gaps.md) on a
 * fast byte-level path, and the spec's 13-column description with a header row on a
 * slower path that derives the missing columns from the ticker. A bad row is counted and
 * reported with its line number and never stops the load: one malformed line in a
 * 90,000-line file must not take order validation down with it.
 */
import type { MasterFile } from '../../../shared/broker/instrument';
import { MASTER_FILE_CODES } from '../../../shared/broker/instrument';
import { isDigit, splitFields } from './csv-fields';
import { checkRow } from './row-check';
import { parseHeaderRow, type HeaderLayout } from './master-header';
import { COL, SCAN, ST, scanRows } from './row-scan';
import { ByteColumnBuilder } from './table-builder';

export { parseNum } from './csv-fields';

/** A row that could not be used, with enough context to find it in the file. */
export interface BadRow {
  file: MasterFile;
  line: number;
  reason: string;
  text: string;
}

/** Per-file outcome of a parse. */
export interface FileParseStats {
  file: MasterFile;
  rows: number;
  badRows: number;
  header: boolean;
}

const LF = 10;
const CR = 13;
const MAX_FIELDS = 40;

/** Raw parsed columns, before derived search fields are computed. */
export type RawColumns = ReturnType<MasterParser['finish']>;

/** Accumulates the rows of all seven files into one set of columns. */
export class MasterParser {
  readonly token: ByteColumnBuilder;
  readonly name: ByteColumnBuilder;
  readonly isin: ByteColumnBuilder;
  readonly ticker: ByteColumnBuilder;
  readonly underlying: ByteColumnBuilder;
  readonly underlyingToken: ByteColumnBuilder;
  // Numeric columns, written at row `count`; all share capacity `cap` (see ensureRow).
  instrumentType: Int32Array;
  lotSize: Int32Array;
  tickSize: Float64Array;
  expiry: Float64Array;
  exchange: Uint8Array;
  segment: Uint8Array;
  scripCode: Float64Array;
  underlyingScripCode: Float64Array;
  strike: Float64Array;
  optionType: Uint8Array;
  fileId: Uint8Array;
  sessionRef: Uint16Array;
  lastUpdateRef: Uint16Array;
  readonly dict: string[] = [];
  private readonly dictIndex = new Map<string, number>();
  private readonly starts = new Int32Array(MAX_FIELDS);
  private readonly ends = new Int32Array(MAX_FIELDS);
  private readonly quoted = new Uint8Array(MAX_FIELDS);
  /** Counters shared with the row scanner (see ST in row-scan.ts). */
  private readonly st = new Int32Array(ST.size);
  /** Exchange and segment codes the file being parsed must carry. */
  expect: { exchange: number; segment: number } = { exchange: 0, segment: 0 };
  badRows = 0;
  count = 0;
  private cap: number;

  constructor(
    rows: number,
    private readonly onBadRow: (row: BadRow) => void,
  ) {
    const cap = Math.max(16, rows);
    this.cap = cap;
    this.token = new ByteColumnBuilder(cap, 16);
    this.name = new ByteColumnBuilder(cap, 24);
    this.isin = new ByteColumnBuilder(cap, 4);
    this.ticker = new ByteColumnBuilder(cap, 22);
    this.underlying = new ByteColumnBuilder(cap, 9);
    this.underlyingToken = new ByteColumnBuilder(cap, 16);
    this.instrumentType = new Int32Array(cap);
    this.lotSize = new Int32Array(cap);
    this.tickSize = new Float64Array(cap);
    this.expiry = new Float64Array(cap);
    this.exchange = new Uint8Array(cap);
    this.segment = new Uint8Array(cap);
    this.scripCode = new Float64Array(cap);
    this.underlyingScripCode = new Float64Array(cap);
    this.strike = new Float64Array(cap);
    this.optionType = new Uint8Array(cap);
    this.fileId = new Uint8Array(cap);
    this.sessionRef = new Uint16Array(cap);
    this.lastUpdateRef = new Uint16Array(cap);
  }

  /** Room for one more row in the numeric columns (doubling; the estimate is usually enough). */
  private ensureRow(): void {
    if (this.count < this.cap) return;
    const cap = this.cap * 2;
    const grow = <T extends Int32Array | Float64Array | Uint8Array | Uint16Array>(
      a: T,
      make: (n: number) => T,
    ): T => {
      const b = make(cap);
      b.set(a);
      return b;
    };
    this.instrumentType = grow(this.instrumentType, (n) => new Int32Array(n));
    this.lotSize = grow(this.lotSize, (n) => new Int32Array(n));
    this.tickSize = grow(this.tickSize, (n) => new Float64Array(n));
    this.expiry = grow(this.expiry, (n) => new Float64Array(n));
    this.exchange = grow(this.exchange, (n) => new Uint8Array(n));
    this.segment = grow(this.segment, (n) => new Uint8Array(n));
    this.scripCode = grow(this.scripCode, (n) => new Float64Array(n));
    this.underlyingScripCode = grow(this.underlyingScripCode, (n) => new Float64Array(n));
    this.strike = grow(this.strike, (n) => new Float64Array(n));
    this.optionType = grow(this.optionType, (n) => new Uint8Array(n));
    this.fileId = grow(this.fileId, (n) => new Uint8Array(n));
    this.sessionRef = grow(this.sessionRef, (n) => new Uint16Array(n));
    this.lastUpdateRef = grow(this.lastUpdateRef, (n) => new Uint16Array(n));
    this.cap = cap;
  }

  /** Parses one file's bytes (already decompressed). */
  parseFile(file: MasterFile, fileId: number, src: Uint8Array): FileParseStats {
    this.expect = MASTER_FILE_CODES[file];
    const st = this.st;
    st[ST.exchange] = this.expect.exchange;
    st[ST.segment] = this.expect.segment;
    st[ST.fileId] = fileId;
    st.fill(-1, ST.session, ST.update + 3);
    const stats: FileParseStats = { file, rows: 0, badRows: 0, header: false };
    let layout: HeaderLayout | null = null;
    let pos = 0;
    let line = 0;
    const len = src.length;
    // Skip a UTF-8 byte-order mark.
    if (src[0] === 0xef && src[1] === 0xbb && src[2] === 0xbf) pos = 3;
    const buf = Buffer.from(src.buffer, src.byteOffset, src.byteLength);
    while (pos < len) {
      if (line >= 1 && layout === null) {
        // The live layout: the one-pass scanner takes rows until one needs the checking path.
        this.scan(buf, pos, len);
        line += st[ST.lines] as number;
        stats.rows += st[ST.rows] as number;
        pos = st[ST.stop] as number;
        if (st[ST.status] === SCAN.done) break;
        if (st[ST.status] === SCAN.grow) {
          const lf = buf.indexOf(LF, pos);
          this.reserve((lf < 0 ? len : lf) - pos);
          continue;
        }
      }
      let end = buf.indexOf(LF, pos);
      if (end < 0) end = len;
      const next = end + 1;
      line++;
      if (end > pos && src[end - 1] === CR) end--;
      if (end > pos) {
        if (line === 1 && !isDigit(src[pos] as number)) {
          layout = parseHeaderRow(buf.toString('utf8', pos, end));
          stats.header = true;
          if (!layout.ok) this.bad(stats, file, line, layout.reason, buf, pos, end);
        } else {
          this.reserve(end - pos);
          const nf = splitFields(src, pos, end, this.starts, this.ends, this.quoted);
          const err =
            layout === null
              ? checkRow(this, src, this.starts, this.ends, this.quoted, nf, fileId)
              : layout.ok
                ? layout.row(this, buf, this.starts, this.ends, nf, fileId)
                : 'no usable header';
          if (err === null) {
            stats.rows++;
            this.count++;
          } else this.bad(stats, file, line, err, buf, pos, end);
        }
      }
      pos = next;
    }
    return stats;
  }

  /** Runs the row scanner over buf from pos, with the columns and counters handed over and back. */
  private scan(buf: Buffer, pos: number, len: number): void {
    const st = this.st;
    const strings = [
      this.token,
      this.name,
      this.isin,
      this.ticker,
      this.underlying,
      this.underlyingToken,
    ];
    st[ST.count] = this.count;
    strings.forEach((b, k) => (st[ST.used + k] = b.usedBytes));
    const cols = [];
    cols[COL.tokenBytes] = this.token.bytes;
    cols[COL.tokenOffsets] = this.token.offsets;
    cols[COL.nameBytes] = this.name.bytes;
    cols[COL.nameOffsets] = this.name.offsets;
    cols[COL.isinBytes] = this.isin.bytes;
    cols[COL.isinOffsets] = this.isin.offsets;
    cols[COL.tickerBytes] = this.ticker.bytes;
    cols[COL.tickerOffsets] = this.ticker.offsets;
    cols[COL.underlyingBytes] = this.underlying.bytes;
    cols[COL.underlyingOffsets] = this.underlying.offsets;
    cols[COL.underlyingTokenBytes] = this.underlyingToken.bytes;
    cols[COL.underlyingTokenOffsets] = this.underlyingToken.offsets;
    cols[COL.instrumentType] = this.instrumentType;
    cols[COL.lotSize] = this.lotSize;
    cols[COL.tickSize] = this.tickSize;
    cols[COL.expiry] = this.expiry;
    cols[COL.exchange] = this.exchange;
    cols[COL.segment] = this.segment;
    cols[COL.scripCode] = this.scripCode;
    cols[COL.underlyingScripCode] = this.underlyingScripCode;
    cols[COL.strike] = this.strike;
    cols[COL.optionType] = this.optionType;
    cols[COL.fileId] = this.fileId;
    cols[COL.sessionRef] = this.sessionRef;
    cols[COL.lastUpdateRef] = this.lastUpdateRef;
    scanRows(buf, pos, len, cols, st);
    this.count = st[ST.count] as number;
    strings.forEach((b, k) => b.setEnd(this.count, st[ST.used + k] as number));
  }

  /** Room for one more row of `bytes` bytes in every column. */
  private reserve(bytes: number): void {
    this.ensureRow();
    this.token.reserve(bytes);
    this.name.reserve(bytes);
    this.isin.reserve(bytes);
    this.ticker.reserve(bytes);
    this.underlying.reserve(bytes);
    this.underlyingToken.reserve(bytes);
  }

  private bad(
    stats: FileParseStats,
    file: MasterFile,
    line: number,
    reason: string,
    buf: Buffer,
    s: number,
    e: number,
  ): void {
    stats.badRows++;
    this.badRows++;
    this.onBadRow({ file, line, reason, text: buf.toString('utf8', s, Math.min(e, s + 160)) });
  }

  /** Appends the numeric columns of one row (shared with the header path). */
  pushNumbers(
    type: number,
    lot: number,
    tick: number,
    expiry: number,
    ex: number,
    seg: number,
    scrip: number,
    uScrip: number,
    strike: number,
    opt: number,
    fileId: number,
  ): void {
    const i = this.count;
    this.instrumentType[i] = type;
    this.lotSize[i] = lot;
    this.tickSize[i] = tick;
    this.expiry[i] = expiry;
    this.exchange[i] = ex;
    this.segment[i] = seg;
    this.scripCode[i] = scrip;
    this.underlyingScripCode[i] = uScrip;
    this.strike[i] = strike;
    this.optionType[i] = opt;
    this.fileId[i] = fileId;
  }

  /** Session and last-update dictionary references of the row, from their bytes. */
  pushRefs(src: Uint8Array, s6: number, e6: number, s7: number, e7: number): void {
    this.sessionRef[this.count] = this.dictRef(ST.session, src, s6, e6);
    this.lastUpdateRef[this.count] = this.dictRef(ST.update, src, s7, e7);
  }

  /** Session and last-update references by text (the header path). */
  pushRefTexts(session: string, update: string): void {
    this.sessionRef[this.count] = this.dictId(session);
    this.lastUpdateRef[this.count] = this.dictId(update);
  }

  /** Dictionary reference for a repeated string (session, date); same bytes as last row reuse the id. */
  private dictRef(slot: number, src: Uint8Array, s: number, e: number): number {
    const st = this.st;
    const ls = st[slot] as number;
    if (ls >= 0 && e - s === (st[slot + 1] as number) - ls) {
      let same = true;
      for (let k = 0; k < e - s; k++)
        if (src[s + k] !== src[ls + k]) {
          same = false;
          break;
        }
      if (same) return st[slot + 2] as number;
    }
    const ref = this.dictId(
      Buffer.from(src.buffer, src.byteOffset, src.byteLength).toString('utf8', s, e),
    );
    st[slot] = s;
    st[slot + 1] = e;
    st[slot + 2] = ref;
    return ref;
  }

  /** Id of a dictionary string (adds it when new). */
  dictId(s: string): number {
    let id = this.dictIndex.get(s);
    if (id === undefined) {
      id = this.dict.length;
      this.dict.push(s);
      this.dictIndex.set(s, id);
    }
    return id;
  }

  /** Exactly sized columns. */
  finish() {
    const n = this.count;
    return {
      token: this.token.finish(),
      name: this.name.finish(),
      isin: this.isin.finish(),
      ticker: this.ticker.finish(),
      underlying: this.underlying.finish(),
      underlyingToken: this.underlyingToken.finish(),
      instrumentType: this.instrumentType.subarray(0, n),
      lotSize: this.lotSize.subarray(0, n),
      tickSize: this.tickSize.subarray(0, n),
      expiry: this.expiry.subarray(0, n),
      exchange: this.exchange.subarray(0, n),
      segment: this.segment.subarray(0, n),
      scripCode: this.scripCode.subarray(0, n),
      underlyingScripCode: this.underlyingScripCode.subarray(0, n),
      strike: this.strike.subarray(0, n),
      optionType: this.optionType.subarray(0, n),
      fileId: this.fileId.subarray(0, n),
      sessionRef: this.sessionRef.subarray(0, n),
      lastUpdateRef: this.lastUpdateRef.subarray(0, n),
      dict: this.dict.slice(),
      count: this.count,
      badRows: this.badRows,
    };
  }
}
