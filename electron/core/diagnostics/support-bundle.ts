/**
 * Support bundle: one ZIP a trader can send us when something went wrong.
 *
 * It gathers what we need to diagnose a problem (redacted logs, versions, OS, settings,
 * session and limiter snapshots) and runs everything through the redaction pass again,
 * so even a snapshot provider that forgot about a secret cannot leak it.
 */
import { writeFile, rename, mkdir } from 'node:fs/promises';
import { arch, release, platform } from 'node:os';
import { dirname } from 'node:path';
import { processSecretRegistry, redactText, redactValue, type SecretRegistry } from './redact';
import { buildZip, type ZipEntry } from './zip-writer';

/** Facts about the running system; injectable so tests produce stable bundles. */
export interface SystemInfo {
  platform: string;
  release: string;
  arch: string;
  versions: Record<string, string | undefined>;
}

/** Everything a bundle is built from; each provider is called once per export. */
export interface SupportBundleSources {
  appVersion: string;
  clock: { now(): number };
  /** Log lines already redacted by the logger; redacted again here as a second line of defence. */
  logLines: () => string[];
  /** The non-secret settings document (settings store `get()`). */
  settings: () => unknown;
  /** Named state snapshots, e.g. `{ session: () => session.snapshot(), limiter: ... }`. */
  snapshots?: Record<string, () => unknown>;
  system?: SystemInfo;
  registry?: SecretRegistry;
}

/** Read the current machine's facts; only used when the caller does not inject them. */
export function currentSystemInfo(): SystemInfo {
  return {
    platform: platform(),
    release: release(),
    arch: arch(),
    versions: { ...process.versions },
  };
}

/** Build the bundle's entries (pure, apart from the providers) so tests can inspect them. */
export function buildSupportBundleEntries(input: SupportBundleSources): ZipEntry[] {
  const src = { ...input, registry: input.registry ?? processSecretRegistry };
  const createdAt = new Date(src.clock.now()).toISOString();
  const sys = src.system ?? currentSystemInfo();
  const snapshots: Record<string, unknown> = {};
  for (const [name, get] of Object.entries(src.snapshots ?? {})) {
    try {
      snapshots[name] = redactValue(get(), src.registry);
    } catch (err) {
      snapshots[name] = { error: redactText(String(err), src.registry) };
    }
  }
  const manifest = {
    kind: 'tickdesk-support-bundle',
    formatVersion: 1,
    createdAt,
    appVersion: src.appVersion,
    system: {
      platform: sys.platform,
      release: sys.release,
      arch: sys.arch,
      node: sys.versions.node,
      electron: sys.versions.electron,
      chrome: sys.versions.chrome,
    },
    files: ['manifest.json', 'settings.json', 'snapshots.json', 'logs.jsonl'],
  };
  const logs = src
    .logLines()
    .map((line) => redactText(line, src.registry))
    .join('\n');
  return [
    { name: 'manifest.json', data: JSON.stringify(manifest, null, 2) },
    {
      name: 'settings.json',
      data: JSON.stringify(redactValue(src.settings(), src.registry), null, 2),
    },
    { name: 'snapshots.json', data: JSON.stringify(snapshots, null, 2) },
    { name: 'logs.jsonl', data: logs ? `${logs}\n` : '' },
  ];
}

/**
 * Write the bundle as a ZIP to `path` (temp file + rename, so a half-written bundle never
 * looks complete). Returns the path and size for the UI to show.
 */
export async function exportSupportBundle(
  path: string,
  src: SupportBundleSources,
): Promise<{ path: string; bytes: number }> {
  const zip = buildZip(buildSupportBundleEntries(src), new Date(src.clock.now()));
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, zip, { mode: 0o600 });
  await rename(tmp, path);
  return { path, bytes: zip.length };
}
