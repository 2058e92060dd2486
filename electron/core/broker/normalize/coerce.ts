/**
 * Field readers shared by the normalizers.
 *
 * The broker sends the same field under two spellings (svcToken/svctoken, PAN/pan), numbers
 * as numbers or numeric strings, single letters where numbers belong, and ids as numbers or
 * strings. These readers absorb that once, so each normalizer states only which names to
 * look at and what the field means.
 */
import { BrokerError } from '../broker-error';

/** A raw JSON object from the broker. */
export type Raw = Record<string, unknown>;

/** Returns the first present (non-undefined, non-null) value among the given spellings. */
export function pick(raw: Raw, ...names: string[]): unknown {
  for (const n of names) {
    const v = raw[n];
    if (v !== undefined && v !== null) return v;
  }
  return undefined;
}

/**
 * Reads a number that may arrive as a number or numeric text ('1,234.50', ' 12 ').
 * Letters, empty text and missing values give null: the caller decides whether that means
 * "unknown" (funds) or a default.
 */
export function numOrNull(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string') {
    const t = v.trim().replace(/,/g, '');
    if (t === '' || !/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) return null;
    // '1e999' is valid numeric text but Infinity: never let a non-finite number through.
    const n = Number(t);
    return Number.isFinite(n) ? n : null;
  }
  if (typeof v === 'boolean') return null;
  return null;
}

/** Reads a number with a default for missing or non-numeric values (quantities, prices). */
export function num(v: unknown, fallback = 0): number {
  return numOrNull(v) ?? fallback;
}

/** Reads text; numbers become their decimal text (order ids sent as numbers). */
export function str(v: unknown, fallback = ''): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return fallback;
}

/** Text or null when absent or empty (optional references such as parentId). */
export function strOrNull(v: unknown): string | null {
  const s = str(v).trim();
  return s === '' ? null : s;
}

/** Reads the broker's boolean texts ('True', 'TRUE', 'False', 'Y', 'N', 1, 0). */
export function bool(v: unknown, fallback = false): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') {
    const t = v.trim().toLowerCase();
    if (t === 'true' || t === 'y' || t === 'yes' || t === '1') return true;
    if (t === 'false' || t === 'n' || t === 'no' || t === '0' || t === '') return false;
  }
  return fallback;
}

/** Reads a side code (1 / -1) from numbers, numeric text or letters (B/S, BUY/SELL). */
export function side(v: unknown): 1 | -1 | undefined {
  const n = numOrNull(v);
  if (n === 1 || n === -1) return n;
  if (typeof v === 'string') {
    const t = v.trim().toUpperCase();
    if (t === 'B' || t === 'BUY') return 1;
    if (t === 'S' || t === 'SELL') return -1;
  }
  return undefined;
}

/**
 * A broker value as error text: short (a row may carry 100 kB of text) and never throwing
 * (JSON.stringify throws on BigInt and cycles, and a bad value must not become a crash).
 */
export function shown(v: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(v) ?? typeof v;
  } catch {
    text = typeof v;
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Reads an object field, or an empty object, so nested lookups never throw on null. */
export function obj(v: unknown): Raw {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Raw) : {};
}

/** Reads a list, failing loudly when the broker sent something else where a list belongs. */
export function list(v: unknown, what: string): Raw[] {
  if (v === undefined || v === null || v === '') return [];
  if (!Array.isArray(v)) throw BrokerError.malformedPayload(`${what} is not a list`);
  // Array.from, not map: a sparse list has holes that map would keep as undefined rows.
  return Array.from(v, (item) => obj(item));
}

/** Reads a value that must be one of a small set, failing loudly otherwise. */
export function oneOf<T extends string | number>(
  v: unknown,
  allowed: readonly T[],
  what: string,
): T {
  const candidate =
    typeof allowed[0] === 'number'
      ? numOrNull(v)
      : typeof v === 'string'
        ? v.trim().toUpperCase()
        : v;
  if ((allowed as readonly unknown[]).includes(candidate)) return candidate as T;
  throw BrokerError.malformedPayload(`${what} has an unexpected value ${shown(v)}`);
}
