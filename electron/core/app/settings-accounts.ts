import type { SessionAccount, SessionAccounts } from '../session/session-controller';
import type { SettingsStore } from '../settings/settings-store';

type Account = NonNullable<ReturnType<SettingsStore['activeAccount']>>;

function toSessionAccount(a: Account | null): SessionAccount | null {
  if (!a || !a.baseUrl) return null;
  return {
    id: a.id,
    label: a.label,
    appId: a.appId,
    redirectUrl: a.redirectUrl,
    baseUrl: a.baseUrl,
    environment: a.environment,
    template: a.template,
    revokeOnLogout: a.revokeOnLogout ?? false,
  };
}

/**
 * The session reads accounts from settings through this adapter. An account without a
 * broker URL cannot be logged in to, so it is not offered to the session at all.
 */
export function settingsAccounts(settings: SettingsStore): SessionAccounts {
  return {
    active: () => toSessionAccount(settings.activeAccount()),
    byId: (id) => toSessionAccount(settings.account(id)),
  };
}
