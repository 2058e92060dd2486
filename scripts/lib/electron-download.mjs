/**
 * What `npm start` tells a trader when the first-launch Electron download fails. Why: the
 * package's own installer prints a stack trace that names neither the address it tried nor a
 * way round it. This module works out, as @electron/get 5 does (artifact-utils.js, Cache.js),
 * the address it fetches and the cache file it would have used instead, so the message can
 * say exactly where a zip fetched elsewhere goes.
 */
import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { join, posix, resolve } from 'node:path';

const GITHUB = 'https://github.com/electron/electron/releases/download/';

/**
 * The first of @electron/get's spellings of a mirror setting that is set (.npmrc, then the
 * environment), or undefined.
 * @param {NodeJS.ProcessEnv} env
 * @param {'mirror' | 'customDir' | 'customFilename'} name
 */
function setting(env, name) {
  const snake = name.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
  return (
    env[`npm_config_electron_${name.toLowerCase()}`] ||
    env[`NPM_CONFIG_ELECTRON_${snake.toUpperCase()}`] ||
    env[`npm_config_electron_${snake}`] ||
    env[`ELECTRON_${snake.toUpperCase()}`] ||
    undefined
  );
}

/** Electron's default cache folder per OS (env-paths('electron').cache, as @electron/get uses). */
function defaultCacheRoot(env, platform) {
  const home = homedir();
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'electron');
  if (platform === 'win32')
    return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), 'electron', 'Cache');
  return join(env.XDG_CACHE_HOME || join(home, '.cache'), 'electron');
}

/**
 * Where the download of Electron `version` for platform/arch comes from and where its zip is
 * cached, under the settings in `env`.
 * @param {{ version: string, platform: string, arch: string, env: NodeJS.ProcessEnv }} o
 * @returns {{ url: string, fileName: string, mirrorSet: boolean, cacheRoot: string, cachePath: string }}
 */
export function electronDownloadPlan({ version, platform, arch, env }) {
  const v = version.startsWith('v') ? version : `v${version}`;
  const mirror = setting(env, 'mirror');
  const dir = (setting(env, 'customDir') ?? v).replace('{{ version }}', v.slice(1));
  const fileName = setting(env, 'customFilename') ?? `electron-${v}-${platform}-${arch}.zip`;
  const url = `${mirror ?? GITHUB}${dir}/${fileName}`;
  const cacheRoot = env.electron_config_cache || defaultCacheRoot(env, platform);
  const parsed = new URL(url);
  parsed.hash = '';
  parsed.search = '';
  parsed.pathname = posix.dirname(parsed.pathname);
  const hash = createHash('sha256').update(parsed.toString()).digest('hex');
  return {
    url,
    fileName,
    mirrorSet: mirror !== undefined,
    cacheRoot,
    cachePath: resolve(cacheRoot, hash, fileName),
  };
}

/**
 * The first line of the installer's error that says what went wrong (its message, never the
 * stack's "at ..." lines), at most 200 characters.
 * @param {string} stderr what electron/install.js printed
 */
export function downloadError(stderr) {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('at ') && !/^node:internal|^\^|^Node\.js v/.test(l));
  const cause = lines.find((l) =>
    /E[A-Z]{3,}|HTTPError|status|\d{3}|fetch failed|checksum/i.test(l),
  );
  return (cause ?? lines[0] ?? 'no reason given').slice(0, 200);
}

/**
 * Why a fetch of `url` fails, as a short phrase ("connect ECONNREFUSED 127.0.0.1:9", "HTTP 404"),
 * or undefined when it answers. Why: the installer's own error is only "fetch failed", whose
 * cause (refused, no DNS, timeout) it does not print; one more attempt here finds it out.
 * @param {string} url
 * @param {number} [timeoutMs]
 * @returns {Promise<string | undefined>}
 */
export async function probe(url, timeoutMs = 8000) {
  try {
    const res = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs) });
    return res.ok ? undefined : `HTTP ${res.status}`;
  } catch (err) {
    const cause = /** @type {{ cause?: { code?: string, message?: string } }} */ (err).cause;
    if (cause?.message) return cause.message.slice(0, 160);
    return err instanceof Error ? err.message : String(err);
  }
}

/**
 * The message `npm start` prints when the download failed: what it tried, from where, why it
 * failed, and the three ways on (a mirror, a zip copied into the cache, the browser harness).
 * @param {{ version: string, platform: string, arch: string, error: string, plan: ReturnType<typeof electronDownloadPlan> }} o
 * @returns {string}
 */
export function downloadFailedMessage({ version, platform, arch, error, plan }) {
  return [
    `npm start: could not download Electron ${version} for ${platform}-${arch} (${error}).`,
    `  Tried: ${plan.url}${plan.mirrorSet ? ' (from ELECTRON_MIRROR)' : ''}`,
    `  Cache: ${plan.cachePath} (not there)`,
    'What to do, any one of:',
    `  - use a mirror you can reach: set ELECTRON_MIRROR (e.g. ELECTRON_MIRROR=https://npmmirror.com/mirrors/electron/ npm start; add ELECTRON_CUSTOM_DIR="{{ version }}" when the mirror's folders have no "v")`,
    `  - use a zip fetched elsewhere: copy ${plan.fileName} (same version, from the Electron releases page) to ${plan.cachePath}, or point electron_config_cache at a folder laid out the same way, then run npm start again`,
    '  - run without Electron: npm run harness runs Tickdesk in your browser with the same core',
  ].join('\n');
}
