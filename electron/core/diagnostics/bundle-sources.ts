/**
 * Reads what a support bundle needs from the data folder: the app log and the request log
 * of the recent days, the order and GTT journals of the recent days, and the day's request
 * count.
 *
 * From disk, not from memory, so that the running app and `--export-diagnostics` (which
 * starts nothing and logs nobody in) build the same bundle, and so that a bundle made after
 * a crash still has the lines from before it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JournalEntry } from '../orders/journal/order-journal';
import { listCrashDumps, type CrashDump } from './crash-dumps';
import { recentDatedFiles } from './retention';

/** How far back a bundle reaches, and how much of each log it takes (the newest lines). */
export const BUNDLE_DAYS = 7;
const MAX_LINES = 20_000;

/** What the data folder holds for a bundle. */
export interface DiskSources {
  logLines: string[];
  requestLines: string[];
  journal: JournalEntry[];
  /** The GTT actions' journal of the recent days (journal/gtt-*.jsonl), same steps as the order journal. */
  gttJournal?: JournalEntry[];
  /** budget-day.json as written by the request scheduler, or null. */
  budgetDay: unknown;
  /** Where the crash reporter keeps minidumps, and the ones there (listed, never read). */
  crashDumps?: { folder: string; dumps: CrashDump[] };
}

/** Where each part lives inside the data folder (one place, shared with the writers). */
export const DATA_LAYOUT = {
  logs: 'logs',
  appLogStem: 'tickdesk',
  requestLogStem: 'requests',
  journal: 'journal',
  journalStem: 'orders',
  /** The GTT actions' daily journal beside the order journal (electron/core/app/gtt-wiring.ts). */
  gttJournalStem: 'gtt',
  budgetDay: 'budget-day.json',
  support: 'support',
  /** Electron's crashDumps path (electron/shell/crash-reporter.ts); Crashpad's own layout inside. */
  crashDumps: 'Crashpad',
} as const;

/** Reads the recent parts of the data folder; missing files are simply empty. */
export function readDiskSources(dataDir: string, now: number, days = BUNDLE_DAYS): DiskSources {
  const logs = join(dataDir, DATA_LAYOUT.logs);
  let budgetDay: unknown;
  try {
    budgetDay = JSON.parse(readFileSync(join(dataDir, DATA_LAYOUT.budgetDay), 'utf8'));
  } catch {
    budgetDay = null;
  }
  return {
    logLines: newest(recentDatedFiles(logs, DATA_LAYOUT.appLogStem, days, now)),
    requestLines: newest(recentDatedFiles(logs, DATA_LAYOUT.requestLogStem, days, now)),
    journal: readJournal(dataDir, DATA_LAYOUT.journalStem, days, now),
    gttJournal: readJournal(dataDir, DATA_LAYOUT.gttJournalStem, days, now),
    budgetDay,
    crashDumps: {
      folder: join(dataDir, DATA_LAYOUT.crashDumps),
      dumps: listCrashDumps(join(dataDir, DATA_LAYOUT.crashDumps)),
    },
  };
}

/** The entries of one journal's recent daily files, oldest first. */
function readJournal(dataDir: string, stem: string, days: number, now: number): JournalEntry[] {
  const out: JournalEntry[] = [];
  for (const file of recentDatedFiles(join(dataDir, DATA_LAYOUT.journal), stem, days, now)) {
    for (const line of readLines(file)) {
      try {
        out.push(JSON.parse(line) as JournalEntry);
      } catch {
        // A torn last line after a crash: the rest of the day is intact.
      }
    }
  }
  return out;
}

function readLines(path: string): string[] {
  try {
    return readFileSync(path, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '');
  } catch {
    return [];
  }
}

function newest(files: string[]): string[] {
  const lines = files.flatMap(readLines);
  return lines.length > MAX_LINES ? lines.slice(-MAX_LINES) : lines;
}
