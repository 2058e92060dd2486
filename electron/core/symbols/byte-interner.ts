/**
 * Interns byte strings (root symbols) to dense ids without making a JS string per lookup:
 * an open-addressing table over the bytes it has kept. The cold build groups 140k rows
 * into roots by their underlying's bytes; a Map<string, id> there decoded a string per
 * row and hashed it again, which was the largest share of root building.
 *
 * Plain functions over typed arrays rather than a class: the loops that call them then
 * touch no object whose shape dies with the build, so their type feedback (and optimised
 * code) survives a full GC between builds instead of deoptimising on the next one.
 */
import { fnv1a } from './hash-index';

/** The interner's arrays; `state` holds [count, bytes used]. Sized once, never grows. */
export interface Interner {
  table: Int32Array;
  bytes: Uint8Array;
  offsets: Uint32Array;
  state: Int32Array;
}

/** Room for up to `maxKeys` strings of `maxBytes` bytes in all. */
export function createInterner(maxKeys: number, maxBytes: number): Interner {
  let size = 1024;
  while (size < maxKeys * 1.5) size *= 2;
  return {
    table: new Int32Array(size),
    bytes: new Uint8Array(Math.max(16, maxBytes)),
    offsets: new Uint32Array(maxKeys + 1),
    state: new Int32Array(2),
  };
}

/** Id of src[s, e), added when new (the caller sized the interner for every row). */
export function internBytes(
  table: Int32Array,
  bytes: Uint8Array,
  offsets: Uint32Array,
  state: Int32Array,
  src: Uint8Array,
  s: number,
  e: number,
): number {
  const n = e - s;
  const mask = table.length - 1;
  let slot = fnv1a(src, s, e) & mask;
  for (;;) {
    const at = table[slot] as number;
    if (at === 0) break;
    const id = at - 1;
    const ks = offsets[id] as number;
    if ((offsets[id + 1] as number) - ks === n) {
      let k = 0;
      while (k < n && bytes[ks + k] === src[s + k]) k++;
      if (k === n) return id;
    }
    slot = (slot + 1) & mask;
  }
  const id = state[0] as number;
  let w = state[1] as number;
  for (let k = s; k < e; k++) bytes[w++] = src[k] as number;
  offsets[id + 1] = w;
  state[0] = id + 1;
  state[1] = w;
  table[slot] = id + 1;
  return id;
}

/** Whether id's bytes equal src[s, e). */
export function internedEquals(
  bytes: Uint8Array,
  offsets: Uint32Array,
  id: number,
  src: Uint8Array,
  s: number,
  e: number,
): boolean {
  const ks = offsets[id] as number;
  if ((offsets[id + 1] as number) - ks !== e - s) return false;
  for (let k = 0; k < e - s; k++) if (bytes[ks + k] !== src[s + k]) return false;
  return true;
}

/** UTF-8 text of bytes [s, e). */
export function utf8(bytes: Uint8Array, s: number, e: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8', s, e);
}

/** The interned strings as an exactly sized column (copied out of the spare room). */
export function internedColumn(it: Interner): { bytes: Uint8Array; offsets: Uint32Array } {
  const count = it.state[0] as number;
  return {
    bytes: it.bytes.slice(0, it.state[1] as number),
    offsets: it.offsets.slice(0, count + 1),
  };
}
