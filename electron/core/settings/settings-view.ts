import type { SettingsView } from '../../../shared/ipc/channels/settings';
import type { SettingsStore } from './settings-store';
import type { Vault } from '../vault/vault';

/** What the view is computed from. */
export interface SettingsViewSources {
  settings: Pick<SettingsStore, 'get' | 'readOnlyReason' | 'loadIssue'>;
  vault: Pick<Vault, 'getAppSecret' | 'status'>;
}

/**
 * The settings screen's view: accounts with whether a secret is stored (never the secret),
 * the active account, preferences and where secrets live. Also the `settings.changed` payload.
 */
export async function settingsView(core: SettingsViewSources): Promise<SettingsView> {
  const doc = core.settings.get();
  const accounts = await Promise.all(
    doc.accounts.map(async (a) => {
      const hasAppSecret = (await core.vault.getAppSecret(a.id)) !== null;
      return {
        id: a.id,
        label: a.label,
        environment: a.environment,
        appId: a.appId,
        redirectUrl: a.redirectUrl,
        template: a.template,
        broker: a.broker,
        baseUrl: a.baseUrl ?? null,
        symbolMasterBase: a.symbolMasterBase ?? null,
        dataBaseUrl: a.dataBaseUrl ?? null,
        historyBaseUrl: a.historyBaseUrl ?? null,
        socketUrl: a.socketUrl ?? null,
        revokeOnLogout: a.revokeOnLogout ?? false,
        brokerage: a.brokerage,
        hasAppSecret,
        loginMethod: hasAppSecret ? ('app-secret' as const) : ('pkce' as const),
      };
    }),
  );
  const vault = core.vault.status();
  return {
    accounts,
    activeAccountId: doc.activeAccountId,
    preferences: doc.preferences,
    readOnlyReason: core.settings.readOnlyReason(),
    loadIssue: core.settings.loadIssue(),
    secretStorage: { backend: vault.backend, reason: vault.reason },
  };
}
