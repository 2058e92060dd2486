import { randomBytes } from 'node:crypto';
import type { settingsChannels } from '../../../shared/ipc/channels/settings';
import { AppError } from '../../../shared/ipc/errors';
import type { AppCore } from '../../core/app/app-core';
import { SettingsValidationError } from '../../core/settings/settings-store';
import { settingsView } from '../../core/settings/settings-view';

export { settingsView };
import type { HandlersFor } from '../handler-types';

/** The services the settings channels use (a subset of AppCore, so tests can pass fakes). */
export type SettingsCore = Pick<AppCore, 'settings' | 'vault' | 'session'>;

/** Settings validation failures become field errors the form can highlight. */
async function explained<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof SettingsValidationError) {
      const field = err.issues[0]?.path;
      throw new AppError('invalid-input', err.message, {
        action: 'fix-field',
        ...(field ? { field } : {}),
      });
    }
    throw err;
  }
}

function requireAccount(core: SettingsCore, id: string): void {
  if (!core.settings.account(id)) {
    throw new AppError('invalid-input', `There is no account ${id}.`, {
      action: 'fix-field',
      field: 'id',
    });
  }
}

/** Accounts, active account, preferences and the write-only app secret. */
export function settingsHandlers(core: SettingsCore): HandlersFor<typeof settingsChannels> {
  return {
    'settings.get': () => settingsView(core),
    'settings.saveAccount': ({ account }) =>
      explained(async () => {
        const id = account.id ?? `acc-${randomBytes(4).toString('hex')}`;
        const {
          baseUrl,
          symbolMasterBase,
          dataBaseUrl,
          historyBaseUrl,
          socketUrl,
          broker,
          ...rest
        } = account;
        const stored = core.settings.account(id);
        const dialect = broker ?? stored?.broker;
        // A token is issued in one dialect: a session on this account ends when its dialect changes.
        if (
          stored &&
          dialect &&
          dialect !== stored.broker &&
          core.session.snapshot().accountId === id
        )
          await core.session.logout();
        await core.settings.upsertAccount({
          ...rest,
          id,
          ...(dialect ? { broker: dialect } : {}),
          ...(baseUrl ? { baseUrl } : {}),
          ...(symbolMasterBase ? { symbolMasterBase } : {}),
          ...(dataBaseUrl ? { dataBaseUrl } : {}),
          ...(historyBaseUrl ? { historyBaseUrl } : {}),
          ...(socketUrl ? { socketUrl } : {}),
        });
        return settingsView(core);
      }),
    'settings.removeAccount': ({ id }) =>
      explained(async () => {
        requireAccount(core, id);
        const wasSessionAccount = core.session.snapshot().accountId === id;
        if (wasSessionAccount) await core.session.logout();
        await core.settings.removeAccount(id);
        await core.vault.forgetAccount(id);
        if (wasSessionAccount) await core.session.restore();
        return settingsView(core);
      }),
    'settings.setActiveAccount': ({ id }) =>
      explained(async () => {
        requireAccount(core, id);
        await core.settings.setActiveAccount(id);
        await core.session.restore(id);
        return settingsView(core);
      }),
    'settings.updatePreferences': ({ patch }) =>
      explained(async () => {
        await core.settings.updatePreferences(patch);
        core.session.checkNow();
        return settingsView(core);
      }),
    'settings.setAppSecret': ({ accountId, secret }) =>
      explained(async () => {
        requireAccount(core, accountId);
        if (secret === null) await core.vault.deleteAppSecret(accountId);
        else await core.vault.setAppSecret(accountId, secret);
        return settingsView(core);
      }),
  };
}
