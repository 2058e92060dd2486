/**
 * A sliding-window counter: how many requests went out in the last `windowMs`, and how
 * long until one more may go. The broker counts per second and per minute; a sliding
 * window is stricter than a fixed one, so staying under it also satisfies any fixed-window
 * counting on the server side.
 */
export class SlidingWindow {
  private readonly stamps: number[] = [];
  private head = 0;
  /** Requests let go whose answer is not back yet: they count until it is (see `open`). */
  private pending = 0;

  /** `windowMs` should include a safety margin for network jitter between us and the broker. */
  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  private prune(now: number): void {
    while (
      this.head < this.stamps.length &&
      (this.stamps[this.head] as number) <= now - this.windowMs
    )
      this.head++;
    if (this.head > 1024 && this.head * 2 > this.stamps.length) {
      this.stamps.splice(0, this.head);
      this.head = 0;
    }
  }

  /** Requests counted in the window ending now (those still awaiting their answer included). */
  used(now: number): number {
    this.prune(now);
    return this.stamps.length - this.head + this.pending;
  }

  /**
   * Milliseconds until the window holds fewer than `cap` requests (0 when one may go now).
   * `cap` below `limit` keeps headroom for higher priorities. Infinity when only requests
   * still awaiting their answer stand in the way: the caller looks again when one is back.
   */
  waitMs(now: number, cap = this.limit): number {
    const used = this.used(now);
    if (used < cap) return 0;
    // The (used - cap + 1)-th oldest stamp must leave the window.
    const idx = this.head + (used - cap);
    if (idx >= this.stamps.length) return Infinity;
    return (this.stamps[idx] as number) + this.windowMs - now;
  }

  /**
   * Milliseconds until the oldest counted request leaves the window (Infinity when none
   * will by time alone: the window is empty or holds only requests awaiting their answer).
   */
  nextExpiryMs(now: number): number {
    if (this.used(now) - this.pending === 0) return Infinity;
    return (this.stamps[this.head] as number) + this.windowMs - now;
  }

  /** Counts one request sent at `now`. */
  record(now: number): void {
    this.stamps.push(now);
  }

  /**
   * Counts one request from now until the returned function is called with the time its
   * answer came back, and a window from then. The broker counts a request when it arrives,
   * which can be any time between our letting it go and its answer (a late event loop, a
   * slow network, a broker busy before it counts): a request stamped when it was let go may
   * be counted by the broker up to that whole delay later, bunched with the next window's.
   * Stamped at its answer it cannot be, whatever the delay. Calling the function again
   * changes nothing.
   */
  open(): (answeredAt: number) => void {
    this.pending++;
    let closed = false;
    return (answeredAt) => {
      if (closed) return;
      closed = true;
      this.pending--;
      // Stamps stay in order: an answer is stamped now, after every stamp already held.
      const last = this.stamps[this.stamps.length - 1];
      this.stamps.push(last !== undefined && last > answeredAt ? last : answeredAt);
    };
  }
}
