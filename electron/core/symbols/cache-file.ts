/**
 * The on-disk cache of a built symbol master: one binary file holding every typed array
 * of SymbolData, 8-byte aligned, behind a small JSON header. Loading is a file read plus
 * one view per array (no parsing, no per-row work), which is what makes a warm start
 * ready in milliseconds; measured against JSON in tests/bench/symbols.bench.ts.
 * Written to a temporary name and renamed, so a crash never leaves a half-written cache.
 */
import { open, rename, writeFile } from 'node:fs/promises';
import {
  ARRAY_KINDS,
  type ArrayName,
  type DataArray,
  SYMBOL_DATA_VERSION,
  type SymbolArrays,
  type SymbolData,
  type SymbolMeta,
} from './symbol-data';

const MAGIC = 'TDSYMC01';

/** The cache file is missing a piece, from another version, or damaged: rebuild it. */
export class SymbolCacheError extends Error {
  override readonly name = 'SymbolCacheError';
}

interface Section {
  name: ArrayName;
  offset: number;
  length: number;
}

const CTORS = {
  u8: Uint8Array,
  u16: Uint16Array,
  i32: Int32Array,
  u32: Uint32Array,
  f64: Float64Array,
} as const;

const align8 = (n: number): number => (n + 7) & ~7;

/** Serializes SymbolData into one buffer. */
export function encodeSymbolCache(data: SymbolData): Buffer {
  const names = Object.keys(ARRAY_KINDS) as ArrayName[];
  const sections: Section[] = [];
  let offset = 0;
  for (const name of names) {
    const arr = data.arrays[name] as DataArray;
    sections.push({ name, offset, length: arr.length });
    offset = align8(offset + arr.byteLength);
  }
  const header = Buffer.from(JSON.stringify({ meta: data.meta, sections }), 'utf8');
  const base = align8(MAGIC.length + 4 + header.length);
  const out = Buffer.alloc(base + offset);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(header.length, MAGIC.length);
  header.copy(out, MAGIC.length + 4);
  for (const s of sections) {
    const arr = data.arrays[s.name] as DataArray;
    out.set(new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength), base + s.offset);
  }
  return out;
}

/** Rebuilds SymbolData views over a cache buffer (no copy when the buffer is aligned). */
export function decodeSymbolCache(input: Uint8Array): SymbolData {
  let buf = input;
  if (buf.byteOffset % 8 !== 0) buf = new Uint8Array(buf); // copy into an aligned buffer
  const text = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  if (buf.length < 12 || text.toString('latin1', 0, MAGIC.length) !== MAGIC)
    throw new SymbolCacheError('not a symbol cache file');
  const headerLength = text.readUInt32LE(MAGIC.length);
  let header: { meta: SymbolMeta; sections: Section[] };
  try {
    header = JSON.parse(
      text.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + headerLength),
    ) as typeof header;
  } catch {
    throw new SymbolCacheError('cache header is damaged');
  }
  if (header.meta?.version !== SYMBOL_DATA_VERSION)
    throw new SymbolCacheError(
      `cache version ${String(header.meta?.version)} is not ${SYMBOL_DATA_VERSION}`,
    );
  const base = align8(MAGIC.length + 4 + headerLength);
  const arrays: Partial<Record<ArrayName, DataArray>> = {};
  for (const s of header.sections) {
    const kind = ARRAY_KINDS[s.name];
    if (!kind) continue;
    const Ctor = CTORS[kind];
    const start = buf.byteOffset + base + s.offset;
    if (base + s.offset + s.length * Ctor.BYTES_PER_ELEMENT > buf.length)
      throw new SymbolCacheError(`cache section ${s.name} is truncated`);
    arrays[s.name] = new Ctor(buf.buffer as ArrayBuffer, start, s.length);
  }
  for (const name of Object.keys(ARRAY_KINDS) as ArrayName[])
    if (!arrays[name]) throw new SymbolCacheError(`cache lacks ${name}`);
  const data: SymbolData = { meta: header.meta, arrays: arrays as SymbolArrays };
  const n = data.meta.count;
  if (
    data.arrays.tickerOffsets.length !== n + 1 ||
    data.arrays.lotSize.length !== n ||
    data.arrays.rootMemberStart.length !== data.meta.roots + 1
  ) {
    throw new SymbolCacheError('cache sections disagree with its row count');
  }
  return data;
}

/** Writes the cache atomically (temp file, then rename). */
export async function writeSymbolCache(path: string, data: SymbolData): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, encodeSymbolCache(data));
  await rename(tmp, path);
}

/**
 * Reads the cache; throws SymbolCacheError (or ENOENT) when it cannot be used. One read
 * into one 8-byte-aligned buffer: fs.readFile reads in 512 KB chunks through the thread
 * pool, which measured 2-4x slower for this 25-30 MB file on a busy machine.
 */
export async function readSymbolCache(path: string): Promise<SymbolData> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const buf = Buffer.allocUnsafeSlow(size); // own ArrayBuffer at offset 0: aligned, not zero-filled
    let done = 0;
    while (done < size) {
      const { bytesRead } = await handle.read(buf, done, size - done, done);
      if (bytesRead === 0) throw new SymbolCacheError('cache file shrank while being read');
      done += bytesRead;
    }
    return decodeSymbolCache(buf);
  } finally {
    await handle.close();
  }
}
