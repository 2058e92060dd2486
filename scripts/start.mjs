#!/usr/bin/env node
/**
 * `npm start`: build, then launch Electron (Demo mode on the embedded sandbox broker unless
 * `npm start -- --live`). First it checks that this Node is the one package.json's engines
 * asks for. Since Electron 42, `npm ci` does not download the Electron binary: it is fetched
 * here, once, on first launch, and this script says so; when that fails it says what it
 * tried, from where, and the ways on (scripts/lib/electron-download.mjs), never a stack trace.
 */
import { spawnSync } from 'node:child_process';
import { exitIfNodeTooOld } from './lib/node-version.mjs';

// Before anything else: under an older Node the build would fail with an unrelated error.
exitIfNodeTooOld(new URL('../package.json', import.meta.url), 'npm start');

const { electronBinary, electronInstaller, electronVersion } =
  await import('./lib/electron-binary.mjs');
const { downloadError, downloadFailedMessage, electronDownloadPlan, probe } =
  await import('./lib/electron-download.mjs');

let binary = electronBinary();
if ('missing' in binary) {
  const version = electronVersion();
  console.log(`Downloading the Electron ${version} binary (first launch only)…`);
  // Piped, not inherited: the installer's failure is a stack trace; we print its reason only.
  const install = spawnSync(process.execPath, [electronInstaller()], {
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
  });
  binary = electronBinary();
  if ('missing' in binary) {
    // The platform and arch electron/install.js downloads for (it reads the same settings).
    const env = process.env;
    const platform = env.ELECTRON_INSTALL_PLATFORM || env.npm_config_platform || process.platform;
    const arch = env.ELECTRON_INSTALL_ARCH || env.npm_config_arch || process.arch;
    const plan = electronDownloadPlan({ version, platform, arch, env });
    const said =
      install.status === 0
        ? 'the installer finished but left no binary'
        : downloadError(install.stderr ?? install.error?.message ?? '');
    const why = await probe(plan.url);
    const error = why && !said.includes(why) ? `${said}: ${why}` : said;
    console.error(downloadFailedMessage({ version, platform, arch, error, plan }));
    process.exit(1);
  }
}
const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
// main.ts reads --live (anything else is Demo); the trader's own flags pass through.
const run = spawnSync(binary.path, ['.', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 0);
