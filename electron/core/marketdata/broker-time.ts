/**
 * Times the broker sends with prices (quote `tt`, depth `ltt`, socket packet time) are
 * untrusted: text like `1e306` becomes Infinity, and a far-future finite time would make a
 * price look fresh forever, so it is never marked stale. Every such time is read here:
 * finite, positive, and not later than now plus a small clock skew, else the time the
 * answer arrived.
 */

/**
 * How far ahead of our clock a broker time may be and still be believed. The exchange's
 * clock is disciplined to a time source and a desktop's by NTP, so they agree within a
 * fraction of a second; the broker's stamps are whole seconds, cut down, so a genuine
 * stamp is at most about one second ahead. Two seconds covers that with room; anything
 * further ahead is a clock that jumped or a hostile packet, and is read as "arrived now".
 * (It was five minutes: one such packet froze a quote, issue 18 #4.) The quote cache
 * also never dates a price after its arrival (quote-cache.ts).
 */
export const MAX_FUTURE_SKEW_MS = 2_000;

/** Epoch ms of a broker time given in epoch seconds (maybe as text); `now` when unusable. */
export function brokerTimeMs(seconds: unknown, now: number): number {
  const n = typeof seconds === 'string' && seconds.trim() !== '' ? Number(seconds) : seconds;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) return now;
  return boundedTimeMs(n * 1000, now);
}

/** An epoch-ms time bounded to now + skew; `now` when it is not a finite positive time. */
export function boundedTimeMs(ms: number, now: number): number {
  if (!Number.isFinite(ms) || ms <= 0 || ms > now + MAX_FUTURE_SKEW_MS) return now;
  return ms;
}

/**
 * True when an epoch-ms broker time is further ahead of our clock than any genuine stamp can
 * be: the price it came with is from a clock that jumped or a hostile packet. Price alerts
 * do not fire on such a price (the quote cache keeps it, dated at its arrival).
 */
export function stampedAhead(ms: number, now: number): boolean {
  return ms > now + MAX_FUTURE_SKEW_MS;
}
