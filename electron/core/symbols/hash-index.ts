/**
 * Exact lookups (ticker -> row, token -> row) as an open-addressing hash table in one
 * Int32Array. Unlike a Map it is built in a few milliseconds from the byte columns, needs
 * no string per row, and is stored in the disk cache as is, so a warm start does not
 * rebuild it.
 */

/** FNV-1a over bytes [s, e): the one byte hash of the symbol index. */
export function fnv1a(b: Uint8Array, s: number, e: number): number {
  let h = 0x811c9dc5;
  for (let k = s; k < e; k++) {
    h ^= b[k] as number;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Builds the table for a column. Duplicate keys keep the first row; the rows that lost
 * are returned so the caller can report them.
 */
export function buildHashIndex(
  bytes: Uint8Array,
  offsets: Uint32Array,
): { table: Int32Array; duplicates: number[] } {
  const n = offsets.length - 1;
  let size = 1024;
  // Load factor at most ~0.67: linear probing stays short, and the table is half the
  // size of a 2n one, which matters because it is read on every warm start.
  while (size < n * 1.5) size *= 2;
  const table = new Int32Array(size);
  const mask = size - 1;
  const duplicates: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = offsets[i] as number;
    const e = offsets[i + 1] as number;
    let slot = fnv1a(bytes, s, e) & mask;
    for (;;) {
      const at = table[slot] as number;
      if (at === 0) {
        table[slot] = i + 1;
        break;
      }
      if (equalRows(bytes, offsets, at - 1, s, e)) {
        duplicates.push(i);
        break;
      }
      slot = (slot + 1) & mask;
    }
  }
  return { table, duplicates };
}

function equalRows(
  bytes: Uint8Array,
  offsets: Uint32Array,
  row: number,
  s: number,
  e: number,
): boolean {
  const rs = offsets[row] as number;
  if ((offsets[row + 1] as number) - rs !== e - s) return false;
  for (let k = 0; k < e - s; k++) if (bytes[rs + k] !== bytes[s + k]) return false;
  return true;
}

/** Row of a key, or -1. */
export function hashLookup(
  table: Int32Array,
  bytes: Uint8Array,
  offsets: Uint32Array,
  key: Uint8Array,
): number {
  const mask = table.length - 1;
  let slot = fnv1a(key, 0, key.length) & mask;
  for (;;) {
    const at = table[slot] as number;
    if (at === 0) return -1;
    const rs = offsets[at - 1] as number;
    const re = offsets[at] as number;
    if (re - rs === key.length) {
      let eq = true;
      for (let k = 0; k < key.length; k++) {
        if (bytes[rs + k] !== key[k]) {
          eq = false;
          break;
        }
      }
      if (eq) return at - 1;
    }
    slot = (slot + 1) & mask;
  }
}
