/**
 * The order journal split into one file per IST trading day (orders-YYYY-MM-DD.jsonl).
 *
 * One ever-growing file would make every start read months of history to find unsettled
 * actions. Orders live within a trading day (tokens expire at 06:00 IST), so recovery needs
 * only today and the day before, and old days can be archived or deleted by the user.
 */
import { join } from 'node:path';
import { istDayKey } from '../../../../shared/format/ist';
import type { Clock } from '../../limiter/clock';
import { systemClock } from '../../limiter/clock';
import { createOrderJournal } from './order-journal';
import type { JournalEntry, OrderJournal } from './order-journal';

/** File name of one day's journal (`stem`: `orders`, or `gtt` for the GTT actions' journal). */
export function journalFileFor(dayKey: string, stem = 'orders'): string {
  return `${stem}-${dayKey}.jsonl`;
}

/** Creates the daily journal in `dir`; `readAll` returns the previous and current IST day. */
export function createDailyOrderJournal(
  dir: string,
  clock: Clock = systemClock,
  stem = 'orders',
): OrderJournal {
  const open = new Map<string, OrderJournal>();
  const forDay = (day: string): OrderJournal => {
    let j = open.get(day);
    if (!j) {
      j = createOrderJournal(join(dir, journalFileFor(day, stem)));
      open.set(day, j);
    }
    return j;
  };
  return {
    async append(entry: JournalEntry) {
      const day = istDayKey(clock.now());
      // Close yesterday's handle once a new day starts (keep the file).
      for (const [d, j] of open) {
        if (d !== day) {
          open.delete(d);
          await j.close();
        }
      }
      await forDay(day).append(entry);
    },
    async readAll() {
      const now = clock.now();
      const days = [...new Set([istDayKey(now - 86_400_000), istDayKey(now)])];
      const out: JournalEntry[] = [];
      for (const d of days) {
        const j = open.get(d) ?? createOrderJournal(join(dir, journalFileFor(d, stem)));
        out.push(...(await j.readAll()));
        if (!open.has(d)) await j.close();
      }
      return out;
    },
    async close() {
      for (const j of open.values()) await j.close();
      open.clear();
    },
  };
}
