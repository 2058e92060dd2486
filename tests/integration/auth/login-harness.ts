/**
 * Shared setup for integration tests that need a logged-in session against the sandbox:
 * a "system browser" that follows the sandbox's generate-authcode redirect to our loopback
 * listener, a clock kept in step with the sandbox clock, and the real login, vault and
 * session services wired as main.ts will wire them.
 */
import { startSandbox, type SandboxHandle } from '../../../sandbox/index';
import { createLoginService, type LoginService } from '../../../electron/core/auth/login-service';
import { systemRandom, type FetchLike, type Opener } from '../../../electron/core/auth/ports';
import {
  createLogger,
  createRingBufferSink,
  type RingBufferSink,
} from '../../../electron/core/diagnostics/logger';
import { SecretRegistry } from '../../../electron/core/diagnostics/redact';
import {
  createSessionController,
  type SessionAccount,
  type SessionController,
} from '../../../electron/core/session/session-controller';
import { createVault, type Vault } from '../../../electron/core/vault/vault';
import type { PermissionTemplate } from '../../../electron/core/settings/schema';

/** A clock the test moves together with the sandbox's (frozen) simulation clock. */
export class SyncedClock {
  constructor(
    private t: number,
    private readonly sandboxUrl: string,
  ) {}
  now(): number {
    return this.t;
  }
  /** Set both clocks to the same instant. */
  async set(iso: string): Promise<void> {
    const res = await fetch(`${this.sandboxUrl}/__sandbox/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ set: iso }),
    });
    if (res.status !== 200)
      throw new Error(`sandbox clock control failed: HTTP ${res.status} ${await res.text()}`);
    this.t = Date.parse(iso);
  }
}

/**
 * The system browser stand-in: GET the authorize URL without following redirects (as a
 * browser would show the broker page), then GET the Location it redirects to (our loopback
 * listener). Records every URL it visited so tests can check what was sent.
 */
export function fakeSystemBrowser(): Opener & { visited: string[]; lastStatus: number | null } {
  const visited: string[] = [];
  const browser = {
    visited,
    lastStatus: null as number | null,
    async openExternal(url: string) {
      visited.push(url);
      const res = await fetch(url, { redirect: 'manual' });
      const location = res.headers.get('location');
      await res.text();
      if (res.status !== 302 || !location)
        throw new Error(`authorize did not redirect: HTTP ${res.status}`);
      visited.push(location);
      // Like a browser: the redirect is followed after openExternal has returned.
      void fetch(location).then(
        async (r) => {
          browser.lastStatus = r.status;
          await r.text();
        },
        () => undefined,
      );
    },
  };
  return browser;
}

/** Everything a test needs for one logged-in (or about to be) session. */
export interface LoginRig {
  sandbox: SandboxHandle;
  clock: SyncedClock;
  browser: ReturnType<typeof fakeSystemBrowser>;
  vault: Vault;
  login: LoginService;
  session: SessionController;
  account: SessionAccount;
  logs: RingBufferSink;
  registry: SecretRegistry;
  close(): Promise<void>;
}

/** Start the sandbox (autoApprove, test controls, frozen clock) and wire the auth services. */
export async function startLoginRig(
  opts: { template?: PermissionTemplate; start?: string; withSecret?: boolean } = {},
): Promise<LoginRig> {
  const start = opts.start ?? '2026-01-05T04:00:00.000Z'; // 09:30 IST
  const sandbox = await startSandbox({
    autoApprove: true,
    testControls: true,
    master: 'fixture',
    freezeClock: true,
    tickMs: 0,
    now: new Date(start),
    // These logins bind an ephemeral port, so the broker must apply RFC 8252 §7.3.
    loopbackAnyPort: true,
  });
  const app = sandbox.apps.find((a) => a.template === (opts.template ?? 'orders'));
  if (!app) throw new Error('sandbox has no app for the template');
  const clock = new SyncedClock(Date.parse(start), sandbox.url);
  const logs = createRingBufferSink(500);
  const registry = new SecretRegistry();
  const logger = createLogger({ sinks: [logs], registry, clock, level: 'debug' });
  const vault = createVault({
    keychain: null,
    keychainUnavailableReason: 'integration test uses memory',
    registry,
    logger,
  });
  await vault.init();
  if (opts.withSecret) await vault.setAppSecret('sbx', app.secret);
  const browser = fakeSystemBrowser();
  const login = createLoginService({
    fetch: globalThis.fetch as unknown as FetchLike,
    random: systemRandom,
    clock,
    opener: browser,
    appSecret: (id) => vault.getAppSecret(id),
    logger,
    timeoutMs: 10_000,
    loopbackPort: (acc) =>
      acc.baseUrl.startsWith('http://127.0.0.1') ? 'ephemeral' : 'registered',
  });
  const account: SessionAccount = {
    id: 'sbx',
    label: 'Sandbox',
    appId: app.app_id,
    redirectUrl: app.redirect_uri,
    baseUrl: sandbox.url,
    environment: 'demo',
    template: app.template,
  };
  const session = createSessionController({
    clock,
    login,
    vault,
    accounts: { active: () => account, byId: (id) => (id === account.id ? account : null) },
    warningLeadMs: () => 30 * 60_000,
    logger,
  });
  return {
    sandbox,
    clock,
    browser,
    vault,
    login,
    session,
    account,
    logs,
    registry,
    async close() {
      session.dispose();
      login.cancel();
      await sandbox.close();
    },
  };
}

/** A broker GET with the session's credentials (plain fetch: the broker client is tested elsewhere). */
export async function brokerGet(
  rig: LoginRig,
  path: string,
): Promise<{
  status: number;
  body: { s: string; code: number; message: string } & Record<string, unknown>;
}> {
  const cred = rig.session.credentials();
  const headers: Record<string, string> = {};
  if (cred) headers.Authorization = `${cred.appId}:${cred.accessToken}`;
  const res = await fetch(`${rig.sandbox.url}${path}`, { headers });
  return {
    status: res.status,
    body: (await res.json()) as { s: string; code: number; message: string },
  };
}
