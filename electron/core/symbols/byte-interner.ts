/**
 * Interns byte strings (root symbols) to dense ids without making a JS string per lookup:
 * an open-addressing table over the bytes it has kept. The cold build groups 140k rows
 * into roots by their underlying's bytes; a Map<string, id> there decoded a string per
 * row and hashed it again, which was the largest share of root building.
 */
import { fnv1a } from './hash-index';
import { ByteColumnBuilder } from './table-builder';

/** Dense ids for distinct byte strings, in first-seen order; the strings stay as one column. */
export class ByteInterner {
  /** The interned strings, id order. */
  readonly column: ByteColumnBuilder;
  private table: Int32Array;
  private mask: number;

  /** `expected`: roughly how many distinct strings (the table grows past it). */
  constructor(expected: number) {
    let size = 1024;
    while (size < expected * 2) size *= 2;
    this.table = new Int32Array(size);
    this.mask = size - 1;
    this.column = new ByteColumnBuilder(expected, 10);
  }

  /** Number of distinct strings so far. */
  get size(): number {
    return this.column.length;
  }

  /** Id of src[s, e), added when new. */
  intern(src: Uint8Array, s: number, e: number): number {
    const col = this.column;
    const table = this.table;
    const n = e - s;
    let slot = fnv1a(src, s, e) & this.mask;
    for (;;) {
      const at = table[slot] as number;
      if (at === 0) break;
      const id = at - 1;
      const ks = col.offsets[id] as number;
      if ((col.offsets[id + 1] as number) - ks === n) {
        const b = col.bytes;
        let k = 0;
        while (k < n && b[ks + k] === src[s + k]) k++;
        if (k === n) return id;
      }
      slot = (slot + 1) & this.mask;
    }
    const id = col.length;
    col.push(src, s, e);
    table[slot] = id + 1;
    if (col.length * 2 > table.length) this.rehash();
    return id;
  }

  /** Id of a JS string (rare paths: a symbol derived from the ticker). */
  internString(text: string): number {
    const b = Buffer.from(text, 'utf8');
    return this.intern(b, 0, b.length);
  }

  /** Whether id's bytes equal src[s, e). */
  equals(id: number, src: Uint8Array, s: number, e: number): boolean {
    const col = this.column;
    const ks = col.offsets[id] as number;
    if ((col.offsets[id + 1] as number) - ks !== e - s) return false;
    for (let k = 0; k < e - s; k++) if (col.bytes[ks + k] !== src[s + k]) return false;
    return true;
  }

  /** The string of an id. */
  text(id: number): string {
    const col = this.column;
    return Buffer.from(col.bytes.buffer, col.bytes.byteOffset, col.bytes.byteLength).toString(
      'utf8',
      col.offsets[id],
      col.offsets[id + 1],
    );
  }

  private rehash(): void {
    const size = this.table.length * 2;
    const table = new Int32Array(size);
    const mask = size - 1;
    const col = this.column;
    for (let id = 0; id < col.length; id++) {
      let slot = fnv1a(col.bytes, col.offsets[id] as number, col.offsets[id + 1] as number) & mask;
      while (table[slot] !== 0) slot = (slot + 1) & mask;
      table[slot] = id + 1;
    }
    this.table = table;
    this.mask = mask;
  }
}
