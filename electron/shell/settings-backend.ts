import { app } from 'electron';
import Store from 'electron-store';
import { join } from 'node:path';
import {
  copyFileAside,
  moveCorruptFileAside,
  SettingsFileCorruptError,
  SettingsFileUnusableError,
  stripBom,
  unreadableWhy,
  type SettingsBackend,
} from '../core/settings/backend';

const NAME = 'settings';

/**
 * The desktop app's settings persistence: electron-store keeps `settings.json` in the user
 * data folder (atomic writes, owner-only file). The file holds the settings document itself;
 * the core's settings store migrates and validates it with the project's schema
 * (core/settings/schema.ts, migrations.ts) on every load and write, exactly as over the
 * harness's JSON-file backend.
 *
 * A file that is not JSON, or a path that cannot be read as a file (a folder, no
 * permission), would make electron-store throw before the window exists; it is moved aside
 * instead (nothing lost), the app starts from defaults, and the first read reports it so
 * the core tells the trader. A UTF-8 byte-order mark is read past, as the JSON-file backend
 * does.
 */
export function createElectronStoreBackend(
  dir: string = app.getPath('userData'),
): SettingsBackend & { path: string } {
  const file = join(dir, `${NAME}.json`);
  const open = () =>
    new Store<Record<string, unknown>>({
      name: NAME,
      cwd: dir,
      clearInvalidConfig: false,
      configFileMode: 0o600,
      deserialize: (text) => JSON.parse(stripBom(text)) as Record<string, unknown>,
    });
  let damaged: Error | null = null;
  let store: Store<Record<string, unknown>>;
  try {
    store = open();
  } catch (err) {
    damaged =
      (err as Error).name === 'SyntaxError'
        ? new SettingsFileCorruptError(moveCorruptFileAside(file))
        : new SettingsFileUnusableError(
            moveCorruptFileAside(file, new Date(), 'unusable'),
            unreadableWhy(err),
          );
    try {
      store = open();
    } catch {
      // Still unusable (it could not be moved): the core starts read-only from defaults.
      const report = damaged;
      return {
        path: file,
        get: () => Promise.reject(report),
        set: () => Promise.reject(new Error('the settings file cannot be written')),
      };
    }
  }
  return {
    path: store.path,
    async get() {
      if (damaged) {
        const report = damaged;
        damaged = null;
        throw report;
      }
      const doc = store.store;
      if (Object.keys(doc).length === 0) return undefined;
      // Builds before 0.1.0 kept the document under one `doc` key.
      if (Object.keys(doc).length === 1 && doc.doc && typeof doc.doc === 'object') return doc.doc;
      return doc;
    },
    async set(doc) {
      store.store = doc as Record<string, unknown>;
    },
    keepCopy: (label) => copyFileAside(store.path, label),
  };
}
