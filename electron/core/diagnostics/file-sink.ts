/**
 * A log sink that appends JSON lines to one file per IST day (`<stem>-YYYY-MM-DD.log`),
 * rotates a day's file by size, and deletes days older than the retention setting.
 *
 * Kept apart from the logger so tests and the harness can log to memory only, and so the
 * host decides where the folder is. Day files make retention exact and let a support
 * bundle take "the last N days" without reading everything.
 */
import { appendFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { istDayKey } from '../../../shared/format/ist';
import type { LogSink } from './logger';
import { pruneDatedFiles } from './retention';

/** Options of `createFileSink`: one previous part (`<file>.1`) of a day is kept after a size rotation. */
export interface FileSinkOptions {
  dir: string;
  /** File name stem: `tickdesk` gives `tickdesk-2026-11-23.log`. */
  stem: string;
  maxBytes?: number;
  clock?: { now(): number };
  /** Days kept, today included; read at start and at each new day, so a settings change applies. */
  keepDays?: () => number;
  /** Told about a failed prune (the sink itself never throws for it). */
  onPruneError?: (err: unknown) => void;
}

/** A file sink and where it writes now. */
export interface FileSink extends LogSink {
  readonly dir: string;
  readonly stem: string;
  currentPath(): string;
}

/**
 * Build a file sink. Writes are synchronous on purpose: log volume is small, and a crash
 * right after an order action must not lose the line that explains it.
 */
export function createFileSink(opts: FileSinkOptions): FileSink {
  const maxBytes = opts.maxBytes ?? 5 * 1024 * 1024;
  const clock = opts.clock ?? { now: () => Date.now() };
  mkdirSync(opts.dir, { recursive: true });
  let day = '';
  let path = '';
  let size = 0;

  function prune(now: number): void {
    if (!opts.keepDays) return;
    try {
      pruneDatedFiles(opts.dir, opts.stem, opts.keepDays(), now);
    } catch (err) {
      opts.onPruneError?.(err);
    }
  }

  function openDay(now: number): void {
    const today = istDayKey(now);
    if (today === day) return;
    day = today;
    path = join(opts.dir, `${opts.stem}-${today}.log`);
    try {
      size = statSync(path).size;
    } catch {
      size = 0;
    }
    prune(now);
  }

  openDay(clock.now());
  return {
    dir: opts.dir,
    stem: opts.stem,
    currentPath: () => path,
    write(line) {
      openDay(clock.now());
      const data = `${line}\n`;
      const bytes = Buffer.byteLength(data);
      if (size + bytes > maxBytes && size > 0) {
        const old = `${path}.1`;
        rmSync(old, { force: true });
        renameSync(path, old);
        size = 0;
      }
      appendFileSync(path, data, { mode: 0o600 });
      size += bytes;
    },
  };
}
