import { app } from 'electron';
import Store from 'electron-store';
import { join } from 'node:path';
import {
  moveCorruptFileAside,
  SettingsFileCorruptError,
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
 * A file that is not JSON would make electron-store throw before the window exists; it is
 * moved aside instead (nothing lost), the app starts from defaults, and the first read
 * reports it so the core tells the trader.
 */
export function createElectronStoreBackend(
  dir: string = app.getPath('userData'),
): SettingsBackend & { path: string } {
  const open = () =>
    new Store<Record<string, unknown>>({
      name: NAME,
      cwd: dir,
      clearInvalidConfig: false,
      configFileMode: 0o600,
    });
  let damaged: SettingsFileCorruptError | null = null;
  let store: Store<Record<string, unknown>>;
  try {
    store = open();
  } catch (err) {
    if ((err as Error).name !== 'SyntaxError') throw err;
    damaged = new SettingsFileCorruptError(moveCorruptFileAside(join(dir, `${NAME}.json`)));
    store = open();
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
  };
}
