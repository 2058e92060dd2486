import Store from 'electron-store';
import type { SettingsBackend } from '../core/settings/backend';

/**
 * The desktop app's settings persistence: electron-store (atomic writes in the user data
 * folder). The schema and migrations live in the core's settings store, so the harness's
 * JSON-file backend and this one hold exactly the same document.
 */
export function createElectronStoreBackend(): SettingsBackend {
  const store = new Store<{ doc?: unknown }>({ name: 'settings', clearInvalidConfig: false });
  return {
    get: async () => store.get('doc'),
    set: async (doc) => {
      store.set('doc', doc);
    },
  };
}
