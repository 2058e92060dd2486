/**
 * The daily request count (10,000 a day) and the day's per-minute breaches, persisted so a
 * restart does not forget what was already spent or how close the day is to the broker's
 * block, and reset at IST midnight when the broker's day turns over.
 */
import { istDayKey, nextIstMidnight } from '../../../shared/format/ist';

/** What is persisted: the IST day and the count spent on it. */
export interface DayCount {
  day: string;
  count: number;
  /** True when written at shutdown; otherwise up to `saveEvery - 1` later requests may be missing. */
  clean?: boolean;
  /** Per-minute breaches counted on that day (429 episodes); the broker blocks after too many. */
  breaches?: number;
}

/** Small synchronous store for the day count (electron-store, a JSON file, or memory in tests). */
export interface DayCountStore {
  load(): DayCount | undefined;
  save(value: DayCount): void;
}

/** In-memory store for tests and for when nothing should persist. */
export function memoryDayStore(
  initial?: DayCount,
): DayCountStore & { value: DayCount | undefined } {
  return {
    value: initial,
    load() {
      return this.value;
    },
    save(v) {
      this.value = { ...v };
    },
  };
}

/** The day's counter; `saveEvery` batches writes (a lost batch is covered by the safety margin). */
export class DayBudget {
  private day: string;
  private count: number;
  private breachCount: number;
  private unsaved = 0;

  constructor(
    readonly limit: number,
    private readonly store: DayCountStore,
    now: number,
    private readonly saveEvery = 10,
  ) {
    const saved = safeLoad(store);
    this.day = istDayKey(now);
    // After a crash the last batch was never written: assume it was spent.
    this.count =
      saved && saved.day === this.day ? saved.count + (saved.clean ? 0 : saveEvery - 1) : 0;
    this.breachCount = saved && saved.day === this.day ? (saved.breaches ?? 0) : 0;
  }

  private roll(now: number): void {
    const day = istDayKey(now);
    if (day !== this.day) {
      this.day = day;
      this.count = 0;
      this.breachCount = 0;
      this.flush();
    }
  }

  /** Requests spent today. */
  used(now: number): number {
    this.roll(now);
    return this.count;
  }

  /** Per-minute breaches counted today. */
  breaches(now: number): number {
    this.roll(now);
    return this.breachCount;
  }

  /** Sets today's breach count and writes it at once (a crash must not forget a breach). */
  setBreaches(now: number, n: number): void {
    this.roll(now);
    this.breachCount = n;
    this.flush();
  }

  /** Milliseconds until one more request fits under `cap` (until IST midnight when spent). */
  waitMs(now: number, cap = this.limit): number {
    return this.used(now) < cap ? 0 : nextIstMidnight(now) - now;
  }

  /** Counts one request and persists every `saveEvery` requests. */
  record(now: number): void {
    this.roll(now);
    this.count++;
    if (++this.unsaved >= this.saveEvery) this.flush();
  }

  /** Writes the count now; `clean` at shutdown, when nothing is left unwritten. */
  flush(clean = false): void {
    this.unsaved = 0;
    try {
      this.store.save({
        day: this.day,
        count: this.count,
        clean,
        ...(this.breachCount > 0 ? { breaches: this.breachCount } : {}),
      });
    } catch {
      // A failed write only loses precision; the next flush tries again.
    }
  }

  /** When the count resets. */
  resetsAt(now: number): number {
    return nextIstMidnight(now);
  }
}

function safeLoad(store: DayCountStore): DayCount | undefined {
  try {
    const v = store.load();
    if (!v || typeof v.day !== 'string' || !Number.isFinite(v.count)) return undefined;
    const b = v.breaches;
    return { ...v, breaches: typeof b === 'number' && Number.isInteger(b) && b >= 0 ? b : 0 };
  } catch {
    return undefined;
  }
}
