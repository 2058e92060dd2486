import {
  DemoChildMessage,
  type DemoChildOptions,
  type DemoReady,
} from '../../../shared/demo/child-messages';
import type { BrokerDialectId } from '../../../shared/broker/dialect';
import { v3SocketUrls } from '../../../shared/broker/v3/socket-addresses';
import type { Opener } from '../auth/ports';
import { silentLogger, type Logger } from '../diagnostics/logger';
import type { AppChange, SettingsStore } from '../settings/settings-store';

/** Demo's account is the app's own bookkeeping: kept in memory for the run when settings are read-only. */
const APP_CHANGE: AppChange = { byApp: true };
import type { DemoProcess, DemoProcessLauncher } from './demo-process-port';

/** The account id Demo mode keeps in settings. */
export const DEMO_ACCOUNT_ID = 'demo';

/** The app id the Demo broker's process registers (sandbox/demo-app.ts; the app never imports the sandbox). */
const DEMO_APP_ID_IN_SANDBOX = 'SBXDEMO001-100';
/** How long a starting Demo broker may take before the start counts as failed. */
const START_TIMEOUT_MS = 60_000;
/** How long a stopping Demo broker may take before it is killed. */
const STOP_TIMEOUT_MS = 5_000;

/**
 * The Demo account's dialect and addresses on the sandbox: v2's data API and socket, or v3's
 * data host and socket host (the v3 dialect opens its order socket and HSM data socket on it,
 * at the paths the sandbox announced). One engine feeds both presentations.
 */
function demoAddresses(
  ready: DemoReady,
  dialect: BrokerDialectId,
): { broker: BrokerDialectId; dataBaseUrl: string; historyBaseUrl: string; socketUrl: string } {
  // v2 serves quotes and depth on its data host and history on the broker's origin.
  if (dialect === 'fyers-v2')
    return {
      broker: dialect,
      dataBaseUrl: ready.dataUrl,
      historyBaseUrl: ready.historyUrl,
      socketUrl: ready.socketUrl,
    };
  const host = new URL(ready.v3.dataSocketUrl).origin;
  const derived = v3SocketUrls(host);
  // The app finds both sockets from the host: a sandbox serving them elsewhere is a mismatch to say.
  if (
    derived.orderSocketUrl !== ready.v3.orderSocketUrl ||
    derived.dataSocketUrl !== ready.v3.dataSocketUrl
  )
    throw new Error('the Demo broker announced v3 sockets at paths this app does not use');
  return {
    broker: dialect,
    dataBaseUrl: ready.v3.dataUrl,
    historyBaseUrl: ready.v3.dataUrl,
    socketUrl: host,
  };
}

/** Where the Demo broker is, once it runs. */
export interface DemoBrokerInfo {
  url: string;
  /** Where the sandbox serves the seven symbol master files. */
  symbolMasterBase: string;
}

/** The Demo broker's lifecycle as support and tests see it. */
export type DemoBrokerState = 'stopped' | 'starting' | 'running' | 'crashed';

/**
 * The Demo broker: the sandbox in its own process, started when Demo is first needed (a
 * login, a symbol download), restarted by the next need after a crash, stopped on quit.
 */
export interface DemoBroker {
  /** Starts the process unless it runs; resolves once it listens (the Demo account then points at it). */
  ensure(): Promise<DemoBrokerInfo>;
  /**
   * Makes the Demo account the active one before the broker runs (a first launch has none
   * yet; it gets its broker address at the first start), so Demo mode always shows Demo.
   */
  selectDemoAccount(): Promise<void>;
  /** Where it runs now, or null when it does not. */
  current(): DemoBrokerInfo | null;
  state(): DemoBrokerState;
  /** Opens the sandbox's login page by following its auto-approve redirect, no browser needed. */
  opener: Opener;
  /**
   * Listens for the process ending without being asked to (the next need restarts it): the
   * app tells the trader and ends the Demo session. Returns the unsubscribe.
   */
  onCrash(listener: (message: string) => void): () => void;
  /** Asks the process to stop, kills it if it does not within 5 s. */
  dispose(): Promise<void>;
}

/** What the Demo broker needs from the app. */
export interface DemoBrokerDeps {
  settings: SettingsStore;
  launch: DemoProcessLauncher;
  options?: DemoChildOptions;
  logger?: Logger;
  startTimeoutMs?: number;
}

/**
 * Demo mode: the sandbox broker runs in its own process (auto-approve login, so there is no
 * password to know), and the Demo account points at it. Its port changes at every start,
 * so the account is refreshed each time; nothing a trader does here reaches an exchange.
 */
export function createDemoBroker(deps: DemoBrokerDeps): DemoBroker {
  const log = (deps.logger ?? silentLogger).child('demo');
  let state: DemoBrokerState = 'stopped';
  let info: DemoBrokerInfo | null = null;
  let proc: DemoProcess | null = null;
  let starting: Promise<DemoBrokerInfo> | null = null;
  let exited: Promise<void> = Promise.resolve();
  let disposed = false;
  let lastReady: DemoReady | null = null;
  let repointing: Promise<void> = Promise.resolve();
  const crashListeners = new Set<(message: string) => void>();

  async function selectDemoAccount(): Promise<void> {
    if (!deps.settings.account(DEMO_ACCOUNT_ID))
      await deps.settings.upsertAccount(
        {
          id: DEMO_ACCOUNT_ID,
          label: 'Demo account',
          environment: 'demo',
          appId: 'demo',
          redirectUrl: 'http://127.0.0.1/callback',
          template: 'orders',
        },
        APP_CHANGE,
      );
    const active = deps.settings.activeAccount();
    if (!active || active.environment === 'demo')
      await deps.settings.setActiveAccount(DEMO_ACCOUNT_ID, APP_CHANGE);
  }

  async function pointDemoAccountAt(ready: DemoReady): Promise<void> {
    // The child registers Demo's app with its exact loopback redirect; a sandbox handed in
    // by a test has its own apps: the first orders app then plays Demo's.
    const app =
      ready.apps.find((a) => a.app_id === DEMO_APP_ID_IN_SANDBOX) ??
      ready.apps.find((a) => a.template === 'orders') ??
      ready.apps[0]!;
    await deps.settings.upsertAccount(
      {
        id: DEMO_ACCOUNT_ID,
        label: 'Demo account',
        environment: 'demo',
        appId: app.app_id,
        redirectUrl: app.redirect_uri,
        template: app.template,
        baseUrl: ready.url,
        // The dialect chosen in Settings, and that dialect's addresses on the sandbox.
        ...demoAddresses(ready, deps.settings.get().preferences.demoBroker),
        // The sandbox implements v3 logout: a Demo logout revokes the token there too.
        revokeOnLogout: true,
      },
      APP_CHANGE,
    );
    await selectDemoAccount();
    lastReady = ready;
  }

  // Settings changed Demo's dialect while the broker runs: point the Demo account at the
  // sandbox's other presentation now (one engine serves both; the session's token works on both).
  const stopWatching = deps.settings.onChange((doc) => {
    const demoAccount = doc.accounts.find((a) => a.id === DEMO_ACCOUNT_ID);
    if (!lastReady || !demoAccount || state !== 'running') return;
    if (demoAccount.broker === doc.preferences.demoBroker) return;
    // A login waits for this (ensure() below): it must log in to the dialect just chosen.
    repointing = pointDemoAccountAt(lastReady).catch((err: unknown) =>
      log.error('demo: could not switch the Demo account to the chosen API', { err: String(err) }),
    );
  });

  function start(): Promise<DemoBrokerInfo> {
    state = 'starting';
    const started = performance.now();
    const child = deps.launch(deps.options ?? {});
    proc = child;
    let markExited: () => void = () => undefined;
    exited = new Promise<void>((r) => (markExited = r));
    return new Promise<DemoBrokerInfo>((resolve, reject) => {
      let settled = false;
      const fail = (message: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        state = 'crashed';
        log.error('demo: broker did not start', { message });
        child.kill();
        reject(new Error(`The Demo broker did not start: ${message}`));
      };
      const timer = setTimeout(
        () =>
          fail(
            `no answer within ${Math.round((deps.startTimeoutMs ?? START_TIMEOUT_MS) / 1000)} s`,
          ),
        deps.startTimeoutMs ?? START_TIMEOUT_MS,
      );
      timer.unref();
      child.onMessage((raw) => {
        const msg = DemoChildMessage.safeParse(raw);
        if (!msg.success) {
          log.warn('demo: unexpected message from the broker process', {});
          return;
        }
        if (msg.data.type === 'log') {
          // The sandbox's internal errors belong in the app's (redacted) log.
          log.error(msg.data.line);
          return;
        }
        if (msg.data.type === 'failed') return fail(msg.data.message);
        if (settled) return;
        const ready = msg.data;
        pointDemoAccountAt(ready).then(
          () => {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            info = { url: ready.url, symbolMasterBase: ready.symbolMasterBase };
            state = 'running';
            log.info('demo: broker ready', {
              url: ready.url,
              ms: Math.round(performance.now() - started),
            });
            resolve(info);
          },
          (err: unknown) => fail(`the Demo account could not be saved (${String(err)})`),
        );
      });
      child.onExit((code) => {
        markExited();
        if (proc === child) proc = null;
        const wasRunning = state === 'running';
        info = null;
        if (!settled) return fail(`its process ended (exit code ${code ?? 'signal'})`);
        if (disposed || !wasRunning) {
          state = 'stopped';
          return;
        }
        state = 'crashed';
        const message = `The Demo broker stopped unexpectedly (exit code ${code ?? 'signal'}). Log in again to restart it.`;
        log.error('demo: broker process ended unexpectedly', { code });
        for (const l of [...crashListeners]) l(message);
      });
    }).finally(() => {
      starting = null;
    });
  }

  const broker: DemoBroker = {
    ensure() {
      if (disposed) return Promise.reject(new Error('The app is closing; Demo is stopped.'));
      if (state === 'running' && info) {
        const at = info;
        return repointing.then(() => at);
      }
      starting ??= start();
      return starting;
    },
    selectDemoAccount,
    onCrash(listener) {
      crashListeners.add(listener);
      return () => crashListeners.delete(listener);
    },
    current: () => info,
    state: () => state,
    opener: {
      async openExternal(url) {
        const at = info ?? (await broker.ensure());
        if (new URL(url).origin !== new URL(at.url).origin)
          throw new Error('The Demo opener only opens the Demo broker.');
        // Auto-approve answers with a redirect to our loopback listener; following it delivers the code.
        const res = await fetch(url, { redirect: 'follow' });
        await res.arrayBuffer();
      },
    },
    async dispose() {
      disposed = true;
      stopWatching();
      const child = proc;
      if (!child) return;
      child.send({ type: 'stop' });
      const timer = setTimeout(() => child.kill(), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
      state = 'stopped';
    },
  };
  return broker;
}
