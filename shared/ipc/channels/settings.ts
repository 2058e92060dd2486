import { Keymap } from '../../keymap/keymap';
import { z } from 'zod';
import { RetentionSettings } from '../../settings/retention';
import { UpdateSettings } from '../../settings/updates';
import { ThemeChoice } from '../../settings/theme';
import { FatFingerLimits } from '../../settings/fat-finger-limits';
import { AlertSettings } from '../../settings/alert-settings';
import { OptionAssumptions } from '../../settings/option-assumptions';
import { channel, event } from '../define';
import { BrokerDialectId } from '../../broker/dialect';
import { BrokerageSettings } from '../../charges/brokerage';
import { RiskLimitsByAccount } from '../../risk/risk-limits';
import { PermissionTemplate } from '../../broker/permissions';

/** The permission template the app was registered with at the broker. */
const Template = PermissionTemplate;

/**
 * An account as the settings screen edits it. No secret: the app secret has its own
 * write-only channel and goes straight to the keychain.
 */
export const AccountInput = z.object({
  /** Absent for a new account; the main process assigns one. */
  id: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/)
    .optional(),
  label: z.string().trim().min(1).max(60),
  environment: z.enum(['demo', 'live']),
  appId: z.string().trim().min(1).max(64),
  redirectUrl: z.string().min(1).max(500),
  template: Template,
  /** The broker's wire dialect; absent keeps the stored one (a new account: v2). */
  broker: BrokerDialectId.optional(),
  baseUrl: z.string().max(500).optional(),
  /** Where the broker publishes the symbol master files ({symbol_master_base}). */
  symbolMasterBase: z.string().max(500).optional(),
  /** The data API base URL (quotes, depth); empty means the broker's published default. */
  dataBaseUrl: z.string().max(500).optional(),
  historyBaseUrl: z.string().max(500).optional(),
  /** The socket URL for live prices and order updates; empty means the published default. */
  socketUrl: z.string().max(500).optional(),
  /** The broker revokes tokens on logout (v3 logout): logging out revokes it there too. */
  revokeOnLogout: z.boolean().optional(),
  /** The broker's charges per order, for the ticket's estimate; absent keeps the default plan. */
  brokerage: BrokerageSettings.optional(),
});
export type AccountInput = z.infer<typeof AccountInput>;

/** One stored account as the renderer sees it: whether a secret exists, never the secret. */
export const AccountView = z.object({
  id: z.string(),
  label: z.string(),
  environment: z.enum(['demo', 'live']),
  appId: z.string(),
  redirectUrl: z.string(),
  template: Template,
  /** The broker's wire dialect (API v2 or v3). */
  broker: BrokerDialectId,
  baseUrl: z.string().nullable(),
  symbolMasterBase: z.string().nullable(),
  dataBaseUrl: z.string().nullable(),
  historyBaseUrl: z.string().nullable(),
  socketUrl: z.string().nullable(),
  /** Logging out also revokes the token at the broker (it is always forgotten here). */
  revokeOnLogout: z.boolean(),
  /** The broker's charges per order (the ticket's charges estimate uses the active account's). */
  brokerage: BrokerageSettings,
  hasAppSecret: z.boolean(),
  /** PKCE unless an app secret is stored (then the appIdHash flow). */
  loginMethod: z.enum(['pkce', 'app-secret']),
});
export type AccountView = z.infer<typeof AccountView>;

/** The trader's guard rails and display choices. */
export const PreferencesView = z.object({
  theme: ThemeChoice,
  keymap: Keymap,
  expiryWarningLeadMinutes: z.number().int().min(1).max(240),
  fatFinger: FatFingerLimits,
  /** Days kept (today included) of logs, order journals and support bundles. */
  retention: RetentionSettings,
  /** Per alert kind: raised, shown as a notification, with a sound. */
  alerts: AlertSettings,
  /** Whether the app looks for updates (README, "Updates"). */
  updates: UpdateSettings,
  /** Daily loss limit and profit target per account id (Settings › Daily limits). */
  riskLimits: RiskLimitsByAccount,
  /** The broker API dialect Demo's sandbox is spoken in (v2 or v3). */
  demoBroker: BrokerDialectId,
  /** Rate and dividend yield behind implied volatility and Greeks (shared/settings/option-assumptions). */
  options: OptionAssumptions,
});
export type PreferencesView = z.infer<typeof PreferencesView>;

/** Why the stored settings could not be used as they were; the message is for the trader. */
export const SettingsLoadIssue = z.object({
  kind: z.enum(['corrupt', 'invalid', 'newer-version', 'unreadable']),
  message: z.string(),
  /** Where the file as it was is kept (settings.json.<why>-<time>), or null when it is not. */
  keptAt: z.string().nullable().optional(),
});
/** Why the stored settings were not used. */
export type SettingsLoadIssue = z.infer<typeof SettingsLoadIssue>;

/** Everything the settings screen shows. */
export const SettingsView = z.object({
  accounts: z.array(AccountView),
  activeAccountId: z.string().nullable(),
  preferences: PreferencesView,
  /** Set when a newer Tickdesk wrote the settings: changes are refused so nothing is lost. */
  readOnlyReason: z.string().nullable(),
  /**
   * Why the stored settings were not used at start (a damaged file was moved aside, an
   * invalid document): the trader is told once; null when they loaded as stored.
   */
  loadIssue: SettingsLoadIssue.nullable(),
  /** Where secrets live; `memory` means they are gone after a restart (tell the trader). */
  secretStorage: z.object({
    backend: z.enum(['keychain', 'memory', 'uninitialised']),
    reason: z.string().nullable(),
  }),
});
export type SettingsView = z.infer<typeof SettingsView>;

/** Accounts, the active account, preferences, and the write-only app secret. */
export const settingsChannels = {
  'settings.get': channel({
    doc: 'The settings screen: accounts (with whether a secret is stored), the active one, preferences.',
    input: z.void(),
    output: SettingsView,
  }),
  'settings.saveAccount': channel({
    doc: 'Adds or edits a broker account; the first account becomes active.',
    input: z.object({ account: AccountInput }),
    output: SettingsView,
  }),
  'settings.removeAccount': channel({
    doc: 'Deletes an account and everything the keychain holds for it.',
    input: z.object({ id: z.string().min(1).max(40) }),
    output: SettingsView,
  }),
  'settings.setActiveAccount': channel({
    doc: 'Switches the account the app trades with; its stored session is picked up if still valid.',
    input: z.object({ id: z.string().min(1).max(40) }),
    output: SettingsView,
  }),
  'settings.updatePreferences': channel({
    doc: 'Changes preferences (fat-finger limits, theme, expiry warning lead time).',
    input: z.object({ patch: PreferencesView.partial() }),
    output: SettingsView,
  }),
  'settings.setAppSecret': channel({
    doc: 'Stores (or with null, deletes) the app secret in the keychain. Write-only: it is never sent back.',
    input: z.object({
      accountId: z.string().min(1).max(40),
      secret: z.string().min(1).max(256).nullable(),
    }),
    output: SettingsView,
  }),
};

/** Pushed when settings change, from any window. */
export const settingsEvents = {
  'settings.changed': event({
    doc: 'Accounts or preferences changed: every window updates its pickers and guards.',
    payload: SettingsView,
  }),
};
