/**
 * Market session times per exchange segment, in minutes after IST midnight. One home for the
 * sandbox's matching (sandbox/market/sessions.ts) and the app's updater policy
 * (electron/core/updates/update-policy.ts), so "when is the market open" cannot drift apart.
 */
import type { SegmentCode } from './enums';

/** Session window in minutes after IST midnight, and how long before the close intraday positions are squared off. */
export interface SessionTimes {
  open: number;
  close: number;
  squareOffBefore: number;
}

/**
 * Session times per segment. Equity cash and F&O 09:15-15:30; currency 09:00-17:00; commodity
 * 09:00-23:30. Square-off lead times from gaps.md (equity cash 10 minutes is *inferred*).
 */
export const SESSION_TIMES: Record<SegmentCode, SessionTimes> = {
  10: { open: 9 * 60 + 15, close: 15 * 60 + 30, squareOffBefore: 10 },
  11: { open: 9 * 60 + 15, close: 15 * 60 + 30, squareOffBefore: 5 },
  12: { open: 9 * 60, close: 17 * 60, squareOffBefore: 15 },
  20: { open: 9 * 60, close: 23 * 60 + 30, squareOffBefore: 25 },
};
