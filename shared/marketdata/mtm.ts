/**
 * The day's mark-to-market P&L of the open and closed positions, as the charts screen draws
 * it: one point per minute, crossing IPC in this one shape. Two kinds of point make one line:
 * the core samples the live total each minute while it runs, and the part of the day before
 * it first saw the positions is rebuilt from the trade book and 1-minute history candles.
 * Each point says which it is, and the series carries what could not be rebuilt, so the
 * screen never passes a reconstruction off as a measurement nor hides a gap.
 */
import { z } from 'zod';

/**
 * Where a point comes from: `sampled` from the live P&L at that moment (the Positions
 * screen's own formula at the quote cache's prices), `rebuilt` afterwards from the day's
 * fills and the minute's candle close.
 */
export const MtmSource = z.enum(['rebuilt', 'sampled']);
/** Where a point comes from. */
export type MtmSource = z.infer<typeof MtmSource>;

/** The total P&L of the day's positions at one moment. */
export const MtmPoint = z.object({
  /** When it was sampled, or the start of the minute it was rebuilt for (state at its end), epoch ms. */
  at: z.number().finite(),
  /** Sum of every position's P&L at the price of that moment, rupees. */
  pl: z.number().finite(),
  /** Positions counted (sampled: open and closed today; rebuilt: symbols traded or carried so far). */
  positions: z.number().int().nonnegative(),
  source: MtmSource,
});
/** The total P&L of the day's positions at one moment. */
export type MtmPoint = z.infer<typeof MtmPoint>;

/**
 * Why part of the day could not be rebuilt, or was rebuilt with less than the broker sent:
 * `trades-failed` the trade book could not be read; `history-failed` a symbol's history read
 * failed; `no-candles` the broker had no candles for a symbol; `bad-candles` some of a
 * symbol's candles were unusable and left out (the minute before stands in); `untimed-fills`
 * a fill without a readable time; `unpriced` minutes left out because an open symbol had no
 * price yet.
 */
export const MtmNoteKind = z.enum([
  'trades-failed',
  'history-failed',
  'no-candles',
  'bad-candles',
  'untimed-fills',
  'unpriced',
]);
/** Why part of the day could not be rebuilt as the broker's data would allow. */
export type MtmNoteKind = z.infer<typeof MtmNoteKind>;

/** One thing the screen must say about the rebuilt part, in the trader's words. */
export const MtmNote = z.object({
  kind: MtmNoteKind,
  /** The symbol it is about, or null for the whole series. */
  symbol: z.string().nullable(),
  text: z.string().min(1).max(300),
});
/** One thing the screen must say about the rebuilt part. */
export type MtmNote = z.infer<typeof MtmNote>;

/**
 * The day's series, oldest first (rebuilt points, then sampled ones), with what the screen
 * must say about it. `rebuiltFrom` is where the day starts for the rebuild (the first fill,
 * or the 09:15 IST open when a position was carried in), null when the samples already
 * cover the day and nothing was rebuilt.
 */
export const MtmSeries = z.object({
  points: z.array(MtmPoint).max(4_000),
  rebuiltFrom: z.number().finite().nullable(),
  notes: z.array(MtmNote).max(50),
});
/** The day's series with what the screen must say about it. */
export type MtmSeries = z.infer<typeof MtmSeries>;
