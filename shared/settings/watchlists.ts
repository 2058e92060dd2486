/**
 * The trader's market-watch lists as stored in the settings document and sent over IPC: one
 * home for the schema, so the renderer, the contract and the settings store refuse the same
 * things with the same words. The limits are the ones trading terminals use (250 symbols a
 * list); more than that would cost the socket and the page more than a watch is worth.
 */
import { z } from 'zod';
import { Ticker } from '../marketdata/ticker';

/** Most symbols in one list. */
export const MAX_WATCH_SYMBOLS = 250;
/** Most lists. */
export const MAX_WATCHLISTS = 20;
/** Longest list name. */
export const MAX_WATCHLIST_NAME = 30;

/** One named list of tickers, in the order the trader arranged them. */
export const Watchlist = z
  .object({
    /** Stable id (renaming keeps it). */
    id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'letters, digits, - and _ only (max 40)'),
    name: z
      .string()
      .trim()
      .min(1, 'A watch list needs a name.')
      .max(MAX_WATCHLIST_NAME, `A watch list name is at most ${MAX_WATCHLIST_NAME} characters.`),
    symbols: z
      .array(Ticker)
      .max(
        MAX_WATCH_SYMBOLS,
        `A watch list holds at most ${MAX_WATCH_SYMBOLS} symbols: start another list.`,
      ),
  })
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    for (const [i, s] of list.symbols.entries()) {
      if (seen.has(s))
        ctx.addIssue({
          code: 'custom',
          path: ['symbols', i],
          message: `${s} is already in ${list.name}.`,
        });
      seen.add(s);
    }
  });
/** One named list of tickers. */
export type Watchlist = z.infer<typeof Watchlist>;

/** Every list, in tab order. At least one, so the screen always has somewhere to add to. */
export const Watchlists = z
  .array(Watchlist)
  .min(1, 'Keep at least one watch list.')
  .max(MAX_WATCHLISTS, `At most ${MAX_WATCHLISTS} watch lists: delete one first.`)
  .superRefine((lists, ctx) => {
    const ids = new Set<string>();
    const names = new Set<string>();
    for (const [i, l] of lists.entries()) {
      if (ids.has(l.id))
        ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `duplicate list id ${l.id}` });
      const key = l.name.trim().toLowerCase();
      if (names.has(key))
        ctx.addIssue({
          code: 'custom',
          path: [i, 'name'],
          message: `There is already a list called ${l.name}.`,
        });
      ids.add(l.id);
      names.add(key);
    }
  });
/** Every list, in tab order. */
export type Watchlists = z.infer<typeof Watchlists>;

/** What a first run (or a document written before watch lists existed) starts with. */
export function defaultWatchlists(): Watchlists {
  return [{ id: 'watch-1', name: 'Watch 1', symbols: [] }];
}
