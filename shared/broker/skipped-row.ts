/**
 * A broker row the app could not read (an unknown status or product, a number out of
 * range). It crosses IPC so the view it belongs to can say "1 order could not be read"
 * while still showing every good row: one bad row never blanks a view.
 */
import { z } from 'zod';

/** The account views whose rows can be set aside. */
export const RowView = z.enum(['orders', 'positions', 'holdings', 'trades']);
/** One of the account views. */
export type RowView = z.infer<typeof RowView>;

/** One row set aside, with what was wrong in it. */
export const SkippedRow = z.object({
  view: RowView,
  /** The row's id as the broker sent it ('' when it had none). */
  id: z.string().max(80),
  /** What could not be read, e.g. `order status has an unexpected value 3`. */
  reason: z.string().max(200),
});
/** One row set aside, with what was wrong in it. */
export type SkippedRow = z.infer<typeof SkippedRow>;
