/**
 * Readers for single fields of a master row, straight from the file's bytes: numbers,
 * option type, and the checks the row validation needs. No strings, no allocation; shared
 * by the one-pass row scanner and the checking path that names what is wrong with a row.
 */

const COMMA = 44;
const QUOTE = 34;

/** Whether c is an ASCII digit. */
export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Whether src[s, e) is one or more digits. */
export function allDigits(src: Uint8Array, s: number, e: number): boolean {
  if (e <= s) return false;
  for (let k = s; k < e; k++) if (!isDigit(src[k] as number)) return false;
  return true;
}

/** Whether src[s, e) has a colon with something on both sides (EXCHANGE:SYMBOL). */
export function hasColon(src: Uint8Array, s: number, e: number): boolean {
  for (let k = s + 1; k < e - 1; k++) if (src[k] === 58) return true;
  return false;
}

/** 0 XX, 1 CE, 2 PE, -1 anything else. */
export function optionCode(src: Uint8Array, s: number, e: number): number {
  if (e - s !== 2) return e === s ? 0 : -1;
  const a = src[s];
  const b = src[s + 1];
  if (b === 69 && a === 67) return 1; // CE
  if (b === 69 && a === 80) return 2; // PE
  if (a === 88 && b === 88) return 0; // XX
  return -1;
}

/**
 * Decimal number from bytes without allocating: optional sign, digits, optional fraction.
 * Anything else (exponents, stray text) returns NaN, which the row check rejects.
 */
export function parseNum(src: Uint8Array, s: number, e: number): number {
  if (e <= s) return NaN;
  let k = s;
  let neg = false;
  if (src[k] === 45) {
    neg = true;
    k++;
  }
  let v = 0;
  let digits = 0;
  while (k < e && isDigit(src[k] as number)) {
    v = v * 10 + ((src[k] as number) - 48);
    k++;
    digits++;
  }
  if (k < e && src[k] === 46) {
    k++;
    let scale = 1;
    let frac = 0;
    while (k < e && isDigit(src[k] as number)) {
      frac = frac * 10 + ((src[k] as number) - 48);
      scale *= 10;
      k++;
      digits++;
    }
    // One correctly rounded division of exact integers gives the same double as Number('0.05').
    v = (v * scale + frac) / scale;
  }
  if (k !== e || digits === 0) return NaN;
  return neg ? -v : v;
}

/**
 * Splits [pos, end) at commas outside quotes into field bounds (quoted: content without
 * the quotes, flagged); returns the number of fields, at most starts.length.
 */
export function splitFields(
  src: Uint8Array,
  pos: number,
  end: number,
  starts: Int32Array,
  ends: Int32Array,
  quoted: Uint8Array,
): number {
  let n = 0;
  let s = pos;
  let i: number;
  while (n < starts.length) {
    if (src[s] === QUOTE) {
      // Quoted field: runs to the closing quote; "" is an escaped quote.
      i = s + 1;
      while (i < end && !(src[i] === QUOTE && src[i + 1] !== QUOTE)) i += src[i] === QUOTE ? 2 : 1;
      starts[n] = s + 1;
      ends[n] = i;
      quoted[n] = 1;
      i++;
      while (i < end && src[i] !== COMMA) i++;
    } else {
      i = s;
      while (i < end && src[i] !== COMMA) i++;
      starts[n] = s;
      ends[n] = i;
      quoted[n] = 0;
    }
    n++;
    if (i >= end) break;
    s = i + 1;
    if (s === end) {
      // Trailing comma: one more empty field.
      starts[n] = end;
      ends[n] = end;
      quoted[n] = 0;
      n++;
      break;
    }
  }
  return n;
}
