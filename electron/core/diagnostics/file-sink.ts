/**
 * A log sink that appends JSON lines to a file and rotates it by size.
 *
 * Kept apart from the logger so tests and the harness can log to memory only, and so the
 * shell decides where the file lives (Electron's `app.getPath('logs')`).
 */
import { appendFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { LogSink } from './logger';

/** Options of `createFileSink`: one previous file (`<path>.1`) is kept after rotation. */
export interface FileSinkOptions {
  path: string;
  maxBytes?: number;
}

/**
 * Build a file sink. Writes are synchronous on purpose: log volume is small, and a crash
 * right after an order action must not lose the line that explains it.
 */
export function createFileSink(opts: FileSinkOptions): LogSink & { path: string } {
  const maxBytes = opts.maxBytes ?? 5 * 1024 * 1024;
  mkdirSync(dirname(opts.path), { recursive: true });
  let size = 0;
  try {
    size = statSync(opts.path).size;
  } catch {
    size = 0;
  }
  return {
    path: opts.path,
    write(line) {
      const data = `${line}\n`;
      const bytes = Buffer.byteLength(data);
      if (size + bytes > maxBytes && size > 0) {
        const old = `${opts.path}.1`;
        rmSync(old, { force: true });
        renameSync(opts.path, old);
        size = 0;
      }
      appendFileSync(opts.path, data, { mode: 0o600 });
      size += bytes;
    },
  };
}
