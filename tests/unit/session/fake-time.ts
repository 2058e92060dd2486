/**
 * A fake clock and timer scheduler for tests: time moves only when the test says so, so
 * expiry at 06:00 IST and 5-minute login timeouts can be tested in microseconds.
 */
import type { Clock, Random, Timers } from '../../../electron/core/auth/ports';

/** Fake clock + timers sharing one notion of "now". */
export class FakeTime implements Clock, Timers {
  private nowMs: number;
  private seq = 0;
  private readonly pending = new Map<number, { at: number; fn: () => void }>();

  constructor(start: number | string | Date) {
    this.nowMs = new Date(start).getTime();
  }

  now(): number {
    return this.nowMs;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.pending.set(id, { at: this.nowMs + Math.max(0, ms), fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }

  /** Number of timers waiting (lets tests prove cleanup). */
  get pendingCount(): number {
    return this.pending.size;
  }

  /** Move time forward, firing due timers in order (timers set by timers fire too). */
  advance(ms: number): void {
    const target = this.nowMs + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | null = null;
      for (const entry of this.pending)
        if (entry[1].at <= target && (!next || entry[1].at < next[1].at)) next = entry;
      if (!next) break;
      this.pending.delete(next[0]);
      this.nowMs = Math.max(this.nowMs, next[1].at);
      next[1].fn();
    }
    this.nowMs = target;
  }

  /** Move the clock without firing timers: a laptop that slept through them. */
  jumpTo(when: number | string | Date): void {
    this.nowMs = new Date(when).getTime();
  }

  /** Jump to an absolute time, firing what falls due on the way. */
  advanceTo(when: number | string | Date): void {
    this.advance(new Date(when).getTime() - this.nowMs);
  }
}

/** Deterministic "random" bytes: a counter, so every call differs but runs repeat. */
export function counterRandom(seed = 1): Random {
  let n = seed;
  return {
    bytes(len: number) {
      const out = new Uint8Array(len);
      for (let i = 0; i < len; i++) out[i] = (n * 31 + i * 7) & 0xff;
      n++;
      return out;
    },
  };
}
