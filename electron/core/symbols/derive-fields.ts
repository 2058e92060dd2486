/**
 * Per-instrument fields that search and chains need but the file does not hold directly:
 * the class tier (cash, future, option, debt) and the contract series (year, month,
 * weekly day) read from the ticker, plus the IST day of the expiry.
 */
import { CLASS_TIER } from './symbol-data';
import { IST_OFFSET_MS, MONTH_CODES } from '../../../shared/format/ist';

/** Debt-like instrument types: debentures, gold bonds, G-secs, T-bills. */
const DEBT_TYPES = new Set([2, 5, 6, 7]); // named-codes: not an order code (instrument types)
const MONTHS = MONTH_CODES;
/** Month number by its three letters packed into one number (no string per row). */
const MONTH_BY_CODE = new Map(
  MONTHS.map((m, k) => [(m.charCodeAt(0) << 16) | (m.charCodeAt(1) << 8) | m.charCodeAt(2), k + 1]),
);

/** Inputs: the columns this step reads. */
export interface DeriveInput {
  count: number;
  tickerBytes: Uint8Array;
  tickerOffsets: Uint32Array;
  underlyingOffsets: Uint32Array;
  instrumentType: Int32Array;
  expiry: Float64Array;
  optionType: Uint8Array;
}

/** Outputs: derived columns. */
export interface Derived {
  classTier: Uint8Array;
  seriesYear: Uint8Array;
  seriesMonth: Uint8Array;
  expiryDay: Uint8Array;
  weekly: Uint8Array;
}

/** Computes the derived columns in one pass. */
export function deriveFields(c: DeriveInput): Derived {
  const n = c.count;
  const out: Derived = {
    classTier: new Uint8Array(n),
    seriesYear: new Uint8Array(n),
    seriesMonth: new Uint8Array(n),
    expiryDay: new Uint8Array(n),
    weekly: new Uint8Array(n),
  };
  // The loop takes typed arrays only: no object whose shape dies with the build, so its
  // type feedback survives a full GC between builds (no deoptimisation on the next one).
  deriveRows(
    n,
    c.tickerBytes,
    c.tickerOffsets,
    c.underlyingOffsets,
    c.instrumentType,
    c.expiry,
    c.optionType,
    out.classTier,
    out.seriesYear,
    out.seriesMonth,
    out.expiryDay,
    out.weekly,
  );
  return out;
}

function deriveRows(
  n: number,
  t: Uint8Array,
  tickerOffsets: Uint32Array,
  underlyingOffsets: Uint32Array,
  instrumentType: Int32Array,
  expiry: Float64Array,
  optionType: Uint8Array,
  classTier: Uint8Array,
  seriesYear: Uint8Array,
  seriesMonth: Uint8Array,
  expiryDay: Uint8Array,
  weekly: Uint8Array,
): void {
  // Rows come grouped by contract, so the last expiry's date parts are usually reusable.
  let lastExp = NaN;
  let lastDate = new Date(0);
  for (let i = 0; i < n; i++) {
    const exp = expiry[i] as number;
    const opt = optionType[i] as number;
    if (opt !== 0) classTier[i] = CLASS_TIER.option;
    else if (exp === exp) classTier[i] = CLASS_TIER.future;
    else
      classTier[i] = DEBT_TYPES.has(instrumentType[i] as number)
        ? CLASS_TIER.debt
        : CLASS_TIER.cash;
    if (exp !== exp) continue;
    if (exp !== lastExp) {
      lastExp = exp;
      lastDate = new Date(exp * 1000 + IST_OFFSET_MS);
    }
    const d = lastDate;
    expiryDay[i] = d.getUTCDate();
    // Series code right after "EX:" + underlying: YY then MMM (monthly) or M+DD (weekly).
    const ts = tickerOffsets[i] as number;
    const te = tickerOffsets[i + 1] as number;
    let colon = ts;
    while (colon < te && t[colon] !== 58) colon++;
    const p = colon + 1 + ((underlyingOffsets[i + 1] as number) - (underlyingOffsets[i] as number));
    const y = digit(t[p]) * 10 + digit(t[p + 1]);
    const m1 = t[p + 2] as number;
    const m2 = t[p + 3] as number;
    const m3 = t[p + 4] as number;
    let month = 0;
    let day = 0;
    if (isUpper(m1) && isUpper(m2) && isUpper(m3)) {
      month = MONTH_BY_CODE.get((m1 << 16) | (m2 << 8) | m3) ?? 0;
    } else if (isDigitCode(m2) && isDigitCode(m3)) {
      month = m1 >= 49 && m1 <= 57 ? m1 - 48 : m1 === 79 ? 10 : m1 === 78 ? 11 : m1 === 68 ? 12 : 0;
      day = (m2 - 48) * 10 + (m3 - 48);
    }
    if (y >= 0 && y < 100 && month > 0 && p + 4 < te) {
      seriesYear[i] = y;
      seriesMonth[i] = month;
      weekly[i] = day > 0 ? 1 : 0;
    } else {
      // Unknown ticker shape: fall back to the expiry date.
      seriesYear[i] = d.getUTCFullYear() % 100;
      seriesMonth[i] = d.getUTCMonth() + 1;
    }
  }
}

function digit(c: number | undefined): number {
  return c !== undefined && c >= 48 && c <= 57 ? c - 48 : -100;
}
function isDigitCode(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isUpper(c: number): boolean {
  return c >= 65 && c <= 90;
}
