/**
 * Virtual time for the composed app and its sandbox: both read one clock that moves only
 * when the app is waiting (no request in flight), jumping to the next timer. Minutes of
 * budget queue, 30 s settling periods and 20 s late arrivals take milliseconds, and since
 * time never moves while a request is on the wire, the app and the sandbox see each request
 * at the same instant (a fast real-time clock would turn scheduling jitter into 429s).
 */
import type { Clock } from '../../../electron/core/limiter/clock';

interface Timer {
  due: number;
  seq: number;
  fn: () => void;
}

/** A clock whose time only the driver moves. */
export interface VirtualClock extends Clock {
  /** Starts moving time whenever `busy()` is false; returns the stop function. */
  drive(busy: () => boolean): () => void;
  /** Resolves after `ms` of virtual time (a timer of its own, so time moves even if idle). */
  sleep(ms: number): Promise<void>;
  /** Jumps `ms` ahead at once (a night passing), firing what falls due; ignores the speed cap. */
  skip(ms: number): void;
  /** Stops time (a burst of actions must queue at one instant); returns the release. */
  hold(): () => void;
  /** Virtual milliseconds elapsed since the start. */
  readonly virtualElapsedMs: number;
}

/** How much faster than real time the driver may move virtual time when idle. */
const MAX_SPEEDUP = 500;
/** Real time a request may stay on the wire before virtual time moves on without it. */
const STUCK_REQUEST_MS = 1000;
/** The most virtual time the driver may move at once (a settling period, a late arrival). */
const SLACK_MS = 120_000;

const turn = () => new Promise<void>((r) => setImmediate(r));

/**
 * Creates a virtual clock starting at `start` (default the real time now). `maxRate` caps
 * virtual milliseconds per real millisecond: real work the driver cannot see (journal fsyncs,
 * parsing) then costs virtual time in proportion instead of letting periodic timers race
 * hours ahead during a long run. `stuckRequestMs` is how long (real ms) a request may stay on
 * the wire before time moves on without it: a run that injects no delays and measures
 * throughput in virtual time raises it, since on a loaded machine an ordinary answer that
 * takes over a second would otherwise cost virtual time and hold its window slot longer.
 */
export function virtualClock(
  start = Date.now(),
  maxRate = Infinity,
  stuckRequestMs = STUCK_REQUEST_MS,
): VirtualClock {
  let t = start;
  const r0 = performance.now();
  let seq = 0;
  let holds = 0;
  let skipped = 0;
  const timers = new Map<number, Timer>();

  function fireDue(): boolean {
    const due = [...timers.values()]
      .filter((x) => x.due <= t)
      .sort((a, b) => a.due - b.due || a.seq - b.seq);
    for (const x of due) {
      timers.delete(x.seq);
      try {
        x.fn();
      } catch (err) {
        // A throwing timer must not stop time for everyone else (that would hang the run).
        console.error('virtual clock: a timer threw', err);
      }
    }
    return due.length > 0;
  }

  return {
    now: () => t,
    setTimeout(fn, ms) {
      const id = ++seq;
      timers.set(id, { due: t + Math.max(0, ms), seq: id, fn });
      return id;
    },
    clearTimeout(h) {
      timers.delete(h as number);
    },
    skip(ms) {
      t += ms;
      skipped += ms;
      fireDue();
    },
    sleep(ms) {
      return new Promise<void>((resolve) => this.setTimeout(resolve, ms));
    },
    hold() {
      holds++;
      let released = false;
      return () => {
        if (!released) holds--;
        released = true;
      };
    },
    get virtualElapsedMs() {
      return t - start;
    },
    drive(busy) {
      let running = true;
      // A token bucket of virtual time: refilled at MAX_SPEEDUP x real time, holding at most
      // SLACK_MS, so a quiet stretch never banks hours to spend at once.
      let credit = SLACK_MS;
      let lastReal = performance.now();
      void (async () => {
        let idleTurns = 0;
        let busySince = 0;
        while (running) {
          await turn();
          if (holds > 0) {
            await new Promise((r) => setTimeout(r, 1));
            continue;
          }
          if (fireDue()) {
            idleTurns = 0;
            continue;
          }
          if (busy()) {
            // Requests on the wire: let them finish at this instant. A request stuck for long
            // (an injected delay longer than the app's timeout) lets time move on, so the
            // app's own timeout can fire. "Long" is a full real second: on a loaded machine an
            // ordinary request can take a few hundred milliseconds, and moving virtual time
            // past it would expire a settling period the sandbox was about to answer within.
            busySince ||= performance.now();
            if (performance.now() - busySince < stuckRequestMs) {
              await new Promise((r) => setTimeout(r, 1));
              continue;
            }
          }
          busySince = 0;
          if (++idleTurns < 3) continue;
          idleTurns = 0;
          let next = Infinity;
          for (const x of timers.values()) next = Math.min(next, x.due);
          // Jumps are capped at MAX_SPEEDUP times real time: with no request in flight (the
          // socket pushes order updates, so nothing polls) timers alone would otherwise race
          // the clock through hours in a moment, past the session's 06:00 expiry.
          const realNow = performance.now();
          credit = Math.min(SLACK_MS, credit + (realNow - lastReal) * MAX_SPEEDUP);
          lastReal = realNow;
          const cap = start + skipped + (performance.now() - r0) * maxRate;
          if (Number.isFinite(next) && next - t <= credit && next <= cap) {
            credit -= Math.max(0, next - t);
            t = Math.max(t, next);
          } else await new Promise((r) => setTimeout(r, 1));
        }
      })().catch((err: unknown) => console.error('virtual clock: the driver stopped', err));
      return () => {
        running = false;
      };
    },
  };
}
