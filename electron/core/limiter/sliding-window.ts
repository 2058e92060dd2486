/**
 * A sliding-window counter: how many requests went out in the last `windowMs`, and how
 * long until one more may go. The broker counts per second and per minute; a sliding
 * window is stricter than a fixed one, so staying under it also satisfies any fixed-window
 * counting on the server side.
 */
export class SlidingWindow {
  private readonly stamps: number[] = [];
  private head = 0;

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

  /** Requests counted in the window ending now. */
  used(now: number): number {
    this.prune(now);
    return this.stamps.length - this.head;
  }

  /**
   * Milliseconds until the window holds fewer than `cap` requests (0 when one may go now).
   * `cap` below `limit` keeps headroom for higher priorities.
   */
  waitMs(now: number, cap = this.limit): number {
    const used = this.used(now);
    if (used < cap) return 0;
    // The (used - cap + 1)-th oldest stamp must leave the window.
    const idx = this.head + (used - cap);
    return (this.stamps[idx] as number) + this.windowMs - now;
  }

  /** Milliseconds until the oldest counted request leaves the window (Infinity when empty). */
  nextExpiryMs(now: number): number {
    if (this.used(now) === 0) return Infinity;
    return (this.stamps[this.head] as number) + this.windowMs - now;
  }

  /** Counts one request sent at `now`. */
  record(now: number): void {
    this.stamps.push(now);
  }
}
