/**
 * The checking path for a row of the live 21-column layout: reads the fields a split found
 * and names the first thing wrong with the row, or appends it (a quoted name, which the
 * one-pass scanner leaves to this path). Validates before appending.
 */
import { allDigits, hasColon, optionCode, parseNum } from './csv-fields';
import type { ByteColumnBuilder } from './table-builder';
import type { NumberColumnsSink } from './master-header';
import { isExchange, isSegment } from '../../../shared/broker/enums';

/** What the checking path writes into: the parser's string columns and row appenders. */
export interface CheckSink extends NumberColumnsSink {
  readonly token: ByteColumnBuilder;
  readonly name: ByteColumnBuilder;
  readonly isin: ByteColumnBuilder;
  readonly ticker: ByteColumnBuilder;
  readonly underlying: ByteColumnBuilder;
  readonly underlyingToken: ByteColumnBuilder;
  readonly expect: { exchange: number; segment: number };
  pushRefs(src: Uint8Array, s6: number, e6: number, s7: number, e7: number): void;
}

export function checkRow(
  p: CheckSink,
  src: Uint8Array,
  st: Int32Array,
  en: Int32Array,
  quoted: Uint8Array,
  nf: number,
  fileId: number,
): string | null {
  if (nf !== 21) return `expected 21 columns, got ${nf}`;
  if (!allDigits(src, st[0] as number, en[0] as number)) return 'token is not a number';
  const type = parseNum(src, st[2] as number, en[2] as number);
  const lot = parseNum(src, st[3] as number, en[3] as number);
  const tick = parseNum(src, st[4] as number, en[4] as number);
  const expiry = st[8] === en[8] ? NaN : parseNum(src, st[8] as number, en[8] as number);
  const ex = parseNum(src, st[10] as number, en[10] as number);
  const seg = parseNum(src, st[11] as number, en[11] as number);
  const scrip = parseNum(src, st[12] as number, en[12] as number);
  const uScrip = st[14] === en[14] ? 0 : parseNum(src, st[14] as number, en[14] as number);
  const strike = st[15] === en[15] ? -1 : parseNum(src, st[15] as number, en[15] as number);
  const opt = optionCode(src, st[16] as number, en[16] as number);
  if (!Number.isInteger(type)) return 'instrument type is not a number';
  if (!(lot >= 1) || !Number.isInteger(lot)) return 'lot size is not a positive whole number';
  if (!(tick > 0)) return 'tick size is not a positive number';
  if (st[8] !== en[8] && !(expiry > 0)) return 'expiry is not Unix seconds';
  if (!isExchange(ex)) return `unknown exchange code ${String(ex)}`;
  if (!isSegment(seg)) return `unknown segment code ${String(seg)}`;
  if (ex !== p.expect.exchange || seg !== p.expect.segment)
    return `exchange/segment ${ex}/${seg} does not belong in this file`;
  if (!Number.isFinite(scrip) || !Number.isFinite(uScrip) || !Number.isFinite(strike))
    return 'scrip code or strike is not a number';
  if (opt < 0) return 'option type is not CE, PE or XX';
  if (!hasColon(src, st[9] as number, en[9] as number))
    return 'symbol ticker lacks the EXCHANGE: prefix';
  p.token.push(src, st[0] as number, en[0] as number);
  if (quoted[1] === 1) p.name.pushUnquoted(src, st[1] as number, en[1] as number);
  else p.name.push(src, st[1] as number, en[1] as number);
  p.isin.push(src, st[5] as number, en[5] as number);
  p.ticker.push(src, st[9] as number, en[9] as number);
  p.underlying.push(src, st[13] as number, en[13] as number);
  p.underlyingToken.push(src, st[17] as number, en[17] as number);
  p.pushRefs(src, st[6] as number, en[6] as number, st[7] as number, en[7] as number);
  p.pushNumbers(type, lot, tick, expiry, ex, seg, scrip, uScrip, strike, opt, fileId);
  return null;
}
