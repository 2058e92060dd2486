/**
 * Retention: what the app keeps on disk, and for how long.
 *
 * Logs, request logs and order journals are written one file per IST day, with the day in
 * the name; support bundles carry their time in the file's mtime. One place decides what
 * is old, so logs, journals and bundles cannot grow without end and a support person can
 * say exactly how far back a bundle reaches ("the last N days, today included").
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { istDayKey } from '../../../shared/format/ist';

const DAY_MS = 86_400_000;

/** The IST day key of a dated file `<stem>-YYYY-MM-DD<anything>`, or null when not one of ours. */
export function datedFileDay(name: string, stem: string): string | null {
  if (!name.startsWith(`${stem}-`)) return null;
  const m = /^(\d{4}-\d{2}-\d{2})(?:\.|$)/.exec(name.slice(stem.length + 1));
  return m ? (m[1] as string) : null;
}

/** The oldest IST day kept when `keepDays` days are kept, today included. */
export function oldestKeptDay(now: number, keepDays: number): string {
  return istDayKey(now - (Math.max(1, Math.floor(keepDays)) - 1) * DAY_MS);
}

/**
 * Deletes the dated files of `stem` in `dir` older than the last `keepDays` IST days and
 * returns their names. Files that are not ours (other names, unreadable dates) are left alone;
 * a missing folder is not an error.
 */
export function pruneDatedFiles(
  dir: string,
  stem: string,
  keepDays: number,
  now: number,
): string[] {
  const oldest = oldestKeptDay(now, keepDays);
  const removed: string[] = [];
  for (const name of listDir(dir)) {
    const day = datedFileDay(name, stem);
    if (day === null || day >= oldest) continue;
    rmSync(join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * Deletes files in `dir` whose names match `pattern` and that were last modified more than
 * `keepDays` days before `now` (exported support bundles). Returns their names.
 */
export function pruneOlderThan(
  dir: string,
  pattern: RegExp,
  keepDays: number,
  now: number,
): string[] {
  const cutoff = now - Math.max(1, keepDays) * DAY_MS;
  const removed: string[] = [];
  for (const name of listDir(dir)) {
    if (!pattern.test(name)) continue;
    const path = join(dir, name);
    try {
      if (statSync(path).mtimeMs >= cutoff) continue;
    } catch {
      continue;
    }
    rmSync(path, { force: true });
    removed.push(name);
  }
  return removed;
}

/** The dated files of `stem` in `dir` for the last `keepDays` days, oldest first. */
export function recentDatedFiles(
  dir: string,
  stem: string,
  keepDays: number,
  now: number,
): string[] {
  const oldest = oldestKeptDay(now, keepDays);
  return listDir(dir)
    .filter((name) => {
      const day = datedFileDay(name, stem);
      return day !== null && day >= oldest;
    })
    .sort((a, b) => {
      // `x.log.1` (the earlier part of a day) before `x.log`.
      const ka = `${datedFileDay(a, stem)}${a.endsWith('.1') ? 0 : 1}`;
      const kb = `${datedFileDay(b, stem)}${b.endsWith('.1') ? 0 : 1}`;
      return ka < kb ? -1 : ka > kb ? 1 : 0;
    })
    .map((name) => join(dir, name));
}

function listDir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
