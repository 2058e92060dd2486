/**
 * Where the symbol master lives on disk: the last good copy of each raw file (so a file
 * that did not change need not be downloaded to rebuild), a meta file with each file's
 * validators (ETag, Last-Modified) and the time of the last check, and the binary cache.
 * Every write goes to a temporary name first and is renamed into place.
 */
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MASTER_FILES, type MasterFile } from '../../../shared/broker/instrument';
import type { FileMeta } from './download-file';

/** What meta.json records. */
export interface StoreMeta {
  files: Partial<Record<MasterFile, FileMeta>>;
  /** When the files were last checked with the server successfully (ISO). */
  lastCheck?: string;
}

/** File-system access for one cache directory. */
export class MasterStore {
  constructor(readonly dir: string) {}

  /** Path of the binary cache. */
  get cachePath(): string {
    return join(this.dir, 'symbols.cache');
  }

  private rawPath(file: MasterFile): string {
    return join(this.dir, 'raw', `${file}.csv`);
  }

  /** Meta, or an empty one when there is none or it is unreadable. */
  async readMeta(): Promise<StoreMeta> {
    try {
      const parsed = JSON.parse(await readFile(join(this.dir, 'meta.json'), 'utf8')) as StoreMeta;
      return parsed && typeof parsed === 'object' && parsed.files ? parsed : { files: {} };
    } catch {
      return { files: {} };
    }
  }

  /** Saves meta atomically. */
  async writeMeta(meta: StoreMeta): Promise<void> {
    await this.atomicWrite(join(this.dir, 'meta.json'), JSON.stringify(meta, null, 1));
  }

  /** The last good copy of a file, or undefined. */
  async readRaw(file: MasterFile): Promise<Uint8Array | undefined> {
    try {
      return await readFile(this.rawPath(file));
    } catch {
      return undefined;
    }
  }

  /** Every file's last good copy that exists. */
  async readAllRaw(): Promise<Partial<Record<MasterFile, Uint8Array>>> {
    const out: Partial<Record<MasterFile, Uint8Array>> = {};
    await Promise.all(
      MASTER_FILES.map(async (f) => {
        const b = await this.readRaw(f);
        if (b) out[f] = b;
      }),
    );
    return out;
  }

  /** Which files have a last good copy on disk. */
  async existingRaw(): Promise<Set<MasterFile>> {
    const out = new Set<MasterFile>();
    await Promise.all(
      MASTER_FILES.map(async (f) => {
        try {
          if ((await stat(this.rawPath(f))).size > 0) out.add(f);
        } catch {
          // absent
        }
      }),
    );
    return out;
  }

  /** Replaces a file's last good copy. */
  async writeRaw(file: MasterFile, body: Uint8Array): Promise<void> {
    await this.atomicWrite(this.rawPath(file), body);
  }

  private async atomicWrite(path: string, body: string | Uint8Array): Promise<void> {
    await mkdir(join(path, '..'), { recursive: true });
    const tmp = `${path}.${process.pid}.tmp`;
    await writeFile(tmp, body);
    await rename(tmp, path);
  }
}

/** Identifies a set of files by their validators, so a cache built from them can be matched. */
export function fingerprintOf(meta: StoreMeta): string {
  return MASTER_FILES.map((f) => {
    const m = meta.files[f];
    return m ? `${f}:${m.etag ?? ''}:${m.lastModified ?? ''}:${m.bytes}` : `${f}:-`;
  }).join('|');
}
