/**
 * The broker's day block, as the app and the broker client both speak of it: how many
 * per-minute breaches the broker tolerates in a day, and the one wording of the refusal the
 * app gives when it will not risk the block (or the broker has already blocked the day).
 * Shared so the broker layer never reaches into the limiter for it, and the trader reads the
 * same words wherever the refusal is raised.
 */

/** Minute-limit breaches the broker tolerates in a day (spec "Limits", rule 1); one more blocks it. */
export const BREACHES_ALLOWED = 3;

/**
 * Why an order action was not sent: the broker has blocked the account for the day
 * (`blocked`), or one more breach would. Plain words, no API terms.
 */
export function dayBlockRiskText(blocked: boolean): string {
  return blocked
    ? "Not sent: the broker has blocked this account for the rest of the day after too many requests. Use the broker's own terminal or website for anything urgent; Tickdesk can send again after midnight."
    : `Not sent: the broker has refused requests over its per-minute limit so often today (another app or device is using this account, and its refusals count too though Tickdesk cannot see them) that one more may block the account for the rest of the day. Tickdesk has stopped sending orders until midnight so that orders already sent can still be checked; use the broker's own terminal or website for anything urgent.`;
}
