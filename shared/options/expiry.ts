/**
 * When a contract expires, as a moment: the symbol info the screens hold names only the
 * expiry date, and time to expiry on an expiry day is hours, not a day. The exchanges'
 * expiry times: equity derivatives at the 15:30 close, currency derivatives at 12:00,
 * commodity options at the evening session's 23:30 close (all IST).
 */
import { Segment } from '../broker/enums';

const IST_OFFSET_MINUTES = 330;

/** IST hour and minute of expiry per segment (equity derivatives unless named). */
function expiryClock(segment: number): [number, number] {
  if (segment === Segment.Currency) return [12, 0];
  if (segment === Segment.Commodity) return [23, 30];
  return [15, 30];
}

/** Epoch milliseconds of a contract's expiry from its IST date (YYYY-MM-DD); null if unreadable. */
export function expiryMomentMs(isoDate: string | null | undefined, segment: number): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate ?? '');
  if (!m) return null;
  const [h, min] = expiryClock(segment);
  return (
    Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), h, min) - IST_OFFSET_MINUTES * 60_000
  );
}
