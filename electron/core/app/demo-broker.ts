import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { startSandbox } from '../../../sandbox/index';
import type { SandboxHandle } from '../../../sandbox/index';
import type { Opener } from '../auth/ports';
import type { Logger } from '../diagnostics/logger';
import type { SettingsStore } from '../settings/settings-store';

/** The account id Demo mode keeps in settings. */
export const DEMO_ACCOUNT_ID = 'demo';
/** The app Demo registers with its sandbox (Order Placement template). */
const DEMO_APP_ID = 'SBXDEMO001-100';

/** A running embedded sandbox and the opener that completes its logins in-process. */
export interface DemoBroker {
  url: string;
  /** Where the sandbox serves the seven symbol master files. */
  symbolMasterBase: string;
  /** Opens the sandbox's login page by following its auto-approve redirect, no browser needed. */
  opener: Opener;
  close(): Promise<void>;
}

/** How Demo mode's sandbox is started (tests only set more than the seed). */
export interface DemoOptions {
  seed?: number;
  testControls?: boolean;
  /** The sandbox's time source (tests that run core and sandbox on one fast clock). */
  timeSource?: () => number;
  /** An already running sandbox (autoApprove) to use instead: a core restart finds its orders. */
  running?: SandboxHandle;
  /** The Demo app's secret (tests of the app-secret login); random otherwise. */
  appSecret?: string;
}

/**
 * Demo mode: start the sandbox broker inside the app (auto-approve login, so there is no
 * password to know), and point the Demo account at it. Its port changes every launch, so
 * the account is refreshed each time; nothing a trader does here reaches an exchange.
 */
export async function startDemoBroker(
  settings: SettingsStore,
  opts: DemoOptions = {},
  logger?: Logger,
): Promise<DemoBroker> {
  // The sandbox, like a real broker, wants the exact registered redirect_uri: Demo
  // registers the one port its loopback listener will use for every Demo login.
  const sandbox =
    opts.running ??
    (await startSandbox({
      autoApprove: true,
      apps: [
        {
          app_id: DEMO_APP_ID,
          // PKCE logins never send it; random so no two launches share one.
          secret: opts.appSecret ?? randomBytes(8).toString('hex').toUpperCase(),
          redirect_uri: `http://127.0.0.1:${await freeLoopbackPort()}/callback`,
          template: 'orders',
        },
      ],
      // Hosted in the app: its internal errors belong in the app's (redacted) log, not on a console.
      ...(logger ? { onInternalError: (line: string) => logger.error(line) } : {}),
      ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
      ...(opts.testControls ? { testControls: true } : {}),
      ...(opts.timeSource ? { timeSource: opts.timeSource } : {}),
    }));
  // A sandbox handed in (tests) has its own apps: the first orders app plays Demo's.
  const app =
    sandbox.apps.find((a) => a.app_id === DEMO_APP_ID) ??
    sandbox.apps.find((a) => a.template === 'orders');
  if (!app) throw new Error('The sandbox broker started without the Demo app.');
  await settings.upsertAccount({
    id: DEMO_ACCOUNT_ID,
    label: 'Demo account',
    environment: 'demo',
    appId: app.app_id,
    redirectUrl: app.redirect_uri,
    template: app.template,
    baseUrl: sandbox.url,
    // The sandbox's own data API and socket: Demo prices come from the market that fills orders.
    dataBaseUrl: sandbox.dataUrl,
    socketUrl: sandbox.socketUrl,
  });
  if (!settings.activeAccount() || settings.activeAccount()?.environment === 'demo') {
    await settings.setActiveAccount(DEMO_ACCOUNT_ID);
  }
  const origin = new URL(sandbox.url).origin;
  return {
    url: sandbox.url,
    symbolMasterBase: sandbox.symbolMasterBase,
    opener: {
      async openExternal(url) {
        if (new URL(url).origin !== origin)
          throw new Error('The Demo opener only opens the embedded sandbox.');
        // Auto-approve answers with a redirect to our loopback listener; following it delivers the code.
        const res = await fetch(url, { redirect: 'follow' });
        await res.arrayBuffer();
      },
    },
    // A sandbox handed in outlives this core (a restart test starts the next core on it).
    close: () => (opts.running ? Promise.resolve() : sandbox.close()),
  };
}

/**
 * A port on 127.0.0.1 that is free now: bound, read and released. Another program could
 * take it before a Demo login binds it again; the login then fails with "Could not listen
 * on 127.0.0.1" and a restart of Tickdesk picks another.
 */
function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no loopback port'))));
    });
  });
}
