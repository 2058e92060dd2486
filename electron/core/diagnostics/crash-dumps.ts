/**
 * The minidumps Electron's crash reporter keeps in the data folder (electron/shell/
 * crash-reporter.ts sends them there, never to a server). Why a module of its own: the support
 * bundle lists them by name, size and time so support knows a crash happened and when, but
 * never copies their contents — a minidump holds process memory, which can hold a token.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** One dump as the bundle lists it. */
export interface CrashDump {
  /** Path inside the crash folder, e.g. `completed/3f2a….dmp` (Crashpad's own sub-folders). */
  file: string;
  bytes: number;
  /** When it was last written, ISO 8601 UTC. */
  modifiedAt: string;
}

/** At most this many are listed (the newest); a crash loop must not swell the bundle. */
export const MAX_LISTED_DUMPS = 50;
/** Crashpad nests dumps one or two folders deep (completed/, pending/, reports/). */
const MAX_DEPTH = 3;

/**
 * The `.dmp` files under `dir`, newest first, at most `limit`. A missing folder (no crash
 * yet, or the harness, which has no crash reporter) is an empty list; an unreadable entry is
 * skipped, so one bad file never hides the others.
 */
export function listCrashDumps(dir: string, limit = MAX_LISTED_DUMPS): CrashDump[] {
  const found: CrashDump[] = [];
  const walk = (d: string, depth: number): void => {
    let names: string[];
    try {
      names = readdirSync(d);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(d, name);
      try {
        const st = statSync(path);
        if (st.isDirectory()) {
          if (depth < MAX_DEPTH) walk(path, depth + 1);
        } else if (st.isFile() && name.toLowerCase().endsWith('.dmp')) {
          found.push({
            file: relative(dir, path),
            bytes: st.size,
            modifiedAt: new Date(st.mtimeMs).toISOString(),
          });
        }
      } catch {
        // Removed or unreadable meanwhile: the rest still count.
      }
    }
  };
  walk(dir, 1);
  found.sort((a, b) => b.modifiedAt.localeCompare(a.modifiedAt) || a.file.localeCompare(b.file));
  return found.slice(0, limit);
}

/** The summary's one line: "none", or how many and when the newest was written. */
export function crashDumpsLine(dumps: readonly CrashDump[]): string {
  const newest = dumps[0];
  return newest ? `${dumps.length}, newest ${newest.modifiedAt}` : 'none';
}
