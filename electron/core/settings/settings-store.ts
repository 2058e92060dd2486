/**
 * The settings service: load (migrate, validate), read, change and persist settings.
 *
 * All changes go through small named operations validated against the schema, and writes
 * are serialized, so two quick changes from the UI cannot interleave and lose one.
 */
import type { SettingsLoadIssue } from '../../../shared/ipc/channels/settings';
import { yieldDefaultsToOverrides } from '../../../shared/keymap/keymap';
import { Watchlists } from '../../../shared/settings/watchlists';
import { silentLogger, type Logger } from '../diagnostics/logger';
import type { z } from 'zod';
import type { SettingsBackend } from './backend';
import { MigrationError, migrateSettings, type Migration, MIGRATIONS } from './migrations';
import {
  AccountSettings,
  Preferences,
  SettingsDocument,
  defaultSettings,
  type AccountSettings as Account,
  type Preferences as Prefs,
} from './schema';

/**
 * A key the trader chose that a newer version made another action's default: theirs wins
 * (shared/keymap), so an upgrade never throws away the whole settings document for it.
 */
function yieldNewDefaultKeys(doc: Record<string, unknown>): string[] {
  const prefs = doc.preferences;
  if (!prefs || typeof prefs !== 'object') return [];
  const keymap = (prefs as Record<string, unknown>).keymap;
  if (!keymap || typeof keymap !== 'object') return [];
  const r = yieldDefaultsToOverrides(keymap as Record<string, unknown>);
  (prefs as Record<string, unknown>).keymap = r.keymap;
  return r.unbound;
}

/** Why the stored document could not be used as it was; shown once to the trader. */
export type { SettingsLoadIssue };

/** A rejected change: which field, and why, for the form to show. */
export class SettingsValidationError extends Error {
  override readonly name = 'SettingsValidationError';
  constructor(
    message: string,
    readonly issues: { path: string; message: string }[],
  ) {
    super(message);
  }
}

/** Dependencies of `createSettingsStore`. */
export interface SettingsStoreDeps {
  backend: SettingsBackend;
  logger?: Logger;
  migrations?: readonly Migration[];
  /**
   * Read the stored document without ever writing it back (the support bundle export): a
   * migration is applied in memory only, and every change is refused.
   */
  readOnly?: boolean;
}

/** The settings service used by the session, the login flow and the IPC handlers. */
export interface SettingsStore {
  /** Read, migrate and validate the stored document; falls back to defaults with an issue. */
  load(): Promise<{ settings: SettingsDocument; issue: SettingsLoadIssue | null }>;
  get(): SettingsDocument;
  /** Why settings are read-only (a newer build wrote them), or null. */
  readOnlyReason(): string | null;
  /** Why the stored settings could not be used at start (shown to the trader once), or null. */
  loadIssue(): SettingsLoadIssue | null;
  activeAccount(): Account | null;
  account(id: string): Account | null;
  /**
   * Add or replace an account (matched by id); the first account becomes active. An account
   * given without a brokerage plan keeps the one stored (or gets the default).
   */
  upsertAccount(account: z.input<typeof AccountSettings>): Promise<SettingsDocument>;
  removeAccount(id: string): Promise<SettingsDocument>;
  setActiveAccount(id: string | null): Promise<SettingsDocument>;
  updatePreferences(patch: Partial<Prefs>): Promise<SettingsDocument>;
  /** Saves a basket under its name (replacing one of that name, whatever its case). */
  saveBasket(basket: { name: string; orders: unknown[] }): Promise<SettingsDocument>;
  /** Deletes the saved basket of that name (whatever its case). */
  removeBasket(name: string): Promise<SettingsDocument>;
  /** Replaces the market-watch lists (validated: at most 20 lists of 250 symbols). */
  setWatchlists(lists: Watchlists): Promise<SettingsDocument>;
  onChange(listener: (s: SettingsDocument) => void): () => void;
  /** Resolves once every change asked for is written (quitting); the core's disposal convention. */
  dispose(): Promise<void>;
}

function toValidationError(
  what: string,
  err: { issues: { path: PropertyKey[]; message: string }[] },
): SettingsValidationError {
  const issues = err.issues.map((i) => ({
    path: i.path.map(String).join('.'),
    message: i.message,
  }));
  return new SettingsValidationError(
    `${what}: ${issues.map((i) => `${i.path || '(document)'} ${i.message}`).join('; ')}`,
    issues,
  );
}

/** Build the settings service over a backend. Call `load()` before anything else. */
export function createSettingsStore(deps: SettingsStoreDeps): SettingsStore {
  const log = (deps.logger ?? silentLogger).child('settings');
  let current = defaultSettings();
  let readOnly: string | null = deps.readOnly
    ? 'Settings are open read-only (support bundle export).'
    : null;
  let issue: SettingsLoadIssue | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const listeners = new Set<(s: SettingsDocument) => void>();

  /**
   * Validate and persist a change. `change` runs inside the write queue against the latest
   * document, so quick successive changes build on each other instead of overwriting.
   */
  function commit(
    change: (cur: SettingsDocument) => unknown,
    what: string,
  ): Promise<SettingsDocument> {
    const run = async (): Promise<SettingsDocument> => {
      if (readOnly) throw new SettingsValidationError(readOnly, []);
      const parsed = SettingsDocument.safeParse(change(current));
      if (!parsed.success) throw toValidationError(what, parsed.error);
      await deps.backend.set(parsed.data);
      current = parsed.data;
      for (const l of listeners) l(current);
      return current;
    };
    const p = queue.then(run, run);
    queue = p.catch(() => undefined);
    return p;
  }

  /** Remembers why the stored document was not used, for the settings view's notice. */
  const fellBack = (found: SettingsLoadIssue) => {
    issue = found;
    return { settings: current, issue: found };
  };

  return {
    async load() {
      let raw: unknown;
      try {
        raw = await deps.backend.get();
      } catch (err) {
        current = defaultSettings();
        const kind = (err as Error).name === 'SettingsFileCorruptError' ? 'corrupt' : 'unreadable';
        log.error('settings could not be read; starting from defaults', { error: err });
        return fellBack({
          kind,
          message: `Your settings could not be read, so Tickdesk started with default settings. ${(err as Error).message}`,
        });
      }
      const fresh = raw === undefined;
      try {
        const { doc, applied } = migrateSettings(raw, deps.migrations ?? MIGRATIONS);
        const unbound = yieldNewDefaultKeys(doc);
        if (unbound.length > 0)
          log.warn('settings: new default keys taken by the trader’s own; left unbound', {
            actions: unbound,
          });
        const parsed = SettingsDocument.safeParse(doc);
        if (!parsed.success) {
          current = defaultSettings();
          const e = toValidationError('stored settings are invalid', parsed.error);
          log.error('stored settings invalid; starting from defaults', { issues: e.issues });
          return fellBack({
            kind: 'invalid',
            message: `Your settings were not valid, so Tickdesk started with default settings (${e.message}).`,
          });
        }
        current = parsed.data;
        if (applied.length > 0 && !fresh && !deps.readOnly) {
          log.info('settings migrated', { from: applied[0], to: current.version });
          await deps.backend.set(current);
        }
        return { settings: current, issue: null };
      } catch (err) {
        current = defaultSettings();
        if (err instanceof MigrationError && err.kind === 'newer-version') {
          readOnly = `${err.message} Changes are disabled so they are not lost; update Tickdesk.`;
          log.warn('settings from a newer version; read-only', {});
          return fellBack({ kind: 'newer-version', message: readOnly });
        }
        log.error('settings migration failed; starting from defaults', { error: err });
        return fellBack({
          kind: 'invalid',
          message: `Your settings could not be brought up to date, so Tickdesk started with default settings (${(err as Error).message}).`,
        });
      }
    },
    get: () => current,
    readOnlyReason: () => readOnly,
    loadIssue: () => issue,
    activeAccount() {
      return current.accounts.find((a) => a.id === current.activeAccountId) ?? null;
    },
    account: (id) => current.accounts.find((a) => a.id === id) ?? null,
    upsertAccount(account) {
      const stored = current.accounts.find((a) => a.id === account.id)?.brokerage;
      const parsed = AccountSettings.safeParse(
        account.brokerage === undefined && stored ? { ...account, brokerage: stored } : account,
      );
      if (!parsed.success)
        return Promise.reject(toValidationError('invalid account', parsed.error));
      const next = parsed.data;
      return commit((cur) => {
        const index = cur.accounts.findIndex((a) => a.id === next.id);
        const accounts = cur.accounts.filter((a) => a.id !== next.id);
        accounts.splice(index === -1 ? accounts.length : index, 0, next);
        return { ...cur, accounts, activeAccountId: cur.activeAccountId ?? next.id };
      }, 'invalid account');
    },
    removeAccount(id) {
      return commit((cur) => {
        const accounts = cur.accounts.filter((a) => a.id !== id);
        const activeAccountId =
          cur.activeAccountId === id ? (accounts[0]?.id ?? null) : cur.activeAccountId;
        return { ...cur, accounts, activeAccountId };
      }, 'cannot remove account');
    },
    setActiveAccount(id) {
      return commit((cur) => ({ ...cur, activeAccountId: id }), 'cannot switch account');
    },
    updatePreferences(patch) {
      const check = Preferences.safeParse({ ...current.preferences, ...patch });
      if (!check.success)
        return Promise.reject(toValidationError('invalid preferences', check.error));
      return commit(
        (cur) => ({ ...cur, preferences: Preferences.parse({ ...cur.preferences, ...patch }) }),
        'invalid preferences',
      );
    },
    saveBasket({ name, orders }) {
      const savedAt = new Date().toISOString();
      return commit((cur) => {
        const others = cur.baskets.filter((b) => b.name.toLowerCase() !== name.toLowerCase());
        return { ...cur, baskets: [...others, { name, orders, savedAt }] };
      }, 'invalid basket');
    },
    removeBasket(name) {
      return commit(
        (cur) => ({
          ...cur,
          baskets: cur.baskets.filter((b) => b.name.toLowerCase() !== name.toLowerCase()),
        }),
        'cannot remove basket',
      );
    },
    setWatchlists(lists) {
      const check = Watchlists.safeParse(lists);
      if (!check.success)
        return Promise.reject(toValidationError('invalid watch lists', check.error));
      return commit((cur) => ({ ...cur, watchlists: check.data }), 'invalid watch lists');
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async dispose() {
      await queue;
    },
  };
}
