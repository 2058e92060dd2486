#!/usr/bin/env node
/**
 * `npm start`: build, then launch Electron (Demo mode on the embedded sandbox broker unless
 * `npm start -- --live`). Since Electron 42, `npm ci` does not download the Electron binary:
 * it is fetched here, once, on first launch, and this script says so.
 */
import { spawnSync } from 'node:child_process';
import { electronBinary, electronInstaller, electronVersion } from './lib/electron-binary.mjs';

let binary = electronBinary();
if ('missing' in binary) {
  console.log(`Downloading the Electron ${electronVersion()} binary (first launch only)…`);
  spawnSync(process.execPath, [electronInstaller()], { stdio: 'inherit' });
  binary = electronBinary();
  if ('missing' in binary) {
    console.error(
      'Could not download Electron. Use `npm run harness` to run Tickdesk in a browser instead.',
    );
    process.exit(1);
  }
}
const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
// main.ts reads --live (anything else is Demo); the trader's own flags pass through.
const run = spawnSync(binary.path, ['.', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 0);
