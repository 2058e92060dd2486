import type { BudgetState } from '../../../shared/ipc/channels/budget';

/** What the status bar says about the day's limit breaches: a short line and the full story. */
export interface BreachWords {
  short: string;
  detail: string;
}

/**
 * The day's closeness to the broker's block, in the trader's words (no API terms): how many
 * per-minute limit breaches the broker has counted, how many more it takes to block the
 * account until midnight, and what Tickdesk is holding back because of it. Null on a day
 * with no breach, so the status bar stays quiet.
 */
export function breachWords(b: BudgetState): BreachWords | null {
  const { count, allowed, level } = b.breaches;
  if (level === 'clear') return null;
  const rule = `The broker blocks the account until midnight when its limit of ${b.minute.limit} requests a minute is exceeded more than ${allowed} times in a day; another app or device using this account counts too.`;
  if (level === 'blocked')
    return {
      short: 'Blocked by the broker until midnight',
      detail: `${rule} The broker has blocked this account for the rest of the day: nothing can be sent or checked from Tickdesk until midnight. Use the broker's own terminal or website for anything urgent.`,
    };
  const left = allowed + 1 - count;
  const toBlock = left === 1 ? 'the next one blocks the account' : `${left} more block the account`;
  const told = `Over the limit ${count} of ${allowed} times today; ${toBlock} until midnight.`;
  const doing =
    level === 'stopped'
      ? "Tickdesk has stopped sending orders until midnight and only reads, slowly, so the orders already sent can still be checked. Use the broker's own terminal or website to place or cancel orders."
      : level === 'held'
        ? 'Tickdesk sends more slowly and has paused background refresh. Close other apps that use this account.'
        : 'Tickdesk now sends more slowly. Close other apps that use this account.';
  return {
    short:
      level === 'stopped'
        ? `Limit ${count}/${allowed} today · orders stopped, next blocks the day`
        : `Limit ${count}/${allowed} today · ${toBlock}`,
    detail: `${rule} ${told} ${doing}`,
  };
}
