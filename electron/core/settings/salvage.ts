/**
 * Salvage a stored settings document that fails the schema as a whole: read it item by item
 * and keep every account, watch list, saved basket, price alert and preference that is valid
 * on its own.
 *
 * One bad field (a hand edit, a half-written older build) must not cost the trader every
 * account and watch list: the store keeps a copy of the file as it was, uses what this
 * returns, and tells the trader in words what was set aside.
 */
import type { z } from 'zod';
import { SavedBasket } from '../../../shared/orders/basket';
import { MAX_PRICE_ALERTS, PriceAlert } from '../../../shared/alerts/price-alert';
import { Watchlist, Watchlists, defaultWatchlists } from '../../../shared/settings/watchlists';
import {
  AccountSettings,
  Preferences,
  SETTINGS_VERSION,
  SettingsDocument,
  defaultSettings,
} from './schema';

/** What salvage kept, and what it set aside, each named for the trader. */
export interface Salvaged {
  settings: SettingsDocument;
  /** E.g. `account "Main"`, `watch list "Banks"`, `the theme`; empty when nothing was lost. */
  setAside: string[];
}

/** Each preference in words, for the notice (never the stored field name). */
const PREFERENCE_WORDS: Record<keyof z.infer<typeof Preferences>, string> = {
  theme: 'the theme',
  expiryWarningLeadMinutes: 'the expiry warning time',
  fatFinger: 'the fat-finger limits',
  retention: 'the days files are kept',
  keymap: 'the keyboard shortcuts',
  alerts: 'the alert choices',
  updates: 'the update checks',
  riskLimits: 'the daily loss limits and profit targets',
  demoBroker: "the Demo broker's API version",
  options: 'the option rate and dividend assumptions',
};

/** A name to show for an item: its label or name when it has a short text one. */
function nameOf(item: unknown, key: 'label' | 'name', fallback: string): string {
  const v = item && typeof item === 'object' ? (item as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' && v.trim() && v.length <= 60 ? `"${v.trim()}"` : fallback;
}

/** Items of `raw` (a list, else none) that `schema` accepts, unique by each of `keysOf`; the rest named. */
function keepValid<T>(
  raw: unknown,
  schema: z.ZodType<T>,
  keysOf: (item: T) => string[],
  max: number,
  describe: (item: unknown, index: number) => string,
  setAside: string[],
): T[] {
  if (!Array.isArray(raw)) return [];
  const kept: T[] = [];
  const keys = new Set<string>();
  for (const [i, item] of Array.from(raw as unknown[]).entries()) {
    const parsed = schema.safeParse(item);
    const own = parsed.success ? keysOf(parsed.data) : [];
    if (!parsed.success || own.some((k) => keys.has(k)) || kept.length >= max)
      setAside.push(describe(item, i));
    else {
      for (const k of own) keys.add(k);
      kept.push(parsed.data);
    }
  }
  return kept;
}

/**
 * Keep what is valid of `doc` (any version: a newer build's document is read the same way,
 * for a read-only start). Always returns a valid document.
 */
export function salvageSettings(doc: Record<string, unknown>): Salvaged {
  const setAside: string[] = [];
  const accounts = keepValid(
    doc.accounts,
    AccountSettings,
    (a) => [a.id],
    20,
    (a, i) => `account ${nameOf(a, 'label', `number ${i + 1}`)}`,
    setAside,
  );
  const prefsRaw =
    doc.preferences && typeof doc.preferences === 'object' && !Array.isArray(doc.preferences)
      ? (doc.preferences as Record<string, unknown>)
      : {};
  const prefs: Record<string, unknown> = {};
  for (const key of Object.keys(PREFERENCE_WORDS) as (keyof typeof PREFERENCE_WORDS)[]) {
    if (!Object.hasOwn(prefsRaw, key)) continue;
    const parsed = Preferences.shape[key].safeParse(prefsRaw[key]);
    if (parsed.success) prefs[key] = parsed.data;
    else setAside.push(PREFERENCE_WORDS[key]);
  }
  const watchlists = keepValid(
    doc.watchlists,
    Watchlist,
    (l) => [`id ${l.id}`, `name ${l.name.trim().toLowerCase()}`],
    20,
    (l, i) => `watch list ${nameOf(l, 'name', `number ${i + 1}`)}`,
    setAside,
  );
  const baskets = keepValid(
    doc.baskets,
    SavedBasket,
    (b) => [b.name.toLowerCase()],
    Number.MAX_SAFE_INTEGER,
    (b, i) => `saved basket ${nameOf(b, 'name', `number ${i + 1}`)}`,
    setAside,
  );
  const priceAlerts = keepValid(
    doc.priceAlerts,
    PriceAlert,
    (a) => [a.id],
    MAX_PRICE_ALERTS,
    (_a, i) => `price alert number ${i + 1}`,
    setAside,
  );
  const wanted = doc.activeAccountId;
  const active =
    typeof wanted === 'string' && accounts.some((a) => a.id === wanted)
      ? wanted
      : (accounts[0]?.id ?? null);
  if (wanted !== undefined && wanted !== null && active !== wanted)
    setAside.push('the choice of active account');
  const candidate = {
    version: SETTINGS_VERSION,
    accounts,
    activeAccountId: active,
    preferences: prefs,
    baskets,
    watchlists: Watchlists.safeParse(watchlists).success ? watchlists : defaultWatchlists(),
    priceAlerts,
  };
  const parsed = SettingsDocument.safeParse(candidate);
  if (parsed.success) return { settings: parsed.data, setAside };
  // Items valid one by one but not together (two lists of one name in another case, too
  // many baskets): keep the accounts, the part that matters most, and name the rest.
  const fallback = SettingsDocument.safeParse({
    ...defaultSettings(),
    accounts,
    activeAccountId: active,
  });
  if (fallback.success)
    return { settings: fallback.data, setAside: [...setAside, 'the watch lists and baskets'] };
  return { settings: defaultSettings(), setAside: [...setAside, 'every account'] };
}
