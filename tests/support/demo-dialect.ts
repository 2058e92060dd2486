/**
 * Puts the composed app's Demo account on one broker dialect, as the trader does in Settings
 * (the `demoBroker` preference), and checks that the logged-in account really speaks it: a
 * proof that ran on the wrong dialect would prove nothing about the one it names.
 */
import type { AppCore } from '../../electron/core/app/app-core';
import type { BrokerDialectId } from '../../shared/broker/dialect';

/** Chooses Demo's dialect; call before the first login. */
export async function chooseDemoDialect(core: AppCore, dialect: BrokerDialectId): Promise<void> {
  if (core.settings.get().preferences.demoBroker !== dialect)
    await core.settings.updatePreferences({ demoBroker: dialect });
}

/** Throws unless the active account speaks `dialect` (call after the login). */
export function assertDialect(core: AppCore, dialect: BrokerDialectId): void {
  const broker = core.settings.activeAccount()?.broker;
  if (broker !== dialect)
    throw new Error(`the composed app runs ${String(broker)}, not ${dialect}`);
}
