/**
 * Composition stage 2, who is logged in: the Demo broker (Demo mode), the vault of secrets,
 * the login service and the session controller, restored from the vault. Every broker request
 * of later stages is made with this session's credentials.
 */
import { createLoginService } from '../../auth/login-service';
import { systemRandom, type Opener } from '../../auth/ports';
import { revokeToken } from '../../auth/token-revoke';
import { createDemoBroker, DEMO_ACCOUNT_ID, type DemoBroker } from '../../demo/demo-broker';
import { startDemoBeforeLogin } from '../../demo/demo-session';
import { forkDemoProcess } from '../../demo/fork-demo-process';
import { loggedFetch } from '../../diagnostics/logged-fetch';
import type { SessionController } from '../../session/session-controller';
import { createSessionController } from '../../session/session-controller';
import { loadNapiKeychain } from '../../vault/keychain-port';
import { createVault, type Vault } from '../../vault/vault';
import type { CoreDeps } from '../core-deps';
import type { EventOutlet } from '../event-outlet';
import { settingsAccounts } from '../settings-accounts';
import type { Storage } from './storage';

/** What the session stage opened. */
export interface Session {
  /** Demo mode's broker process (started on first need), or null in live mode. */
  readonly demo: DemoBroker | null;
  readonly vault: Vault;
  /** The session as the app uses it (in Demo, a Demo login first starts the Demo broker). */
  readonly session: SessionController;
  /** fetch for broker requests outside the session transport, each in the request log. */
  readonly brokerFetch: ReturnType<typeof loggedFetch>;
}

/** Opens the session stage; see the module comment. */
export async function openSession(
  deps: CoreDeps,
  storage: Storage,
  events: EventOutlet,
): Promise<Session> {
  const { clock, logger, requestLog, disposer, settings } = storage;
  if (deps.environment === 'live' && settings.activeAccount()?.environment !== 'live') {
    // The Demo account points at an embedded broker that only runs in Demo mode.
    const live = settings.get().accounts.find((a) => a.environment === 'live');
    await settings.setActiveAccount(live ? live.id : null, { byApp: true });
  }
  const demo = deps.environment === 'demo' ? await openDemoBroker(deps, storage) : null;

  const keychain = await (deps.keychain ?? loadNapiKeychain)();
  const vault = createVault({
    keychain: keychain.keychain,
    keychainUnavailableReason: keychain.reason,
    ...(deps.keychainService ? { service: deps.keychainService } : {}),
    logger,
  });
  const vaultStatus = await vault.init();
  // The embedded sandbox is new at every launch, so a Demo token kept from an earlier run
  // names a session that no longer exists: forget it rather than start "expired".
  if (demo) await vault.deleteToken(DEMO_ACCOUNT_ID);
  if (vaultStatus.backend === 'memory')
    logger.warn('core: no keychain; secrets stay in memory', { reason: vaultStatus.reason });

  const demoOrigin = () => {
    const at = demo?.current();
    return at ? new URL(at.url).origin : null;
  };
  // A Demo broker that shows its login page (demo.loginPage) is opened by the host like a
  // real broker's.
  // Electronegativity: these are our Opener port, not shell.openExternal; the shell's one
  // (openIfHttps in electron/shell/hardening.ts) opens https links only.
  const opener: Opener = {
    openExternal: (url) =>
      demo && deps.demo?.loginPage !== true && new URL(url).origin === demoOrigin()
        ? demo.opener.openExternal(url) // eng-disable OPEN_EXTERNAL_JS_CHECK
        : deps.openExternal(url), // eng-disable OPEN_EXTERNAL_JS_CHECK
  };
  // Every broker request goes to the request log, the login and logout ones too.
  const brokerFetch = loggedFetch((url, init) => fetch(url, init), requestLog.record);
  const login = createLoginService({
    fetch: (url, init) => brokerFetch(url, init),
    random: systemRandom,
    clock,
    opener,
    appSecret: (id) => vault.getAppSecret(id),
    ...(deps.loginWindow ? { loginWindow: deps.loginWindow } : {}),
    ...(deps.protocolEvents ? { protocolEvents: deps.protocolEvents } : {}),
    // Every broker, the Demo sandbox included, gets the exact registered redirect (port too).
    loopbackPort: 'registered',
    logger,
  });
  const sessionController = createSessionController({
    clock,
    login,
    vault,
    accounts: settingsAccounts(settings),
    warningLeadMs: () => settings.get().preferences.expiryWarningLeadMinutes * 60_000,
    revoke: (account, token) => revokeToken((url, init) => brokerFetch(url, init), account, token),
    logger,
  });
  disposer.own('session', sessionController);
  const session = demo
    ? startDemoBeforeLogin(sessionController, demo, () => settings.get().activeAccountId)
    : sessionController;
  if (demo) {
    // The trader is told, and a Demo session ends with its broker (the next login restarts it).
    const offCrash = demo.onCrash((message) => {
      events.emit('app.notice', { level: 'error', message });
      if (session.snapshot().accountId === DEMO_ACCOUNT_ID)
        void session.logout().catch(() => undefined);
    });
    disposer.own('demo crash notice', { dispose: async () => offCrash() });
  }
  await session.restore();
  return { demo, vault, session, brokerFetch };
}

/**
 * Demo mode's broker, in its own process started on first need (a Demo login, a symbol
 * download): the main process never blocks on building the simulated market, nor runs its ticks.
 */
async function openDemoBroker(deps: CoreDeps, storage: Storage): Promise<DemoBroker> {
  const { logger, disposer, settings } = storage;
  const demo = disposer.own(
    'demo broker',
    createDemoBroker({
      settings,
      launch: deps.demoProcess ?? forkDemoProcess,
      options: deps.demo ?? {},
      logger: logger.child('demo-broker'),
    }),
  );
  await demo.selectDemoAccount();
  // Tests drive the sandbox's controls from `demoBrokerUrl` right after the core starts.
  if (deps.demo?.testControls) {
    const at = await demo.ensure();
    logger.info('core: demo broker ready', { url: at.url });
  }
  return demo;
}
