/**
 * The OS keychain behind a keytar-shaped interface.
 *
 * `keytar` is archived (2022) and needs a native rebuild per Electron version, so we use
 * `@napi-rs/keyring`, which ships prebuilt N-API binaries and a keytar-compatible module
 * (`@napi-rs/keyring/keytar`). Keeping the same three calls means either can back the
 * vault, and a fake map backs it in tests.
 */

/** The three keychain calls the vault uses (keytar's API). */
export interface KeychainPort {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/**
 * Load `@napi-rs/keyring/keytar`. Returns null (with the reason) when the native binding
 * cannot load on this platform, so the vault can fall back to memory and say why.
 */
export async function loadNapiKeychain(): Promise<{
  keychain: KeychainPort | null;
  reason: string | null;
}> {
  try {
    const mod = (await import('@napi-rs/keyring/keytar')) as Partial<KeychainPort> & {
      default?: Partial<KeychainPort>;
    };
    const api = typeof mod.getPassword === 'function' ? mod : mod.default;
    if (
      !api ||
      typeof api.getPassword !== 'function' ||
      typeof api.setPassword !== 'function' ||
      typeof api.deletePassword !== 'function'
    ) {
      return { keychain: null, reason: '@napi-rs/keyring/keytar does not export the keytar API' };
    }
    return {
      keychain: {
        getPassword: (s, a) => (api.getPassword as KeychainPort['getPassword'])(s, a),
        setPassword: (s, a, p) => (api.setPassword as KeychainPort['setPassword'])(s, a, p),
        deletePassword: (s, a) => (api.deletePassword as KeychainPort['deletePassword'])(s, a),
      },
      reason: null,
    };
  } catch (err) {
    return { keychain: null, reason: `keychain module failed to load: ${(err as Error).message}` };
  }
}
