/**
 * Where the settings document is kept.
 *
 * Deliberately just "get/set one JSON document", so the Electron adapter over
 * electron-store is two lines (`get: () => store.store`, `set: (d) => { store.store = d }`)
 * and Node tests use the JSON-file backend below.
 */
import { open, readFile, rename, rm } from 'node:fs/promises';
import { mkdirSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';

/** Storage for the settings document; validation and migration happen above it. */
export interface SettingsBackend {
  /** The stored document, or undefined when nothing has been stored yet. */
  get(): Promise<unknown>;
  /** Replace the stored document. Must be all-or-nothing. */
  set(doc: unknown): Promise<void>;
}

/** The settings file exists but is not JSON; it was moved aside to `movedTo`. */
export class SettingsFileCorruptError extends Error {
  override readonly name = 'SettingsFileCorruptError';
  constructor(readonly movedTo: string | null) {
    super(`The settings file was not valid JSON${movedTo ? `; it was kept as ${movedTo}` : ''}.`);
  }
}

/**
 * Moves a damaged settings file aside (settings.json.corrupt-<time>) so nothing the trader
 * had is lost and the app can start from defaults; every backend uses this one policy.
 * Returns where it went, or null when it could not be moved.
 */
export function moveCorruptFileAside(path: string, now: Date = new Date()): string | null {
  const aside = `${path}.corrupt-${now.toISOString().replace(/[:.]/g, '-')}`;
  try {
    renameSync(path, aside);
    return aside;
  } catch {
    return null;
  }
}

/** The settings file's text, or undefined when there is no file yet (first run). */
async function readSettingsText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

let tmpCounter = 0;

/**
 * A backend that keeps the document in one JSON file, written atomically: the new content
 * goes to a temp file in the same folder, is flushed to disk, then renamed over the old
 * file, so a crash leaves either the old or the new document, never half of one.
 */
export function createJsonFileSettingsBackend(path: string): SettingsBackend & { path: string } {
  mkdirSync(dirname(path), { recursive: true });
  return {
    path,
    async get() {
      const text = await readSettingsText(path);
      if (text === undefined) return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new SettingsFileCorruptError(moveCorruptFileAside(path));
      }
    },
    async set(doc) {
      const data = `${JSON.stringify(doc, null, 2)}\n`;
      const tmp = `${path}.${process.pid}.${++tmpCounter}.tmp`;
      const fh = await open(tmp, 'w', 0o600);
      try {
        await fh.writeFile(data, 'utf8');
        await fh.sync();
      } catch (err) {
        await fh.close();
        await rm(tmp, { force: true });
        throw err;
      }
      await fh.close();
      try {
        await rename(tmp, path);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
  };
}

/**
 * The settings file read and never written, moved or created: for `--export-diagnostics`,
 * which must leave the data folder exactly as the trader's app left it (a damaged file stays
 * where it is for the app to handle; a file needing migration is migrated in memory only).
 * Reads the desktop app's electron-store file too (same JSON; old builds nested it under
 * `doc`). Writing throws.
 */
export function createReadOnlySettingsBackend(path: string): SettingsBackend & { path: string } {
  return {
    path,
    async get() {
      const text = await readSettingsText(path);
      if (text === undefined) return undefined;
      let doc: unknown;
      try {
        doc = JSON.parse(text) as unknown;
      } catch {
        throw new SettingsFileCorruptError(null);
      }
      if (typeof doc !== 'object' || doc === null) return doc;
      const keys = Object.keys(doc);
      if (keys.length === 0) return undefined;
      const nested = (doc as Record<string, unknown>).doc;
      if (keys.length === 1 && nested && typeof nested === 'object') return nested;
      return doc;
    },
    async set() {
      throw new Error('settings are read-only here (support bundle export)');
    },
  };
}

/** A backend in memory, for tests and for the harness when no data folder is wanted. */
export function createMemorySettingsBackend(initial?: unknown): SettingsBackend {
  let doc: unknown = initial === undefined ? undefined : structuredClone(initial);
  return {
    get: async () => (doc === undefined ? undefined : structuredClone(doc)),
    set: async (d) => {
      doc = structuredClone(d);
    },
  };
}
