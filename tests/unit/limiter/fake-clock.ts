/**
 * A fake clock for unit tests: timers fire only when the test advances time, so windows,
 * pauses and reconciliation delays are tested without waiting.
 */
import type { Clock } from '../../../electron/core/limiter/clock';

interface Timer {
  id: number;
  at: number;
  fn: () => void;
}

/** Fake clock with `advance` (async: lets promise chains run between timers). */
export class FakeClock implements Clock {
  private timers: Timer[] = [];
  private seq = 0;
  constructor(public current = Date.UTC(2026, 10, 20, 4, 0, 0)) {}

  now(): number {
    return this.current;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const t = { id: ++this.seq, at: this.current + Math.max(0, ms), fn };
    this.timers.push(t);
    return t.id;
  }
  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }
  pending(): number {
    return this.timers.length;
  }

  /** Lets queued promise callbacks run. */
  async flush(): Promise<void> {
    for (let i = 0; i < 20; i++) await new Promise<void>((r) => setImmediate(r));
  }

  /** Moves time forward by `ms`, firing due timers in order and flushing promises after each. */
  async advance(ms: number): Promise<void> {
    const target = this.current + ms;
    await this.flush();
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at || a.id - b.id);
      const next = this.timers[0];
      if (!next || next.at > target) break;
      this.timers.shift();
      this.current = Math.max(this.current, next.at);
      next.fn();
      await this.flush();
    }
    this.current = target;
    await this.flush();
  }
}
