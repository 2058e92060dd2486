/**
 * One pass over a row of the live 21-column layout: each field is copied or read as a
 * number while its end is found, instead of splitting the row into field bounds first and
 * reading every field a second time. It only takes rows it can take whole: on anything
 * unusual (a quoted field, a wrong column count, a value the checks reject) it undoes
 * what it appended and returns false, and the parser's checking path reads the row again
 * and names the problem, so bad-row reasons and counts do not depend on this shortcut.
 */
import { hasColon, optionCode, parseNum } from './csv-fields';
import type { ByteColumnBuilder } from './table-builder';

const COMMA = 44;
const QUOTE = 34;

/** What the scanner writes into: the parser's columns and row appenders. */
export interface ScanSink {
  readonly token: ByteColumnBuilder;
  readonly name: ByteColumnBuilder;
  readonly isin: ByteColumnBuilder;
  readonly ticker: ByteColumnBuilder;
  readonly underlying: ByteColumnBuilder;
  readonly underlyingToken: ByteColumnBuilder;
  readonly expect: { exchange: number; segment: number };
  pushRefs(src: Uint8Array, s6: number, e6: number, s7: number, e7: number): void;
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
  ): void;
}

/** End of the field starting at i: the next comma, or end. */
function fieldEnd(src: Uint8Array, i: number, end: number): number {
  while (i < end && src[i] !== COMMA) i++;
  return i;
}

/** Appends the row src[pos, end) when it is a plain, valid 21-column row; else false, nothing kept. */
export function scanRow(
  p: ScanSink,
  src: Uint8Array,
  pos: number,
  end: number,
  fileId: number,
): boolean {
  const row = p.token.length;
  // 0 token: digits only.
  let i = pos;
  if (src[i] === QUOTE) return false;
  const e0 = p.token.pushField(src, i, end);
  if (e0 === i || e0 >= end) return undo(p, row);
  for (let k = i; k < e0; k++) {
    const c = src[k] as number;
    if (c < 48 || c > 57) return undo(p, row);
  }
  // 1 name.
  i = e0 + 1;
  if (src[i] === QUOTE) return undo(p, row);
  const e1 = p.name.pushField(src, i, end);
  if (e1 >= end) return undo(p, row);
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
  if (e >= end || !Number.isInteger(type) || !(lot >= 1) || !Number.isInteger(lot))
    return undo(p, row);
  if (!(tick > 0)) return undo(p, row);
  // 5 ISIN.
  i = e + 1;
  if (src[i] === QUOTE) return undo(p, row);
  const e5 = p.isin.pushField(src, i, end);
  if (e5 >= end) return undo(p, row);
  // 6-7 session and last update (dictionary references once the row is known good).
  const s6 = e5 + 1;
  const e6 = fieldEnd(src, s6, end);
  const s7 = e6 + 1;
  const e7 = fieldEnd(src, s7, end);
  // 8 expiry: empty (NaN) or Unix seconds.
  i = e7 + 1;
  e = fieldEnd(src, i, end);
  const expiry = i === e ? NaN : parseNum(src, i, e);
  if (e >= end || (i !== e && !(expiry > 0))) return undo(p, row);
  // 9 ticker: EXCHANGE:SYMBOL.
  i = e + 1;
  if (src[i] === QUOTE) return undo(p, row);
  const e9 = p.ticker.pushField(src, i, end);
  if (e9 >= end || !hasColon(src, i, e9)) return undo(p, row);
  // 10-12 exchange, segment, scrip code.
  i = e9 + 1;
  e = fieldEnd(src, i, end);
  const ex = parseNum(src, i, e);
  i = e + 1;
  e = fieldEnd(src, i, end);
  const seg = parseNum(src, i, e);
  i = e + 1;
  e = fieldEnd(src, i, end);
  const scrip = parseNum(src, i, e);
  if (e >= end || ex !== p.expect.exchange || seg !== p.expect.segment) return undo(p, row);
  if (
    (ex !== 10 && ex !== 11 && ex !== 12) ||
    (seg !== 10 && seg !== 11 && seg !== 12 && seg !== 20)
  )
    return undo(p, row);
  // 13 underlying.
  i = e + 1;
  if (src[i] === QUOTE) return undo(p, row);
  const e13 = p.underlying.pushField(src, i, end);
  if (e13 >= end) return undo(p, row);
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
  if (e >= end || opt < 0) return undo(p, row);
  if (!Number.isFinite(scrip) || !Number.isFinite(uScrip) || !Number.isFinite(strike))
    return undo(p, row);
  // 17 underlying token, then exactly three more fields (18-20) to the end of the line.
  i = e + 1;
  if (src[i] === QUOTE) return undo(p, row);
  const e17 = p.underlyingToken.pushField(src, i, end);
  let commas = 0;
  for (let k = e17; k < end; k++) {
    const c = src[k] as number;
    if (c === COMMA) commas++;
    else if (c === QUOTE && src[k - 1] === COMMA) return undo(p, row);
  }
  if (commas !== 3) return undo(p, row);
  // Fields 6-7 must not be quoted either: the checking path would unquote them.
  if (src[s6] === QUOTE || src[s7] === QUOTE) return undo(p, row);
  p.pushRefs(src, s6, e6, s7, e7);
  p.pushNumbers(type, lot, tick, expiry, ex, seg, scrip, uScrip, strike, opt, fileId);
  return true;
}

/** Drops what this row appended so far; the checking path takes it from here. */
function undo(p: ScanSink, row: number): false {
  p.token.truncate(row);
  p.name.truncate(row);
  p.isin.truncate(row);
  p.ticker.truncate(row);
  p.underlying.truncate(row);
  p.underlyingToken.truncate(row);
  return false;
}
