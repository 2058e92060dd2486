/**
 * Finds a tool's JavaScript entry point so scripts run it with `process.execPath`.
 * Why: spawning `npx` (a `.cmd` shim on Windows) without a shell fails on Windows, and a
 * shell brings quoting problems; node running the tool's own file works on every OS.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The absolute path of the file a package declares for `bin` (its `package.json` "bin"
 * field), e.g. toolBin('eslint') or toolBin('@playwright/test', 'playwright').
 * @param {string} pkg the npm package name
 * @param {string} [bin] the command name, when the package declares several
 * @returns {string}
 */
export function toolBin(pkg, bin) {
  const manifestPath = require.resolve(`${pkg}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const rel =
    typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.[bin ?? pkg.split('/').pop()];
  if (!rel) throw new Error(`${pkg} declares no "${bin ?? pkg}" command in its package.json`);
  return join(dirname(manifestPath), rel);
}
