/**
 * Delivers a keyed collection (the order book) to the renderer as deltas: each full read is
 * compared with the last one, only the rows that changed travel, and each delta carries the
 * version it applies to so a renderer that missed one asks for a snapshot instead of
 * showing a wrong book.
 *
 * While the transport is still sending earlier events (a slow page), changes wait here,
 * coalesced per key: a row that changes ten times is sent once, with its latest value. So
 * what waits is at most one entry per key, never a queue that grows with time.
 */

/** The rows that changed since version `base`; applying it gives version `version`. */
export interface KeyedDelta<T> {
  base: number;
  version: number;
  upserts: T[];
  removed: string[];
}

/** A feed of one keyed collection; see the module comment. */
export interface KeyedFeed<T> {
  /** Takes a complete read of the collection; rows missing from it are removed. */
  replace(rows: readonly T[]): void;
  /**
   * Everything known now, with the version the next delta builds on. Changes still waiting
   * are in it, so they are not sent again as a delta: the version moves past them, and an
   * empty delta tells any other page that it is behind and needs a snapshot too.
   */
  snapshot(): { version: number; rows: T[] };
  /**
   * Sends what is waiting now, whatever the transport's state: a page that asked for the
   * changes since the version it holds gets them as one delta instead of a snapshot.
   * Answers the version after it.
   */
  flushNow(): number;
  /** The version the last delta (or snapshot) reached. */
  version(): number;
  /** Keys waiting to be sent (for tests and the support bundle): bounded by the key count. */
  pendingCount(): number;
  close(): void;
}

/** Timer functions, injectable for tests. */
export interface FeedTimers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: FeedTimers = {
  set: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref?.();
    return t;
  },
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Creates a feed; `publish` sends one delta, `busy` says the transport is still behind. */
export function createKeyedFeed<T extends object>(opts: {
  keyOf: (row: T) => string;
  /**
   * Fields whose change alone does not make a row changed (a price that moves every
   * read); a row sent for another reason still carries their latest value.
   */
  ignore?: readonly (keyof T & string)[];
  publish: (delta: KeyedDelta<T>) => void;
  busy?: () => boolean;
  /** Gathers changes this long before sending (default 50 ms), and retries as often while busy. */
  flushMs?: number;
  timers?: FeedTimers;
}): KeyedFeed<T> {
  const timers = opts.timers ?? realTimers;
  const flushMs = opts.flushMs ?? 50;
  const current = new Map<string, T>();
  const ignore = new Set<string>(opts.ignore ?? []);
  /** Key → latest row, or null when removed; one entry per key whatever the change count. */
  const pending = new Map<string, T | null>();
  let version = 0;
  let timer: unknown = undefined;
  let closed = false;
  /** A snapshot took waiting changes: other pages must hear that their version is old. */
  let announce = false;

  function schedule(): void {
    if (timer !== undefined || closed) return;
    timer = timers.set(() => flush(), flushMs);
  }

  /** Sends what waits; `force` for a page that asked for it (then the backlog is its own). */
  function flush(force = false): void {
    timer = undefined;
    if ((pending.size === 0 && !announce) || closed) return;
    if (!force && opts.busy?.()) {
      schedule();
      return;
    }
    const upserts: T[] = [];
    const removed: string[] = [];
    for (const [key, row] of pending) {
      if (row === null) removed.push(key);
      else upserts.push(row);
    }
    pending.clear();
    announce = false;
    const delta = { base: version, version: version + 1, upserts, removed };
    version++;
    opts.publish(delta);
  }

  return {
    replace(rows) {
      const seen = new Set<string>();
      for (const row of rows) {
        const key = opts.keyOf(row);
        seen.add(key);
        const before = current.get(key);
        if (before && sameFlat(before, row, ignore)) continue;
        current.set(key, row);
        pending.set(key, row);
      }
      for (const key of current.keys()) {
        if (seen.has(key)) continue;
        current.delete(key);
        pending.set(key, null);
      }
      if (pending.size > 0) schedule();
    },
    snapshot() {
      if (pending.size > 0) {
        pending.clear();
        version++;
        announce = true;
        schedule();
      }
      return { version, rows: [...current.values()] };
    },
    flushNow() {
      if (timer !== undefined) timers.clear(timer);
      timer = undefined;
      flush(true);
      return version;
    },
    version: () => version,
    pendingCount: () => pending.size,
    close() {
      closed = true;
      if (timer !== undefined) timers.clear(timer);
      timer = undefined;
      pending.clear();
    },
  };
}

/** Equality of two flat records (broker models hold only primitives and null). */
function sameFlat(a: object, b: object, ignore: ReadonlySet<string>): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (ignore.has(k)) continue;
    if ((a as Record<string, unknown>)[k] !== (b as Record<string, unknown>)[k]) return false;
  }
  return true;
}
