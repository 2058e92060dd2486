/**
 * The settings service: load (migrate, validate), read, change and persist settings.
 *
 * All changes go through small named operations validated against the schema, and writes
 * are serialized, so two quick changes from the UI cannot interleave and lose one.
 */
import type { SettingsLoadIssue } from '../../../shared/ipc/channels/settings';
import { yieldDefaultsToOverrides } from '../../../shared/keymap/keymap';
import { Watchlists } from '../../../shared/settings/watchlists';
import { PriceAlerts } from '../../../shared/alerts/price-alert';
import { silentLogger, type Logger } from '../diagnostics/logger';
import type { z } from 'zod';
import type { SettingsBackend } from './backend';
import { MigrationError, migrateSettings, type Migration, MIGRATIONS } from './migrations';
import { salvageSettings } from './salvage';
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

/**
 * A change the app makes for itself (the Demo account, the active account at start), not one
 * the trader asked for: while settings are read-only it holds in memory for this run instead
 * of being refused, so a read-only start still starts.
 */
export interface AppChange {
  byApp?: boolean;
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
  upsertAccount(
    account: z.input<typeof AccountSettings>,
    opts?: AppChange,
  ): Promise<SettingsDocument>;
  removeAccount(id: string): Promise<SettingsDocument>;
  setActiveAccount(id: string | null, opts?: AppChange): Promise<SettingsDocument>;
  updatePreferences(patch: Partial<Prefs>): Promise<SettingsDocument>;
  /** Saves a basket under its name (replacing one of that name, whatever its case). */
  saveBasket(basket: { name: string; orders: unknown[] }): Promise<SettingsDocument>;
  /** Deletes the saved basket of that name (whatever its case). */
  removeBasket(name: string): Promise<SettingsDocument>;
  /** Replaces the market-watch lists (validated: at most 20 lists of 250 symbols). */
  setWatchlists(lists: Watchlists): Promise<SettingsDocument>;
  /** Replaces the price alerts (validated: at most MAX_PRICE_ALERTS, unique ids). */
  setPriceAlerts(alerts: PriceAlerts): Promise<SettingsDocument>;
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

/**
 * Schema issues as the log may hold them: where (the path) and how (the schema's issue
 * code, as `kind`: the logger redacts any `code`, an OAuth word), never the message, which
 * can quote the stored value ("NSE:SBIN-EQ is already in My list").
 */
export function issuesForLog(
  issues: readonly { path: PropertyKey[]; code: string }[],
): { path: string; kind: string }[] {
  return issues.map((i) => ({ path: i.path.map(String).join('.'), kind: i.code }));
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
    byApp = false,
  ): Promise<SettingsDocument> {
    const run = async (): Promise<SettingsDocument> => {
      if (readOnly && !byApp) throw new SettingsValidationError(readOnly, []);
      const parsed = SettingsDocument.safeParse(change(current));
      if (!parsed.success) throw toValidationError(what, parsed.error);
      if (!readOnly) await deps.backend.set(parsed.data);
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

  /**
   * The file could not be read at all (not JSON, a folder, no permission): start from
   * defaults. It was moved aside when the backend could; when it could not, it still stands
   * where settings are written, so changes are turned off rather than write over it.
   */
  function unreadable(err: unknown): SettingsLoadIssue {
    current = defaultSettings();
    const e = err as Error & { movedTo?: string | null };
    const known = e.name === 'SettingsFileCorruptError' || e.name === 'SettingsFileUnusableError';
    const keptAt = known ? (e.movedTo ?? null) : null;
    log.error('settings could not be read; starting from defaults', { error: err });
    if (keptAt === null && !deps.readOnly)
      readOnly =
        'Your settings file could not be read or moved aside, so Tickdesk does not save changes over it. Move or repair the file and restart Tickdesk.';
    return {
      kind: e.name === 'SettingsFileCorruptError' ? 'corrupt' : 'unreadable',
      message: `Your settings could not be read, so Tickdesk started with default settings. ${known ? e.message : 'The settings file could not be read.'}`,
      keptAt,
    };
  }

  /**
   * The document fails the schema: keep a copy of the file as it was, use every item that
   * is valid on its own, and write that back so the next start is clean. No copy, no write:
   * when the copy could not be made (or the backend cannot make one), the store goes
   * read-only and the file stays as it was.
   */
  async function salvage(doc: Record<string, unknown>): Promise<SettingsLoadIssue> {
    const saved = salvageSettings(doc);
    current = saved.settings;
    const keptAt =
      !deps.readOnly && deps.backend.keepCopy ? await deps.backend.keepCopy('invalid') : null;
    if (keptAt === null && !deps.readOnly)
      readOnly =
        'Your settings file could not be copied aside, so Tickdesk does not save changes over it. Restart Tickdesk once the data folder can be written.';
    else if (!deps.readOnly) {
      try {
        await deps.backend.set(current);
      } catch (err) {
        log.error('salvaged settings could not be written', { error: err });
      }
    }
    const lost = saved.setAside;
    const what =
      lost.length > 0
        ? `Some of your settings could not be used and were set aside: ${lost.join(', ')}. Everything else was kept.`
        : 'Your settings needed repair; everything in them was kept.';
    log.warn('settings salvaged', { setAside: lost.length, keptAt });
    return {
      kind: 'invalid',
      message: `${what}${keptAt ? ` The settings file as it was is kept at ${keptAt}.` : ''}`,
      keptAt,
    };
  }

  return {
    async load() {
      let raw: unknown;
      try {
        raw = await deps.backend.get();
      } catch (err) {
        return fellBack(unreadable(err));
      }
      const fresh = raw === undefined;
      let migrated: { doc: Record<string, unknown>; applied: number[] };
      try {
        migrated = migrateSettings(raw, deps.migrations ?? MIGRATIONS);
      } catch (err) {
        if (err instanceof MigrationError && err.kind === 'newer-version') {
          // Start with what this build can read of it, and never write: the newer build
          // still reads the file as it is.
          current = salvageSettings(raw as Record<string, unknown>).settings;
          readOnly = `${err.message} Tickdesk started read-only with the accounts and preferences it can read, and does not save changes so the newer version’s settings are not lost; update Tickdesk.`;
          log.warn('settings from a newer version; read-only', {});
          return fellBack({ kind: 'newer-version', message: readOnly, keptAt: null });
        }
        log.error('settings migration failed; salvaging what reads', { error: err });
        const doc = raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {};
        return fellBack(await salvage(doc as Record<string, unknown>));
      }
      const { doc, applied } = migrated;
      const unbound = yieldNewDefaultKeys(doc);
      if (unbound.length > 0)
        log.warn('settings: new default keys taken by the trader’s own; left unbound', {
          actions: unbound,
        });
      const parsed = SettingsDocument.safeParse(doc);
      if (!parsed.success) {
        log.error('stored settings invalid; salvaging what reads', {
          issues: issuesForLog(parsed.error.issues),
        });
        return fellBack(await salvage(doc));
      }
      current = parsed.data;
      if (applied.length > 0 && !fresh && !deps.readOnly) {
        log.info('settings migrated', { from: applied[0], to: current.version });
        await deps.backend.set(current);
      }
      return { settings: current, issue: null };
    },
    get: () => current,
    readOnlyReason: () => readOnly,
    loadIssue: () => issue,
    activeAccount() {
      return current.accounts.find((a) => a.id === current.activeAccountId) ?? null;
    },
    account: (id) => current.accounts.find((a) => a.id === id) ?? null,
    upsertAccount(account, opts = {}) {
      const stored = current.accounts.find((a) => a.id === account.id)?.brokerage;
      const parsed = AccountSettings.safeParse(
        account.brokerage === undefined && stored ? { ...account, brokerage: stored } : account,
      );
      if (!parsed.success)
        return Promise.reject(toValidationError('invalid account', parsed.error));
      const next = parsed.data;
      return commit(
        (cur) => {
          const index = cur.accounts.findIndex((a) => a.id === next.id);
          const accounts = cur.accounts.filter((a) => a.id !== next.id);
          accounts.splice(index === -1 ? accounts.length : index, 0, next);
          return { ...cur, accounts, activeAccountId: cur.activeAccountId ?? next.id };
        },
        'invalid account',
        opts.byApp,
      );
    },
    removeAccount(id) {
      return commit((cur) => {
        const accounts = cur.accounts.filter((a) => a.id !== id);
        const activeAccountId =
          cur.activeAccountId === id ? (accounts[0]?.id ?? null) : cur.activeAccountId;
        return { ...cur, accounts, activeAccountId };
      }, 'cannot remove account');
    },
    setActiveAccount(id, opts = {}) {
      return commit(
        (cur) => ({ ...cur, activeAccountId: id }),
        'cannot switch account',
        opts.byApp,
      );
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
    setPriceAlerts(alerts) {
      const check = PriceAlerts.safeParse(alerts);
      if (!check.success)
        return Promise.reject(toValidationError('invalid price alerts', check.error));
      return commit((cur) => ({ ...cur, priceAlerts: check.data }), 'invalid price alerts');
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
