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
import { createJsonFileSettingsBackend, type SettingsBackend } from '../settings/backend';
import { createSettingsStore } from '../settings/settings-store';
import { join } from 'node:path';

/** What the command-line export needs from its host. */
export interface ExportDiagnosticsOptions {
  appName: string;
  version: string;
  dataDir: string;
  /** Where to write the ZIP (relative paths are from the working directory). */
  out: string;
  /** The settings the host uses (Electron: electron-store); default settings.json in dataDir. */
  settingsBackend?: SettingsBackend;
  logger?: Logger;
  clock?: Clock;
  system?: SystemInfo;
}

/** Builds and writes the bundle; the settings are read, never changed. */
export async function exportDiagnostics(
  opts: ExportDiagnosticsOptions,
): Promise<{ path: string; bytes: number }> {
  const clock = opts.clock ?? systemClock;
  const settings = createSettingsStore({
    backend:
      opts.settingsBackend ?? createJsonFileSettingsBackend(join(opts.dataDir, 'settings.json')),
    ...(opts.logger ? { logger: opts.logger } : {}),
  });
  await settings.load();
  const now = clock.now();
  return exportSupportBundle(resolve(opts.out), {
    appName: opts.appName,
    appVersion: opts.version,
    clock,
    madeBy: 'command-line',
    disk: readDiskSources(opts.dataDir, now),
    settings: () => settings.get(),
    ...(opts.system ? { system: opts.system } : {}),
  });
}
