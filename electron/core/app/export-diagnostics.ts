/**
 * `--export-diagnostics <file>`: writes the support bundle from the data folder and returns,
 * without starting the broker, the session or the symbol master, and without logging in.
 *
 * Why: when the app cannot start, or a trader cannot reach the settings screen, support still
 * needs the bundle. The desktop app (electron/main.ts) and the harness CLI both call this, and
 * the running app builds its bundle from the same disk sources, so all three agree.
 */
import { resolve } from 'node:path';
import { systemClock, type Clock } from '../auth/ports';
import { readDiskSources } from '../diagnostics/bundle-sources';
import type { Logger } from '../diagnostics/logger';
import { exportSupportBundle, type SystemInfo } from '../diagnostics/support-bundle';
import { createReadOnlySettingsBackend, type SettingsBackend } from '../settings/backend';
import { createSettingsStore } from '../settings/settings-store';
import { join } from 'node:path';

/** What the command-line export needs from its host. */
export interface ExportDiagnosticsOptions {
  appName: string;
  version: string;
  dataDir: string;
  /** Where to write the ZIP (relative paths are from the working directory). */
  out: string;
  /**
   * Where the settings are read from; default settings.json in dataDir, read-only. Whatever
   * is given is only read: the export never writes, migrates on disk or moves the file.
   */
  settingsBackend?: SettingsBackend;
  logger?: Logger;
  clock?: Clock;
  system?: SystemInfo;
}

/**
 * Builds and writes the bundle; the data folder is only read. A damaged settings file stays
 * where it is (the bundle says so in its settings issue), a file needing migration is
 * migrated in memory, so the bundle carries the trader's real settings (redacted).
 */
export async function exportDiagnostics(
  opts: ExportDiagnosticsOptions,
): Promise<{ path: string; bytes: number }> {
  const clock = opts.clock ?? systemClock;
  const settings = createSettingsStore({
    backend:
      opts.settingsBackend ?? createReadOnlySettingsBackend(join(opts.dataDir, 'settings.json')),
    readOnly: true,
    ...(opts.logger ? { logger: opts.logger } : {}),
  });
  const { issue } = await settings.load();
  const now = clock.now();
  return exportSupportBundle(resolve(opts.out), {
    appName: opts.appName,
    appVersion: opts.version,
    clock,
    madeBy: 'command-line',
    disk: readDiskSources(opts.dataDir, now),
    settings: () => (issue ? { ...settings.get(), loadIssue: issue } : settings.get()),
    ...(opts.system ? { system: opts.system } : {}),
  });
}
