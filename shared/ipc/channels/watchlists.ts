import { z } from 'zod';
import { Watchlists } from '../../settings/watchlists';
import { channel } from '../define';

/** The market-watch lists, kept in the settings document. */
export const watchlistsChannels = {
  'watchlists.get': channel({
    doc: 'Every market-watch list with its symbols, in the order the trader arranged them.',
    input: z.void(),
    output: Watchlists,
  }),
  'watchlists.save': channel({
    doc: 'Replaces the market-watch lists (create, rename, delete, add, reorder, remove are all a save); refused beyond 250 symbols a list or 20 lists.',
    input: z.object({ lists: Watchlists }),
    output: Watchlists,
  }),
};
