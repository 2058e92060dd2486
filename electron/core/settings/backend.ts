/**
 * Where the settings document is kept.
 *
 * Deliberately just "get/set one JSON document", so the Electron adapter over
 * electron-store is two lines (`get: () => store.store`, `set: (d) => { store.store = d }`)
 * and Node tests use the JSON-file backend below.
 */
import { copyFile, open, readFile, rename, rm } from 'node:fs/promises';
import { constants, mkdirSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';

/** Storage for the settings document; validation and migration happen above it. */
export interface SettingsBackend {
  /** The stored document, or undefined when nothing has been stored yet. */
  get(): Promise<unknown>;
  /** Replace the stored document. Must be all-or-nothing. */
  set(doc: unknown): Promise<void>;
  /**
   * Copy the stored file aside, untouched, as `<file>.<label>-<time>`, before the store
   * replaces a document it could not use as it was; where the copy is, or null when it
   * could not be made. Absent where there is no file (memory).
   */
  keepCopy?(label: string): Promise<string | null>;
}

/** `<path>.<label>-<time>`: where a settings file the app cannot use is kept. */
export function asidePath(path: string, label: string, now: Date = new Date()): string {
  return `${path}.${label}-${now.toISOString().replace(/[:.]/g, '-')}`;
}

/** Copies the settings file aside (never over an existing file); where, or null. */
export async function copyFileAside(path: string, label: string): Promise<string | null> {
  const aside = asidePath(path, label);
  try {
    await copyFile(path, aside, constants.COPYFILE_EXCL);
    return aside;
  } catch {
    return null;
  }
}

/** The text without a leading UTF-8 byte-order mark (Notepad writes one; JSON.parse refuses it). */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The settings path exists but cannot be read as a file (a folder, no permission). It was
 * moved aside to `movedTo` when that was possible; `why` says what is wrong, in words.
 */
export class SettingsFileUnusableError extends Error {
  override readonly name = 'SettingsFileUnusableError';
  constructor(
    readonly movedTo: string | null,
    readonly why: string,
  ) {
    super(
      `The settings file could not be read (${why})${movedTo ? `; it was moved to ${movedTo}` : ''}.`,
    );
  }
}

/** What a read error means, in words for the trader (never the errno). */
export function unreadableWhy(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code === 'EISDIR') return 'it is a folder, not a file';
  if (code === 'EACCES' || code === 'EPERM') return 'Tickdesk is not allowed to read it';
  return 'the system could not read it';
}

/** The settings file exists but is not JSON; it was moved aside to `movedTo`. */
export class SettingsFileCorruptError extends Error {
  override readonly name = 'SettingsFileCorruptError';
  constructor(readonly movedTo: string | null) {
    super(`The settings file was not valid JSON${movedTo ? `; it was kept as ${movedTo}` : ''}.`);
  }
}

/**
 * Moves a damaged settings file (or whatever stands at its path) aside
 * (settings.json.corrupt-<time>, or another label) so nothing the trader
 * had is lost and the app can start from defaults; every backend uses this one policy.
 * Returns where it went, or null when it could not be moved.
 */
export function moveCorruptFileAside(
  path: string,
  now: Date = new Date(),
  label = 'corrupt',
): string | null {
  const aside = asidePath(path, label, now);
  try {
    renameSync(path, aside);
    return aside;
  } catch {
    return null;
  }
}

/**
 * The settings file's text (without a byte-order mark), or undefined when there is no file
 * yet (first run). A path that cannot be read (a folder, no permission) is moved aside when
 * `moveAside`, so the app can write its settings again, and reported in words.
 */
async function readSettingsText(path: string, moveAside: boolean): Promise<string | undefined> {
  try {
    return stripBom(await readFile(path, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new SettingsFileUnusableError(
      moveAside ? moveCorruptFileAside(path, new Date(), 'unusable') : null,
      unreadableWhy(err),
    );
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
      const text = await readSettingsText(path, true);
      if (text === undefined) return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new SettingsFileCorruptError(moveCorruptFileAside(path));
      }
    },
    keepCopy: (label) => copyFileAside(path, label),
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
      const text = await readSettingsText(path, false);
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
