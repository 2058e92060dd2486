/**
 * Applies the retention settings to the whole data folder: app and request logs, order and
 * GTT journals and exported support bundles. Called at start, when the retention days change and
 * after each export; the log sinks also prune when a new IST day begins.
 */
import { join } from 'node:path';
import { DATA_LAYOUT } from '../diagnostics/bundle-sources';
import { pruneDatedFiles, pruneOlderThan } from '../diagnostics/retention';
import type { RetentionSettings } from '../settings/schema';

/** Name pattern of exported bundles (see `supportBundlePath`). */
export const BUNDLE_FILE = /^tickdesk-support-.*\.zip$/;

/** Deletes what is older than the settings allow; returns what it removed, for the log. */
export function applyRetention(dataDir: string, r: RetentionSettings, now: number): string[] {
  const logs = join(dataDir, DATA_LAYOUT.logs);
  return [
    ...pruneDatedFiles(logs, DATA_LAYOUT.appLogStem, r.logDays, now),
    ...pruneDatedFiles(logs, DATA_LAYOUT.requestLogStem, r.logDays, now),
    ...pruneDatedFiles(
      join(dataDir, DATA_LAYOUT.journal),
      DATA_LAYOUT.journalStem,
      r.journalDays,
      now,
    ),
    ...pruneDatedFiles(
      join(dataDir, DATA_LAYOUT.journal),
      DATA_LAYOUT.gttJournalStem,
      r.journalDays,
      now,
    ),
    ...pruneOlderThan(join(dataDir, DATA_LAYOUT.support), BUNDLE_FILE, r.bundleDays, now),
  ];
}

/**
 * A settings listener that sweeps again only when the retention days change: other writes
 * (a watch-list reorder saves the document too) must not cost a synchronous sweep each.
 */
export function whenRetentionChanges(
  initial: RetentionSettings,
  sweep: () => void,
): (doc: { preferences: { retention: RetentionSettings } }) => void {
  let sweptFor = JSON.stringify(initial);
  return (doc) => {
    const days = JSON.stringify(doc.preferences.retention);
    if (days === sweptFor) return;
    sweptFor = days;
    sweep();
  };
}

/** Where a bundle made now goes by default: the data folder's `support/`. */
export function supportBundlePath(dataDir: string, now: number): string {
  return join(
    dataDir,
    DATA_LAYOUT.support,
    `tickdesk-support-${new Date(now).toISOString().replace(/[:.]/g, '-')}.zip`,
  );
}
