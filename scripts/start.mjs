#!/usr/bin/env node
/**
 * `npm start`: build, then launch Electron on the embedded sandbox broker (Demo mode).
 * If the Electron binary was not downloaded at install time (for example with
 * ELECTRON_SKIP_BINARY_DOWNLOAD), it is fetched now, once, the way `npm ci` would have.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
function electronPath() {
  try {
    const p = require('electron');
    return existsSync(p) ? p : null;
  } catch {
    return null;
  }
}

if (!electronPath()) {
  console.log('Downloading the Electron binary (first launch)…');
  const install = spawnSync(process.execPath, [require.resolve('electron/install.js')], {
    stdio: 'inherit',
    env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '' },
  });
  if (install.status !== 0 || !electronPath()) {
    console.error('Could not download Electron. Use `npm run harness` to run Tickdesk in a browser instead.');
    process.exit(1);
  }
}
const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const args = ['.', '--demo', ...process.argv.slice(2)];
const run = spawnSync(electronPath(), args, { stdio: 'inherit' });
process.exit(run.status ?? 0);
