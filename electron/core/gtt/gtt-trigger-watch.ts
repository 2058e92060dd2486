/**
 * GTT triggers seen at once (issue 21): the GTT book is read every 15 s while a GTT is active
 * (gtt-service.ts), but a triggered GTT's order arrives on the order socket within a second.
 * So each book the pushed order feed merges is watched for an order new to it that a GTT
 * placed (its tag says so on v3) or that this app did not place (a broker whose GTT orders
 * carry no tag): while a GTT is active, that reads the GTT book now, so the "GTT triggered"
 * alert follows the order by a second or two. Reads are debounced (several legs or orders in
 * one burst make one read) and go through the GTT client, so through the request scheduler
 * and its budget like every other read.
 */
import { placedByGtt } from '../../../shared/broker/gtt';
import type { Order } from '../../../shared/broker/models';
import type { Clock } from '../limiter/clock';

/** How long after the first sign the GTT book is read (ms): a burst of updates makes one read. */
export const GTT_TRIGGER_DEBOUNCE_MS = 300;

/** What the watch needs. */
export interface GttTriggerWatchDeps {
  clock: Clock;
  /** Whether any GTT may trigger (the book as last read shows one active or in transit). */
  armed(): boolean;
  /** Whether this app placed the order with this id (its own order actions). */
  ownOrder(id: string): boolean;
  /** Reads the GTT book now (its triggers are reported from that read). */
  read(): void;
  debounceMs?: number;
}

/** The running watch. */
export interface GttTriggerWatch {
  /** A book the pushed order feed merged. */
  observe(book: readonly Order[]): void;
  /** The account changed: forget its orders. */
  reset(): void;
  dispose(): void;
}

/** Starts the watch; see the module comment. */
export function createGttTriggerWatch(deps: GttTriggerWatchDeps): GttTriggerWatch {
  const debounceMs = deps.debounceMs ?? GTT_TRIGGER_DEBOUNCE_MS;
  /**
   * Order ids already seen. It starts empty, not from the first book: the first pushed book
   * may be the one carrying the GTT's order. At worst a session's first book costs one read.
   */
  let seen = new Set<string>();
  let timer: unknown = null;

  function soon(): void {
    if (timer !== null) return;
    timer = deps.clock.setTimeout(() => {
      timer = null;
      deps.read();
    }, debounceMs);
  }

  return {
    observe(book) {
      let sign = false;
      for (const o of book) {
        if (seen.has(o.id)) continue;
        seen.add(o.id);
        if (placedByGtt(o) || !deps.ownOrder(o.id)) sign = true;
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
