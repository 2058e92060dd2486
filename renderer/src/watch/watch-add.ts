import { notices } from '../lib/notices.svelte';
import { watchlists } from './watchlists.svelte';

/**
 * "Add to watch" from anywhere (the toolbar's symbol search): the current watch list gets
 * the ticker, and the trader hears how it went in the notices' live region, since the
 * market watch may not be on screen. The lists load first when no screen has loaded them.
 */
export async function addToWatch(ticker: string): Promise<void> {
  if (!watchlists.loaded) await watchlists.load();
  if (watchlists.loadError) {
    notices.push('error', `Could not read the watch lists: ${watchlists.loadError.message}`);
    return;
  }
  const name = watchlists.active?.name ?? '';
  const problem = watchlists.add(ticker);
  if (problem) {
    notices.push('warning', problem);
    return;
  }
  await watchlists.settled();
  if (watchlists.saveError)
    notices.push('error', `${ticker} was not added: ${watchlists.saveError.message}`);
  else notices.push('success', `${ticker} added to ${name}.`);
}
