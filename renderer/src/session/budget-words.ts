import type { BudgetState } from '../../../shared/ipc/channels/budget';
import { formatIstTime } from '../../../shared/format/ist';

/**
 * Background refresh after a breach: paused for a cool-down once the broker's minute has
 * turned, so support can tell the trader when the views refresh on their own again.
 */
function heldWords(until: string | null): string {
  return until === null
    ? ''
    : ` and has paused background refresh until ${formatIstTime(until)} IST (your own refreshes still go)`;
}

/** What the status bar says about the day's limit breaches: a short line and the full story. */
export interface BreachWords {
  short: string;
  detail: string;
}

/**
 * The day's closeness to the broker's block, in the trader's words (no API terms): how many
 * per-minute limit breaches the broker has counted (those Tickdesk saw, and the one it
 * assumes another app on the account drew unseen), how many more it takes to block the
 * account until midnight, and what Tickdesk is holding back because of it. Null on a day
 * with no breach, so the status bar stays quiet.
 */
export function breachWords(b: BudgetState): BreachWords | null {
  const { count, unseen, allowed, level } = b.breaches;
  if (level === 'clear') return null;
  const rule = `The broker blocks the account until midnight when its limit of ${b.minute.limit} requests a minute is exceeded more than ${allowed} times in a day; another app or device using this account counts too.`;
  if (level === 'blocked')
    return {
      short: 'Blocked by the broker until midnight',
      detail: `${rule} The broker has blocked this account for the rest of the day: nothing can be sent or checked from Tickdesk until midnight. Use the broker's own terminal or website for anything urgent.`,
    };
  // Counted with the breaches assumed unseen: the other app's own refusals count at the
  // broker, and only the broker sees them.
  const counted = count + unseen;
  const left = allowed + 1 - counted;
  const next = unseen > 0 ? 'may block' : 'blocks';
  const toBlock =
    left === 1 ? `the next one ${next} the account` : `${left} more block the account`;
  const seen = count === 1 ? 'once' : `${count} times`;
  const told =
    unseen > 0
      ? `Tickdesk was refused over the limit ${seen} today, and counts ${unseen === 1 ? 'one more' : `${unseen} more`} it cannot see: the other app's own refusals count too; ${toBlock} until midnight.`
      : `Over the limit ${count} of ${allowed} times today; ${toBlock} until midnight.`;
  const doing =
    level === 'stopped'
      ? "Tickdesk has stopped sending orders until midnight and only reads, slowly, so the orders already sent can still be checked. Use the broker's own terminal or website to place or cancel orders."
      : level === 'held'
        ? `Tickdesk sends more slowly${heldWords(b.backgroundHeldUntil)}. Close other apps that use this account.`
        : `Tickdesk now sends more slowly${heldWords(b.backgroundHeldUntil)}. Close other apps that use this account.`;
  return {
    short:
      level === 'stopped'
        ? `Limit ${counted}/${allowed} today · orders stopped, next ${next} the day`
        : `Limit ${counted}/${allowed} today · ${toBlock}`,
    detail: `${rule} ${told} ${doing}`,
  };
}
