/**
 * The settings document: accounts, the active account and preferences. Never secrets.
 *
 * One zod schema is the source of truth for what a valid document is; the store validates
 * every load and every write against it, so a hand-edited or half-migrated file can never
 * put the app in a state it does not understand.
 */
import { BrokerDialectId, DEFAULT_DIALECT } from '../../../shared/broker/dialect';
import { Keymap } from '../../../shared/keymap/keymap';
import { RetentionSettings } from '../../../shared/settings/retention';
import { UpdateSettings } from '../../../shared/settings/updates';
import { ThemeChoice } from '../../../shared/settings/theme';
import { defaultWatchlists, Watchlists } from '../../../shared/settings/watchlists';
import { AlertSettings } from '../../../shared/settings/alert-settings';
import { OptionAssumptions } from '../../../shared/settings/option-assumptions';
import { z } from 'zod';
import { RiskLimitsByAccount } from '../../../shared/risk/risk-limits';
import { PermissionTemplate } from '../../../shared/broker/permissions';
import { SavedBaskets } from '../../../shared/orders/basket';
import { PriceAlerts } from '../../../shared/alerts/price-alert';
import { BrokerageSettings, DEFAULT_BROKERAGE } from '../../../shared/charges/brokerage';
import {
  StoredFatFingerLimits,
  type FatFingerLimits as SharedFatFingerLimits,
} from '../../../shared/settings/fat-finger-limits';

/** The document version this build writes; migrations bring older ones up to it. */
export const SETTINGS_VERSION = 2;

/** The permission template the app was created with at the broker: one home in shared/. */
export { PermissionTemplate };

function isLoopbackHttp(u: URL): boolean {
  return (
    u.protocol === 'http:' &&
    (u.hostname === '127.0.0.1' || u.hostname === 'localhost' || u.hostname === '[::1]')
  );
}

const httpsOrLoopback = z.string().refine(
  (s) => {
    try {
      const u = new URL(s);
      return u.protocol === 'https:' || isLoopbackHttp(u);
    } catch {
      return false;
    }
  },
  { message: 'must be an https URL (plain http only to 127.0.0.1)' },
);

/** The socket URL: wss, or plain ws only to the loopback sandbox. */
const wssOrLoopback = z.string().refine(
  (s) => {
    try {
      const u = new URL(s);
      return (
        u.protocol === 'wss:' ||
        (u.protocol === 'ws:' && isLoopbackHttp(new URL(s.replace(/^ws:/, 'http:'))))
      );
    } catch {
      return false;
    }
  },
  { message: 'must be a wss URL (plain ws only to 127.0.0.1)' },
);

const redirectUrl = z.string().refine(
  (s) => {
    try {
      const u = new URL(s);
      return (
        u.protocol === 'https:' ||
        u.protocol === 'tickdesk:' ||
        (u.protocol === 'http:' && u.hostname === '127.0.0.1')
      );
    } catch {
      return false;
    }
  },
  { message: 'must be https://…, tickdesk://… or http://127.0.0.1…' },
);

/** One broker login the trader keeps; several can be stored, one is active. */
export const AccountSettings = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/, 'letters, digits, - and _ only (max 40)'),
  label: z.string().trim().min(1).max(60),
  environment: z.enum(['demo', 'live']),
  appId: z.string().trim().min(1).max(64),
  redirectUrl,
  template: PermissionTemplate,
  /** The broker's wire dialect (shared/broker/dialect.ts); files written before it are v2's. */
  broker: BrokerDialectId.default(DEFAULT_DIALECT),
  /** Broker base URL override; absent means the environment's default (the sandbox for demo). */
  baseUrl: httpsOrLoopback.optional(),
  /** {symbol_master_base}: where the broker publishes the seven symbol master files. */
  symbolMasterBase: httpsOrLoopback.optional(),
  /** The data API's base URL (quotes, depth); absent means the broker's published default. */
  dataBaseUrl: httpsOrLoopback.optional(),
  /**
   * The history API's base URL, apart from quotes and depth (v2 serves them on two hosts);
   * absent means the broker's published default, or the data base URL where history lives there.
   */
  historyBaseUrl: httpsOrLoopback.optional(),
  /** The market-data and order-update socket; absent means the broker's published default. */
  socketUrl: wssOrLoopback.optional(),
  /** The broker revokes a token on logout (v3 `POST /api/v3/logout`); absent means it does not. */
  revokeOnLogout: z.boolean().optional(),
  /** What the broker charges per order, for the ticket's charges estimate; absent: the default plan. */
  brokerage: BrokerageSettings.default(DEFAULT_BROKERAGE),
});
/** A stored account (no secrets: those live in the vault under the account id). */
export type AccountSettings = z.infer<typeof AccountSettings>;

/** The trader's fat-finger limits; their one schema lives in shared/settings. */
export const FatFingerLimits = StoredFatFingerLimits;
/** The trader's own order-size guard rails. */
export type FatFingerLimits = SharedFatFingerLimits;

export { RetentionSettings };

/** Preferences that are not per account. */
export const Preferences = z.object({
  theme: ThemeChoice.default('system'),
  /** How long before the 06:00 IST token expiry the session warns. */
  expiryWarningLeadMinutes: z.number().int().min(1).max(240).default(30),
  fatFinger: FatFingerLimits.default(FatFingerLimits.parse({})),
  /** Absent in documents written before retention existed: the defaults apply (no migration step needed). */
  retention: RetentionSettings.default(RetentionSettings.parse({})),
  /** Keys the trader remapped (shared/keymap); absent actions keep their defaults. */
  keymap: Keymap.default({}),
  /** Per alert kind: on, OS notification, sound. Absent in older documents: the defaults apply. */
  alerts: AlertSettings.default(AlertSettings.parse({})),
  /** The dialect Demo's sandbox is spoken in. Absent in older documents: v2 (no migration step needed). */
  demoBroker: BrokerDialectId.default(DEFAULT_DIALECT),
  /** Update checks on or off. Absent in older documents: on (no migration step needed). */
  updates: UpdateSettings.default(UpdateSettings.parse({})),
  /** Daily loss limit and profit target per account id (shared/risk). Absent in older documents: none. */
  riskLimits: RiskLimitsByAccount.default({}),
  /** Rate and dividend yield behind implied volatility and Greeks. Absent in older documents: the defaults. */
  options: OptionAssumptions.default(OptionAssumptions.parse({})),
});
/** Global preferences. */
export type Preferences = z.infer<typeof Preferences>;

/** The whole document as stored. */
export const SettingsDocument = z
  .object({
    version: z.literal(SETTINGS_VERSION),
    accounts: z.array(AccountSettings).max(20).default([]),
    activeAccountId: z.string().nullable().default(null),
    preferences: Preferences.default(Preferences.parse({})),
    /** Baskets saved by name; absent in older documents (the default applies, no migration). */
    baskets: SavedBaskets.default([]),
    /** Market-watch lists (shared/settings/watchlists.ts); absent in older documents: one empty list. */
    watchlists: Watchlists.default(defaultWatchlists),
    /** Price alerts (shared/alerts/price-alert.ts); absent in older documents: none (no migration). */
    priceAlerts: PriceAlerts.default([]),
  })
  .superRefine((doc, ctx) => {
    const ids = new Set<string>();
    for (const [i, a] of doc.accounts.entries()) {
      if (ids.has(a.id))
        ctx.addIssue({
          code: 'custom',
          path: ['accounts', i, 'id'],
          message: `duplicate account id ${a.id}`,
        });
      ids.add(a.id);
    }
    if (doc.activeAccountId !== null && !ids.has(doc.activeAccountId)) {
      ctx.addIssue({
        code: 'custom',
        path: ['activeAccountId'],
        message: 'active account does not exist',
      });
    }
  });
/** A valid settings document. */
export type SettingsDocument = z.infer<typeof SettingsDocument>;

/** The document a first run starts with. */
export function defaultSettings(): SettingsDocument {
  return SettingsDocument.parse({ version: SETTINGS_VERSION });
}
