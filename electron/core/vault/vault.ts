/**
 * The vault: where the app secret and each account's access token live.
 *
 * Secrets go to the OS keychain. When there is none (probe failed) they stay in this
 * process's memory only, and the status says so, so the UI can tell the trader that they
 * will have to log in again after a restart. Nothing here ever writes a secret to disk.
 */
import type { KeychainPort } from './keychain-port';
import { probeKeychain } from './probe';
import { silentLogger, type Logger } from '../diagnostics/logger';
import { processSecretRegistry, type SecretRegistry } from '../diagnostics/redact';
import type { Random } from '../auth/ports';
import { systemRandom } from '../auth/ports';

/** Where secrets are kept right now; published to the renderer (no secret values). */
export interface VaultStatus {
  backend: 'keychain' | 'memory' | 'uninitialised';
  /** Why secrets are in memory only, in words the user can be shown; null with a keychain. */
  reason: string | null;
}

/** An access token with the times the session needs after a restart. */
export interface StoredToken {
  token: string;
  issuedAt: number;
  expiresAt: number;
}

/** Dependencies of `createVault`. */
export interface VaultDeps {
  /** null when the keychain module could not load; `reason` then explains it. */
  keychain: KeychainPort | null;
  keychainUnavailableReason?: string | null;
  /** Keychain service name; one per app (and per test run, to keep tests apart). */
  service?: string;
  logger?: Logger;
  /** Where stored secrets are registered for log redaction; defaults to the process-wide registry. */
  registry?: SecretRegistry;
  random?: Random;
  probeTimeoutMs?: number;
}

/** Secret storage for the main process; the renderer only ever sees `status()`. */
export interface Vault {
  /** Probe the keychain and choose the backend; call once at start. */
  init(): Promise<VaultStatus>;
  status(): VaultStatus;
  onStatus(listener: (s: VaultStatus) => void): () => void;
  getAppSecret(accountId: string): Promise<string | null>;
  setAppSecret(accountId: string, secret: string): Promise<void>;
  deleteAppSecret(accountId: string): Promise<void>;
  getToken(accountId: string): Promise<StoredToken | null>;
  setToken(accountId: string, token: StoredToken): Promise<void>;
  deleteToken(accountId: string): Promise<void>;
  /** Remove everything stored for an account (account deleted in settings). */
  forgetAccount(accountId: string): Promise<void>;
}

/** Keychain service name used by the app. */
export const VAULT_SERVICE = 'Tickdesk';

const secretKey = (id: string): string => `app-secret:${id}`;
const tokenKey = (id: string): string => `access-token:${id}`;

/** Build the vault; it stays in memory mode until `init()` has proven the keychain works. */
export function createVault(deps: VaultDeps): Vault {
  const service = deps.service ?? VAULT_SERVICE;
  const log = (deps.logger ?? silentLogger).child('vault');
  const memory = new Map<string, string>();
  const registry = deps.registry ?? processSecretRegistry;
  const listeners = new Set<(s: VaultStatus) => void>();
  let status: VaultStatus = { backend: 'uninitialised', reason: null };
  let keychain: KeychainPort | null = null;

  const publish = (next: VaultStatus): void => {
    status = next;
    for (const l of listeners) l(next);
  };

  const fallBack = (why: string): void => {
    if (status.backend === 'memory') return;
    keychain = null;
    log.warn('secrets are kept in memory only', { reason: why });
    publish({
      backend: 'memory',
      reason: `No working keychain (${why}). Secrets are kept in memory until the app closes.`,
    });
  };

  async function read(key: string): Promise<string | null> {
    if (keychain) {
      try {
        const v = await keychain.getPassword(service, key);
        if (v !== null) return v;
      } catch (err) {
        fallBack(`read failed: ${(err as Error).message}`);
      }
    }
    return memory.get(key) ?? null;
  }

  async function write(key: string, value: string): Promise<void> {
    registry.add(value);
    if (keychain) {
      try {
        await keychain.setPassword(service, key, value);
        memory.delete(key);
        return;
      } catch (err) {
        fallBack(`write failed: ${(err as Error).message}`);
      }
    }
    memory.set(key, value);
  }

  async function remove(key: string): Promise<void> {
    const had = memory.get(key);
    memory.delete(key);
    if (had) registry.remove(had);
    if (keychain) {
      try {
        await keychain.deletePassword(service, key);
      } catch (err) {
        log.warn('keychain delete failed', { error: err });
      }
    }
  }

  return {
    async init() {
      if (!deps.keychain) {
        fallBack(deps.keychainUnavailableReason ?? 'no keychain module');
        return status;
      }
      const random = deps.random ?? systemRandom;
      const probeId = `probe-${Buffer.from(random.bytes(6)).toString('hex')}`;
      const probe = await probeKeychain(deps.keychain, {
        service,
        account: probeId,
        ...(deps.probeTimeoutMs !== undefined ? { timeoutMs: deps.probeTimeoutMs } : {}),
      });
      if (probe.available) {
        keychain = deps.keychain;
        log.info('secrets are kept in the OS keychain');
        publish({ backend: 'keychain', reason: null });
      } else {
        fallBack(probe.reason ?? 'probe failed');
      }
      return status;
    },
    status: () => status,
    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async getAppSecret(id) {
      const v = await read(secretKey(id));
      registry.add(v);
      return v;
    },
    async setAppSecret(id, secret) {
      if (!secret) throw new RangeError('app secret must not be empty');
      await write(secretKey(id), secret);
    },
    deleteAppSecret: (id) => remove(secretKey(id)),
    async getToken(id) {
      const raw = await read(tokenKey(id));
      if (!raw) return null;
      try {
        const parsed = JSON.parse(raw) as Partial<StoredToken>;
        if (
          typeof parsed.token !== 'string' ||
          typeof parsed.expiresAt !== 'number' ||
          typeof parsed.issuedAt !== 'number'
        ) {
          throw new Error('bad shape');
        }
        registry.add(parsed.token);
        return { token: parsed.token, issuedAt: parsed.issuedAt, expiresAt: parsed.expiresAt };
      } catch {
        log.warn('stored token entry unreadable; discarding it', { accountId: id });
        await remove(tokenKey(id));
        return null;
      }
    },
    async setToken(id, token) {
      if (!token.token) throw new RangeError('access token must not be empty');
      registry.add(token.token);
      await write(tokenKey(id), JSON.stringify(token));
    },
    deleteToken: (id) => remove(tokenKey(id)),
    async forgetAccount(id) {
      await remove(secretKey(id));
      await remove(tokenKey(id));
    },
  };
}
