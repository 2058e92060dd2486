/**
 * What the account screens say about the broker's daily login (SEBI's retail algo framework
 * for API trading, from 1 April 2026: a two-factor login every trading day, no long-lived
 * sessions). One home, so Settings and the login panel say the same thing.
 */

/** Why the trader logs in every morning, and why Tickdesk keeps no refresh token. */
export const DAILY_LOGIN_NOTE =
  "The broker requires a fresh login each trading day, with its two-factor check (SEBI's rule for API trading since 1 April 2026), and ends every session at 06:00 IST. Tickdesk never keeps a refresh token: one would let the session be renewed without you, which the rule forbids, and would be a standing key to your account on this computer. It keeps only the day's token (in your system keychain, or in memory without one).";
