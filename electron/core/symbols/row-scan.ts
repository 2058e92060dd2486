/**
 * One pass over the rows of the live 21-column layout: each field is copied or read as a
 * number while its end is found, straight into the parser's column arrays, instead of
 * splitting a row into field bounds first and reading every field a second time.
 *
 * It only takes rows it can take whole. It stops and hands back to the parser at a row it
 * gives up on (a quoted field, a wrong column count, a value the checks reject: the
 * parser's checking path reads that row again and names the problem, so bad-row reasons
 * do not depend on this shortcut), at a session or update text that differs from the last
 * row's (the parser keeps the dictionary), and when a column needs more room.
 *
 * It touches typed arrays only (columns passed in an array, counters in `st`): no object
 * whose shape dies with the build, so its type feedback and optimised code survive a full
 * GC between builds instead of deoptimising on the next one.
 */
import { hasColon, optionCode, parseNum } from './csv-fields';

const COMMA = 44;
const QUOTE = 34;
const LF = 10;
const CR = 13;

/** Where the columns sit in the array handed to scanRows. */
export const COL = {
  tokenBytes: 0,
  tokenOffsets: 1,
  nameBytes: 2,
  nameOffsets: 3,
  isinBytes: 4,
  isinOffsets: 5,
  tickerBytes: 6,
  tickerOffsets: 7,
  underlyingBytes: 8,
  underlyingOffsets: 9,
  underlyingTokenBytes: 10,
  underlyingTokenOffsets: 11,
  instrumentType: 12,
  lotSize: 13,
  tickSize: 14,
  expiry: 15,
  exchange: 16,
  segment: 17,
  scripCode: 18,
  underlyingScripCode: 19,
  strike: 20,
  optionType: 21,
  fileId: 22,
  sessionRef: 23,
  lastUpdateRef: 24,
} as const;

/** Slots of the counters array `st` shared by the parser and the scanner. */
export const ST = {
  /** Rows so far (all columns). */
  count: 0,
  /** Bytes used by the six string columns, in COL order: 1..6. */
  used: 1,
  exchange: 7,
  segment: 8,
  fileId: 9,
  /** Last session text: start, end (in the current file), dictionary id. */
  session: 10,
  /** Last update-date text: start, end, id. */
  update: 13,
  /** Out: lines consumed, where it stopped, why, rows appended. */
  lines: 16,
  stop: 17,
  status: 18,
  rows: 19,
  size: 20,
} as const;

/** Why scanRows stopped. */
export const SCAN = { done: 0, slowRow: 1, grow: 2 } as const;

/** Field end from i: the next comma, or end. */
function fieldEnd(src: Uint8Array, i: number, end: number): number {
  while (i < end && src[i] !== COMMA) i++;
  return i;
}

/** Copies the field starting at i into dst from w; returns the field's end. */
function copyField(src: Uint8Array, i: number, end: number, dst: Uint8Array, w: number): number {
  while (i < end) {
    const c = src[i] as number;
    if (c === COMMA) break;
    dst[w++] = c;
    i++;
  }
  return i;
}

/** Whether src[s, e) equals src[ls, le). */
function same(src: Uint8Array, s: number, e: number, ls: number, le: number): boolean {
  if (ls < 0 || e - s !== le - ls) return false;
  for (let k = 0; k < e - s; k++) if (src[s + k] !== src[ls + k]) return false;
  return true;
}

/** Scans rows of buf from pos to len into cols; results and counters in st (see ST). */
export function scanRows(
  buf: Buffer,
  pos: number,
  len: number,
  cols: readonly (Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array)[],
  st: Int32Array,
): void {
  const tokB = cols[COL.tokenBytes] as Uint8Array;
  const tokO = cols[COL.tokenOffsets] as Uint32Array;
  const namB = cols[COL.nameBytes] as Uint8Array;
  const namO = cols[COL.nameOffsets] as Uint32Array;
  const isiB = cols[COL.isinBytes] as Uint8Array;
  const isiO = cols[COL.isinOffsets] as Uint32Array;
  const ticB = cols[COL.tickerBytes] as Uint8Array;
  const ticO = cols[COL.tickerOffsets] as Uint32Array;
  const undB = cols[COL.underlyingBytes] as Uint8Array;
  const undO = cols[COL.underlyingOffsets] as Uint32Array;
  const utkB = cols[COL.underlyingTokenBytes] as Uint8Array;
  const utkO = cols[COL.underlyingTokenOffsets] as Uint32Array;
  const instrumentType = cols[COL.instrumentType] as Int32Array;
  const lotSize = cols[COL.lotSize] as Int32Array;
  const tickSize = cols[COL.tickSize] as Float64Array;
  const expiryCol = cols[COL.expiry] as Float64Array;
  const exchange = cols[COL.exchange] as Uint8Array;
  const segment = cols[COL.segment] as Uint8Array;
  const scripCode = cols[COL.scripCode] as Float64Array;
  const underlyingScripCode = cols[COL.underlyingScripCode] as Float64Array;
  const strikeCol = cols[COL.strike] as Float64Array;
  const optionType = cols[COL.optionType] as Uint8Array;
  const fileIdCol = cols[COL.fileId] as Uint8Array;
  const sessionRef = cols[COL.sessionRef] as Uint16Array;
  const lastUpdateRef = cols[COL.lastUpdateRef] as Uint16Array;
  const src: Uint8Array = buf;
  const wantEx = st[ST.exchange] as number;
  const wantSeg = st[ST.segment] as number;
  const fileId = st[ST.fileId] as number;
  let count = st[ST.count] as number;
  let wTok = st[ST.used] as number;
  let wNam = st[ST.used + 1] as number;
  let wIsi = st[ST.used + 2] as number;
  let wTic = st[ST.used + 3] as number;
  let wUnd = st[ST.used + 4] as number;
  let wUtk = st[ST.used + 5] as number;
  let lines = 0;
  let rows = 0;
  let status: number = SCAN.done;
  while (pos < len) {
    let end = buf.indexOf(LF, pos);
    if (end < 0) end = len;
    const next = end + 1;
    if (end > pos && src[end - 1] === CR) end--;
    if (end === pos) {
      lines++;
      pos = next;
      continue;
    }
    const rowLen = end - pos;
    if (
      count >= instrumentType.length ||
      count + 2 > tokO.length ||
      wTok + rowLen > tokB.length ||
      wNam + rowLen > namB.length ||
      wIsi + rowLen > isiB.length ||
      wTic + rowLen > ticB.length ||
      wUnd + rowLen > undB.length ||
      wUtk + rowLen > utkB.length
    ) {
      status = SCAN.grow;
      break;
    }
    // 0 token: digits only.
    let i = pos;
    const e0 = copyField(src, i, end, tokB, wTok);
    if (e0 === i || e0 >= end) break;
    let digits = true;
    for (let k = i; k < e0; k++) {
      const c = src[k] as number;
      if (c < 48 || c > 57) digits = false;
    }
    // 1 name.
    i = e0 + 1;
    if (!digits || src[i] === QUOTE) break;
    const e1 = copyField(src, i, end, namB, wNam);
    if (e1 >= end) break;
    const nNam = e1 - i;
    // 2-4 instrument type, lot size, tick size.
    i = e1 + 1;
    let e = fieldEnd(src, i, end);
    const type = parseNum(src, i, e);
    i = e + 1;
    e = fieldEnd(src, i, end);
    const lot = parseNum(src, i, e);
    i = e + 1;
    e = fieldEnd(src, i, end);
    const tick = parseNum(src, i, e);
    if (e >= end || !Number.isInteger(type) || !(lot >= 1) || !Number.isInteger(lot)) break;
    if (!(tick > 0)) break;
    // 5 ISIN.
    i = e + 1;
    if (src[i] === QUOTE) break;
    const e5 = copyField(src, i, end, isiB, wIsi);
    if (e5 >= end) break;
    const nIsi = e5 - i;
    // 6-7 session and last update: must repeat the last row's (else the parser looks them up).
    const s6 = e5 + 1;
    const e6 = fieldEnd(src, s6, end);
    const s7 = e6 + 1;
    const e7 = fieldEnd(src, s7, end);
    if (!same(src, s6, e6, st[ST.session] as number, st[ST.session + 1] as number)) break;
    if (!same(src, s7, e7, st[ST.update] as number, st[ST.update + 1] as number)) break;
    // 8 expiry: empty (NaN) or Unix seconds.
    i = e7 + 1;
    e = fieldEnd(src, i, end);
    const expiry = i === e ? NaN : parseNum(src, i, e);
    if (e >= end || (i !== e && !(expiry > 0))) break;
    // 9 ticker: EXCHANGE:SYMBOL.
    i = e + 1;
    if (src[i] === QUOTE) break;
    const e9 = copyField(src, i, end, ticB, wTic);
    if (e9 >= end || !hasColon(src, i, e9)) break;
    const nTic = e9 - i;
    // 10-12 exchange, segment (the file's own), scrip code.
    i = e9 + 1;
    e = fieldEnd(src, i, end);
    const ex = parseNum(src, i, e);
    i = e + 1;
    e = fieldEnd(src, i, end);
    const seg = parseNum(src, i, e);
    i = e + 1;
    e = fieldEnd(src, i, end);
    const scrip = parseNum(src, i, e);
    if (e >= end || ex !== wantEx || seg !== wantSeg) break;
    // 13 underlying.
    i = e + 1;
    if (src[i] === QUOTE) break;
    const e13 = copyField(src, i, end, undB, wUnd);
    if (e13 >= end) break;
    const nUnd = e13 - i;
    // 14-16 underlying scrip code (empty: 0), strike (empty: -1), option type.
    i = e13 + 1;
    e = fieldEnd(src, i, end);
    const uScrip = i === e ? 0 : parseNum(src, i, e);
    i = e + 1;
    e = fieldEnd(src, i, end);
    const strike = i === e ? -1 : parseNum(src, i, e);
    i = e + 1;
    e = fieldEnd(src, i, end);
    const opt = optionCode(src, i, e);
    if (e >= end || opt < 0) break;
    if (!Number.isFinite(scrip) || !Number.isFinite(uScrip) || !Number.isFinite(strike)) break;
    // 17 underlying token, then exactly three more fields (18-20) to the end of the line.
    i = e + 1;
    if (src[i] === QUOTE) break;
    const e17 = copyField(src, i, end, utkB, wUtk);
    const nUtk = e17 - i;
    let commas = 0;
    let quoted = false;
    for (let k = e17; k < end; k++) {
      const c = src[k] as number;
      if (c === COMMA) commas++;
      else if (c === QUOTE && src[k - 1] === COMMA) quoted = true;
    }
    if (commas !== 3 || quoted || src[s6] === QUOTE || src[s7] === QUOTE) break;
    // The row is good: commit what was copied and the numbers.
    wTok += e0 - pos;
    wNam += nNam;
    wIsi += nIsi;
    wTic += nTic;
    wUnd += nUnd;
    wUtk += nUtk;
    tokO[count + 1] = wTok;
    namO[count + 1] = wNam;
    isiO[count + 1] = wIsi;
    ticO[count + 1] = wTic;
    undO[count + 1] = wUnd;
    utkO[count + 1] = wUtk;
    instrumentType[count] = type;
    lotSize[count] = lot;
    tickSize[count] = tick;
    expiryCol[count] = expiry;
    exchange[count] = ex;
    segment[count] = seg;
    scripCode[count] = scrip;
    underlyingScripCode[count] = uScrip;
    strikeCol[count] = strike;
    optionType[count] = opt;
    fileIdCol[count] = fileId;
    sessionRef[count] = st[ST.session + 2] as number;
    lastUpdateRef[count] = st[ST.update + 2] as number;
    count++;
    rows++;
    lines++;
    pos = next;
  }
  if (pos < len && status === SCAN.done) status = SCAN.slowRow;
  st[ST.count] = count;
  st[ST.used] = wTok;
  st[ST.used + 1] = wNam;
  st[ST.used + 2] = wIsi;
  st[ST.used + 3] = wTic;
  st[ST.used + 4] = wUnd;
  st[ST.used + 5] = wUtk;
  st[ST.lines] = lines;
  st[ST.stop] = pos;
  st[ST.status] = status;
  st[ST.rows] = rows;
}
