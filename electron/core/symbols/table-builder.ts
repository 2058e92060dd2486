/**
 * Growable columns that the parser writes rows into. Rows are appended field by field
 * straight from the file's bytes, so parsing never creates a string per cell.
 */

/** A growable bytes+offsets string column. */
export class ByteColumnBuilder {
  bytes: Uint8Array;
  offsets: Uint32Array;
  length = 0;
  private used = 0;

  constructor(rows: number, bytesPerRow: number) {
    this.bytes = new Uint8Array(Math.max(64, rows * bytesPerRow));
    this.offsets = new Uint32Array(rows + 1);
  }

  /** Appends src[start, end). */
  push(src: Uint8Array, start: number, end: number): void {
    const n = end - start;
    if (this.used + n > this.bytes.length) this.growBytes(this.used + n);
    const b = this.bytes;
    let w = this.used;
    for (let k = start; k < end; k++) b[w++] = src[k] as number;
    this.used = w;
    this.endRow();
  }

  /** Appends a quoted CSV field's content, collapsing doubled quotes. */
  pushUnquoted(src: Uint8Array, start: number, end: number): void {
    if (this.used + end - start > this.bytes.length) this.growBytes(this.used + end - start);
    const b = this.bytes;
    let w = this.used;
    for (let k = start; k < end; k++) {
      b[w++] = src[k] as number;
      if (src[k] === 34 && src[k + 1] === 34) k++;
    }
    this.used = w;
    this.endRow();
  }

  /** Room for `bytes` more bytes and one more row. */
  reserve(bytes: number): void {
    if (this.used + bytes > this.bytes.length) this.growBytes(this.used + bytes);
    if (this.length + 2 > this.offsets.length) {
      const o = new Uint32Array(this.offsets.length * 2);
      o.set(this.offsets);
      this.offsets = o;
    }
  }

  /** Bytes used so far. */
  get usedBytes(): number {
    return this.used;
  }

  /** Takes rows someone else wrote straight into `bytes` and `offsets` (the row scanner). */
  setEnd(length: number, used: number): void {
    this.length = length;
    this.used = used;
  }

  /** Appends a JS string (rare paths: derived values, the 13-column variant). */
  pushString(s: string): void {
    const enc = Buffer.from(s, 'utf8');
    this.push(enc, 0, enc.length);
  }

  private endRow(): void {
    if (this.length + 2 > this.offsets.length) {
      const o = new Uint32Array(this.offsets.length * 2);
      o.set(this.offsets);
      this.offsets = o;
    }
    this.length++;
    this.offsets[this.length] = this.used;
  }

  private growBytes(min: number): void {
    const b = new Uint8Array(Math.max(min, this.bytes.length * 2));
    b.set(this.bytes.subarray(0, this.used));
    this.bytes = b;
  }

  /** Views sized exactly (no copy: the slack stays in the buffer until it is dropped). */
  finish(): { bytes: Uint8Array; offsets: Uint32Array } {
    return {
      bytes: this.bytes.subarray(0, this.used),
      offsets: this.offsets.subarray(0, this.length + 1),
    };
  }
}

/**
 * Builds a string column from JS strings in one go. One encode of the joined text when it
 * is all ASCII (the usual case: symbols, words), one encode per string otherwise.
 */
export function stringColumn(values: readonly string[]): {
  bytes: Uint8Array;
  offsets: Uint32Array;
} {
  const joined = values.join('');
  const bytes = Buffer.from(joined, 'utf8');
  const offsets = new Uint32Array(values.length + 1);
  if (bytes.length === joined.length) {
    let at = 0;
    for (let k = 0; k < values.length; k++) {
      at += (values[k] as string).length;
      offsets[k + 1] = at;
    }
    return { bytes, offsets };
  }
  const b = new ByteColumnBuilder(values.length, 12);
  for (const v of values) b.pushString(v);
  return b.finish();
}

/** A growable numeric column. */
export class NumberColumnBuilder<T extends Float64Array | Int32Array | Uint8Array | Uint16Array> {
  length = 0;
  constructor(
    public data: T,
    private readonly make: (n: number) => T,
  ) {}
  /** Appends one value. */
  push(v: number): void {
    if (this.length === this.data.length) {
      const d = this.make(Math.max(16, this.data.length * 2));
      d.set(this.data);
      this.data = d;
    }
    this.data[this.length++] = v;
  }
  /** Exactly sized view (no copy). */
  finish(): T {
    return this.data.subarray(0, this.length) as T;
  }
}

/** Shorthands for the column kinds the parser uses. */
export const f64 = (n: number) =>
  new NumberColumnBuilder(new Float64Array(n), (k) => new Float64Array(k));
export const i32 = (n: number) =>
  new NumberColumnBuilder(new Int32Array(n), (k) => new Int32Array(k));
export const u8 = (n: number) =>
  new NumberColumnBuilder(new Uint8Array(n), (k) => new Uint8Array(k));
export const u16 = (n: number) =>
  new NumberColumnBuilder(new Uint16Array(n), (k) => new Uint16Array(k));
