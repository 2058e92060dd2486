/**
 * Probe whether the keychain really works before trusting it with secrets.
 *
 * A keychain module can load and still be useless: no Secret Service on the D-Bus, a
 * locked collection whose unlock prompt nobody answers, a headless CI box. A write, read
 * and delete of a throwaway entry, bounded by a timeout, tells us for sure.
 */
import type { KeychainPort } from './keychain-port';

/** The probe's verdict; `reason` is a short sentence for the log and the notice. */
export interface ProbeResult {
  available: boolean;
  reason: string | null;
}

/** Options of `probeKeychain`. */
export interface ProbeOptions {
  service: string;
  /** Unique probe entry name (random, so parallel app instances don't collide). */
  account: string;
  timeoutMs?: number;
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** Write, read back and delete a probe entry; any failure or mismatch means "unavailable". */
export async function probeKeychain(
  keychain: KeychainPort,
  opts: ProbeOptions,
): Promise<ProbeResult> {
  const ms = opts.timeoutMs ?? 5000;
  const value = `probe-${opts.account}`;
  try {
    await withTimeout(
      keychain.setPassword(opts.service, opts.account, value),
      ms,
      'keychain write',
    );
    const back = await withTimeout(
      keychain.getPassword(opts.service, opts.account),
      ms,
      'keychain read',
    );
    await withTimeout(
      keychain.deletePassword(opts.service, opts.account),
      ms,
      'keychain delete',
    ).catch(() => false);
    if (back !== value)
      return { available: false, reason: 'the keychain did not return what was stored' };
    return { available: true, reason: null };
  } catch (err) {
    return { available: false, reason: (err as Error).message || String(err) };
  }
}
