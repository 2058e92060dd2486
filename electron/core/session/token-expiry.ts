/**
 * When an access token dies: 06:00 IST after it was issued (gaps.md, Tokens), and which
 * broker answers mean it already has.
 *
 * In one place because both the session timer and the tests across the 06:00 boundary
 * depend on the exact arithmetic, and the rule is *inferred* territory that may change.
 */
import { IST_OFFSET_MS } from '../../../shared/format/ist';

const DAY_MS = 86_400_000;
/** The IST wall-clock hour at which every token expires. */
export const TOKEN_EXPIRY_HOUR_IST = 6;

/**
 * The first 06:00 IST strictly after `issuedAt`. A token issued at 09:15 IST lives until
 * 06:00 the next morning; one issued at 05:59 IST lives one minute (the broker's day
 * rolls over at 06:00, so a pre-dawn login is still "yesterday's" token).
 */
export function tokenExpiryAfter(
  issuedAt: number,
  hourIst: number = TOKEN_EXPIRY_HOUR_IST,
): number {
  const shifted = issuedAt + IST_OFFSET_MS;
  let expiry = Math.floor(shifted / DAY_MS) * DAY_MS + hourIst * 3_600_000;
  if (expiry <= shifted) expiry += DAY_MS;
  return expiry - IST_OFFSET_MS;
}

/** The broker's "token expired / invalid" codes, all sent with HTTP 401 (gaps.md). */
export const SESSION_EXPIRED_CODES: readonly number[] = [-8, -15, -16, -17];

/** Whether a broker failure means the session is over and the trader must log in again. */
export function isSessionExpiredFailure(
  code: number | null | undefined,
  httpStatus?: number | null,
): boolean {
  if (typeof code === 'number' && SESSION_EXPIRED_CODES.includes(code)) return true;
  return httpStatus === 401;
}
