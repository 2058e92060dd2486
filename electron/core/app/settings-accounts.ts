import type { BrokerDialect } from '../broker/dialect';
import { dialectOf } from '../broker/dialects';
import type {
  SessionAccount,
  SessionAccounts,
  SessionController,
} from '../session/session-controller';
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
    login: dialectOf(a).login,
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

/**
 * The dialect of the account logged in now (v2's when none is): what the broker seam
 * routes each call by.
 */
export function sessionDialect(
  session: Pick<SessionController, 'credentials'>,
  settings: Pick<SettingsStore, 'account'>,
): BrokerDialect {
  const c = session.credentials();
  return dialectOf(c ? settings.account(c.accountId) : null);
}
