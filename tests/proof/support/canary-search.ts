/**
 * Where a canary value could hide in what Tickdesk writes: the raw bytes of each file, and
 * each entry of every ZIP archive inside it (the support bundle is deflate-compressed, so a
 * secret in one of its entries is invisible to a raw byte search). The secrets proof
 * searches through this, and a unit test plants canaries to prove the search finds them.
 */
import { unzipSync } from 'fflate';

/** One searchable blob: a file, or one entry of an archive (`bundle.zip!summary.html`). */
export interface Searchable {
  name: string;
  bytes: Uint8Array;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

function isZip(bytes: Uint8Array): boolean {
  return ZIP_MAGIC.every((b, i) => bytes[i] === b);
}

/**
 * Every file as it is, plus every entry of every ZIP file, unpacked. An archive that
 * cannot be unpacked is an error: a search that skipped it would prove nothing.
 */
export function expandArchives(files: readonly Searchable[]): Searchable[] {
  const out: Searchable[] = [];
  for (const f of files) {
    out.push(f);
    if (!isZip(f.bytes)) continue;
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(f.bytes);
    } catch (err) {
      throw new Error(`cannot unzip ${f.name} to search it: ${String(err)}`, { cause: err });
    }
    for (const [entry, bytes] of Object.entries(entries))
      out.push(...expandArchives([{ name: `${f.name}!${entry}`, bytes }]));
  }
  return out;
}

/** The names of the blobs that hold `value` (UTF-8), after unpacking archives. */
export function placesHolding(value: string, blobs: readonly Searchable[]): string[] {
  const needle = Buffer.from(value, 'utf8');
  return blobs.filter((b) => Buffer.from(b.bytes).includes(needle)).map((b) => b.name);
}
