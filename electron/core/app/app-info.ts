/**
 * The app's description for the title bar, the About box and the support bundle: which
 * build, which host, and which account it talks to (Demo's broker address is known only once
 * its process has started).
 */
import type { AppInfo } from '../../../shared/ipc/channels/app';
import { DEMO_ACCOUNT_ID, type DemoBroker } from '../demo/demo-broker';
import type { SettingsStore } from '../settings/settings-store';
import { dialectOf } from '../broker/dialects';
import type { BrokerDialectId } from '../../../shared/broker/dialect';
import type { CoreDeps } from './core-deps';

/** Describes the running app and its active account. */
export function describeApp(
  deps: CoreDeps,
  settings: SettingsStore,
  demo: DemoBroker | null,
): AppInfo {
  const account = settings.activeAccount();
  const demoAccount = demo ? settings.account(DEMO_ACCOUNT_ID) : null;
  const dialect = (a: { broker?: BrokerDialectId } | null) => {
    const d = dialectOf(a);
    return { broker: d.id, capabilities: d.capabilities };
  };
  return {
    name: deps.appName,
    version: deps.version,
    environment: deps.environment,
    platform: deps.platform,
    host: deps.host,
    account:
      demo && (!account || account.id === DEMO_ACCOUNT_ID)
        ? // Demo's broker starts at the first login; until then its address is not known.
          {
            id: DEMO_ACCOUNT_ID,
            label: 'Demo account',
            brokerUrl: demo.current()?.url ?? 'on this computer, started at login',
            // Before the Demo broker first starts, its account (and dialect) may not exist yet.
            ...dialect(demoAccount ?? { broker: settings.get().preferences.demoBroker }),
          }
        : account
          ? {
              id: account.id,
              label: account.label,
              brokerUrl: account.baseUrl ?? '',
              ...dialect(account),
            }
          : null,
  };
}
