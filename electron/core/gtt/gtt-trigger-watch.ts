/**
 * GTT triggers seen at once (issue 21): the GTT book is read every 15 s while a GTT is active
 * (gtt-service.ts), but a triggered GTT's order arrives on the order socket within a second.
 * So each book the pushed order feed merges is watched for an order new to it that a GTT
 * placed (its `<n>:GTT…` tag, docs/broker-v3.md): while a GTT is active, that reads the GTT
 * book soon, so the "GTT triggered" alert follows the order by a second or two.
 *
 * The reads are bounded, since every one spends the account's request budget:
 * - only GTT-tagged orders count. Untagged orders (the app's own before its HTTP answer named
 *   them, another device's) are no sign: v3, the only dialect with GTTs, tags a GTT's order,
 *   and a broker that did not would still be read by the 15 s poll. Orders with a parent
 *   (bracket/cover exit legs, multi-leg legs) are never placed by a GTT.
 * - a burst is debounced into one read, and no watch read goes within `minGapMs` of the one
 *   before: a sign inside the gap reads once at the gap's end. So ≤ 12 watch reads a minute at
 *   5 s, beside the poll's 4. The gap is not counted from the other reads (the poll, the
 *   screen, a GTT action's): one that landed before the trigger cannot show it, and waiting
 *   out a gap after each would delay the alert by up to 5 s (a third of all triggers).
 * - the ids seen are forgotten at each IST day change (the broker's order book is daily).
 */
import { placedByGtt } from '../../../shared/broker/gtt';
import type { Order } from '../../../shared/broker/models';
import { istDayKey } from '../../../shared/format/ist';
import type { Clock } from '../limiter/clock';

/** How long after the first sign the GTT book is read (ms): a burst of updates makes one read. */
export const GTT_TRIGGER_DEBOUNCE_MS = 300;
/** No watch read within this long of the watch's read before (ms): the budget bound. */
export const GTT_TRIGGER_MIN_GAP_MS = 5_000;

/** What the watch needs. */
export interface GttTriggerWatchDeps {
  clock: Clock;
  /** Whether any GTT may trigger (the book as last read shows one active or in transit). */
  armed(): boolean;
  /** Reads the GTT book now (its triggers are reported from that read). */
  read(): void;
  debounceMs?: number;
  minGapMs?: number;
}

/** The running watch. */
export interface GttTriggerWatch {
  /** A book the pushed order feed merged. */
  observe(book: readonly Order[]): void;
  /** The account changed: forget its orders. */
  reset(): void;
  dispose(): void;
}

/** Whether a pushed order is a sign that a GTT triggered; see the module comment. */
function isTriggerSign(o: Order): boolean {
  return (o.parentId ?? null) === null && placedByGtt(o);
}

/** Starts the watch; see the module comment. */
export function createGttTriggerWatch(deps: GttTriggerWatchDeps): GttTriggerWatch {
  const debounceMs = deps.debounceMs ?? GTT_TRIGGER_DEBOUNCE_MS;
  const minGapMs = deps.minGapMs ?? GTT_TRIGGER_MIN_GAP_MS;
  /**
   * Order ids already seen today. It starts empty, not from the first book: the first pushed
   * book may be the one carrying the GTT's order. At worst a session's first book costs one read.
   */
  let seen = new Set<string>();
  let day = istDayKey(deps.clock.now());
  /** When this watch last asked for a read. */
  let askedAt: number | null = null;
  let timer: unknown = null;

  /** Earliest time a watch read may go: the later of the debounce and the gap's end. */
  function dueAt(now: number): number {
    return Math.max(now + debounceMs, (askedAt ?? -Infinity) + minGapMs);
  }

  function soon(): void {
    if (timer !== null) return;
    const now = deps.clock.now();
    timer = deps.clock.setTimeout(fire, dueAt(now) - now);
  }

  function fire(): void {
    timer = null;
    if (!deps.armed()) return;
    askedAt = deps.clock.now();
    deps.read();
  }

  return {
    observe(book) {
      const today = istDayKey(deps.clock.now());
      if (today !== day) {
        day = today;
        seen = new Set();
      }
      let sign = false;
      for (const o of book) {
        if (seen.has(o.id)) continue;
        seen.add(o.id);
        if (isTriggerSign(o)) sign = true;
      }
      if (sign && deps.armed()) soon();
    },
    reset() {
      seen = new Set();
    },
    dispose() {
      if (timer !== null) deps.clock.clearTimeout(timer);
      timer = null;
    },
  };
}
