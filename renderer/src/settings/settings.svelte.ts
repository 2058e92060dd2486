import type {
  AccountInput,
  PreferencesView,
  SettingsView,
} from '../../../shared/ipc/channels/settings';
import type { IpcError, IpcResult } from '../../../shared/ipc/errors';
import { backend } from '../lib/backend';
import { notices } from '../lib/notices.svelte';

/**
 * The settings as the main process last told us (accounts, active account, preferences,
 * where secrets live). Kept in one store that follows `settings.changed`, so a change made
 * in another window, or by the main process itself, shows up in the open screen at once.
 * Never holds a secret: the app secret is write-only and only its presence comes back.
 */
class SettingsStore {
  view = $state<SettingsView | null>(null);
  /** The last failure of loading (not of a save: forms keep their own errors next to fields). */
  error = $state<IpcError | null>(null);
  loading = $state(false);
  #unsubscribe: (() => void) | null = null;

  /** Subscribes to `settings.changed` once and loads the current settings. */
  async init(): Promise<void> {
    const api = backend();
    this.#unsubscribe?.();
    this.#unsubscribe = api.on.settings.changed((v) => this.#apply(v));
    await this.load();
  }

  async load(): Promise<void> {
    this.loading = true;
    try {
      const r = await backend().settings.get();
      if (r.ok) this.#apply(r.data);
      else this.error = r.error;
    } finally {
      this.loading = false;
    }
  }

  /** Adds (no id) or edits an account; answers the error so the form can show it by its field. */
  saveAccount(account: AccountInput): Promise<IpcError | null> {
    return this.#run(() => backend().settings.saveAccount({ account }));
  }

  removeAccount(id: string): Promise<IpcError | null> {
    return this.#run(() => backend().settings.removeAccount({ id }));
  }

  setActiveAccount(id: string): Promise<IpcError | null> {
    return this.#run(() => backend().settings.setActiveAccount({ id }));
  }

  /** Stores the app secret in the keychain, or with null deletes it. Nothing is kept here. */
  setAppSecret(accountId: string, secret: string | null): Promise<IpcError | null> {
    return this.#run(() => backend().settings.setAppSecret({ accountId, secret }));
  }

  updatePreferences(patch: Partial<PreferencesView>): Promise<IpcError | null> {
    return this.#run(() => backend().settings.updatePreferences({ patch }));
  }

  async #run(call: () => Promise<IpcResult<SettingsView>>): Promise<IpcError | null> {
    const r = await call();
    if (!r.ok) return r.error;
    this.#apply(r.data);
    return null;
  }

  #issueShown = false;

  #apply(next: SettingsView): void {
    this.view = next;
    this.error = null;
    // Settings that could not be used at start (a damaged file moved aside): say so once,
    // and keep it on screen until the trader dismisses it.
    if (next.loadIssue && !this.#issueShown) {
      this.#issueShown = true;
      notices.push('warning', next.loadIssue.message, 0);
    }
  }
}

/** The app's one settings state. */
export const settings = new SettingsStore();

/**
 * The form field an error names. The main process reports a path (`account.redirectUrl`,
 * `accounts.2.redirectUrl`, `patch.fatFinger.maxOrderQty`); the form knows its fields by
 * their last name, which is unique within each settings form.
 */
export function errorField(error: IpcError | null): string | null {
  if (!error?.field) return null;
  const parts = error.field.split('.').filter((p) => p !== '' && !/^\d+$/.test(p));
  return parts.at(-1) ?? null;
}

/**
 * The message without the path the main process puts in front of it ("save account:
 * accounts.2.redirectUrl must be…"), since the form already shows it next to that field.
 */
export function fieldMessage(error: IpcError): string {
  const field = error.field;
  if (!field) return error.message;
  const at = error.message.indexOf(field);
  if (at < 0) return error.message;
  const rest = error.message
    .slice(at + field.length)
    .replace(/^[:\s]+/, '')
    .trim();
  return rest ? rest.charAt(0).toUpperCase() + rest.slice(1) : error.message;
}
