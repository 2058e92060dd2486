/**
 * Where the Electron binary is, without downloading it. Why: since Electron 42 the npm
 * package fetches its binary on first use (`require('electron')` downloads when it is
 * missing), so `npm ci` works offline; `npm start` and the Electron end-to-end test must
 * look first, then either fetch it saying so (start) or skip saying why (tests).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The binary's path, or why it is not there. Reads the package's own `path.txt` and
 * `dist/` as its index.js does, without that file's download side effect.
 * @returns {{ path: string } | { missing: string }}
 */
export function electronBinary() {
  let dir;
  try {
    dir = dirname(require.resolve('electron/package.json'));
  } catch {
    return { missing: 'the electron package is not installed (run npm ci)' };
  }
  const pathFile = join(dir, 'path.txt');
  const rel = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH || join(dir, 'dist');
  const path = join(dist, rel || 'electron');
  if (rel && existsSync(path)) return { path };
  return {
    missing: `the Electron ${electronVersion()} binary has not been downloaded (npm start fetches it on first launch; this machine may not reach its download host)`,
  };
}

/** The Electron version the project pins (for messages). */
export function electronVersion() {
  try {
    return require('electron/package.json').version;
  } catch {
    return '(not installed)';
  }
}

/** The package's own downloader, run by `npm start` on first launch. */
export function electronInstaller() {
  return require.resolve('electron/install.js');
}
