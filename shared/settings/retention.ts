import { z } from 'zod';

/**
 * How many days of logs (app and request log), order journals and exported support bundles
 * are kept, today included. One home for the settings store, the settings view sent to the
 * renderer and the retention sweep, so the bounds cannot drift apart. Journals keep at least
 * two days: a restart reconciles actions of the previous IST day from them.
 */
export const RetentionSettings = z.object({
  logDays: z.number().int().min(1).max(365).default(14),
  journalDays: z.number().int().min(2).max(3650).default(90),
  bundleDays: z.number().int().min(1).max(365).default(30),
});
/** Retention days, as stored and as shown. */
export type RetentionSettings = z.infer<typeof RetentionSettings>;
