import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DayCount, DayCountStore } from '../limiter/day-budget';

/**
 * Keeps the day's request count and minute breaches in a small JSON file so that a restart
 * at 2 pm does not think 10,000 requests are still available, or that no breach was drawn. Writes are synchronous and atomic (temp file
 * + rename) because the scheduler saves on its own thread of control, including at exit.
 */
export function createDayCountFile(path: string): DayCountStore {
  return {
    load() {
      try {
        const v = JSON.parse(readFileSync(path, 'utf8')) as Partial<DayCount>;
        if (typeof v.day === 'string' && typeof v.count === 'number' && Number.isFinite(v.count)) {
          const breaches = typeof v.breaches === 'number' ? { breaches: v.breaches } : {};
          return { day: v.day, count: v.count, ...(v.clean ? { clean: true } : {}), ...breaches };
        }
      } catch {
        // missing or unreadable: start the day's count afresh
      }
      return undefined;
    },
    save(value) {
      mkdirSync(dirname(path), { recursive: true });
      const tmp = `${path}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(value));
      renameSync(tmp, path);
    },
  };
}
