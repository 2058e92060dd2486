/**
 * The Node version check `npm start` runs before anything else. Why: under an older Node the
 * build fails deep inside esbuild or Vite with an error that never mentions Node; the trader
 * should instead read which Node the project needs and which one ran. Written in plain
 * JavaScript an old Node parses (no imports beyond node: built-ins).
 */
import { readFileSync } from 'node:fs';

/**
 * The lowest version an `engines.node` range such as ">=22.12" or ">=22.12.0" allows, as
 * [major, minor, patch]; undefined for a range this check does not understand (then it
 * lets the run go on rather than guess).
 * @param {string} range
 * @returns {[number, number, number] | undefined}
 */
export function minimumOf(range) {
  const m = /^\s*>=\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(range);
  if (!m) return undefined;
  return [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
}

/**
 * Why `version` (as process.version prints it) cannot run the project, or undefined when it can.
 * @param {string} version e.g. "v20.20.2"
 * @param {string} range package.json's engines.node
 * @returns {string | undefined}
 */
export function nodeTooOld(version, range) {
  const min = minimumOf(range);
  const have = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!min || !have) return undefined;
  const cur = [Number(have[1]), Number(have[2]), Number(have[3])];
  for (let k = 0; k < 3; k++) {
    if (cur[k] > min[k]) return undefined;
    if (cur[k] < min[k]) {
      return `Tickdesk needs Node ${min.join('.')} or later (package.json "engines": "${range.trim()}"); this is Node ${version.replace(/^v/, '')}. Install Node ${min[0]} LTS from https://nodejs.org (or switch with nvm/fnm/volta), then run npm start again.`;
    }
  }
  return undefined;
}

/**
 * Reads engines.node from the package.json at `packageJsonPath` and ends the process with
 * one line on stderr when this Node is older. A missing or unreadable field lets it go on.
 * @param {string | URL} packageJsonPath
 * @param {string} prefix what the line starts with, e.g. "npm start"
 */
export function exitIfNodeTooOld(packageJsonPath, prefix) {
  let range;
  try {
    range = JSON.parse(readFileSync(packageJsonPath, 'utf8'))?.engines?.node;
  } catch {
    return;
  }
  const why = typeof range === 'string' ? nodeTooOld(process.version, range) : undefined;
  if (why) {
    console.error(`${prefix}: ${why}`);
    process.exit(1);
  }
}
