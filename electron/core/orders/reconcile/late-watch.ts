/**
 * The late-arrival watch: actions settled "not done" whose request the broker may still carry
 * out (a late arrival: it processes a request after its client gave up). Every book and
 * positions read the app makes anyway is shown to each watched action's watcher; one that
 * sees the action's own evidence turns it "done, arrived late". No read is made for it.
 *
 * What counts as evidence is each kind's own (see `late-evidence.ts` and
 * docs/architecture.md, "Late arrivals"): never a guess, and a watch ends as soon as the
 * evidence could come from something else — another action of the app on the same order or
 * position, the order ending, or the watch window passing.
 */
import type { Order, Positions } from '../../../../shared/broker/models';
import type { StateCheck } from './ambiguity-resolver';

/** One read of the account, as the app made it (a book read or a positions read). */
export type AccountRead =
  { kind: 'orders'; book: readonly Order[] } | { kind: 'positions'; positions: Positions };

/** What a watcher made of one read. */
export type LateSighting =
  /** The action's evidence is there: it was carried out after all. */
  | { kind: 'done'; orderId: string | null; note: string }
  /** It can no longer happen (the order ended without it): stop watching. */
  | { kind: 'ended' }
  /** Nothing yet. */
  | null;

/** How one action settled "not done" recognises its own late arrival. */
export interface LateWatcher {
  /** Looks at one read; synchronous, so two watchers can never claim the same order. */
  see(read: AccountRead): LateSighting;
  /** The read its evidence shows in: a positions change comes with no pushed order update. */
  readonly reads: AccountRead['kind'];
  /**
   * What the action acts upon ('order:<id>', 'position:<id>', 'position:*' for all): a later
   * action of the app on the same thing ends the watch, because its effect would look the
   * same. Empty for a placement, whose order is told apart by its id.
   */
  readonly targets: readonly string[];
  /** Epoch ms after which the watch ends (Infinity: as long as the action is held). */
  readonly until: number;
}

/** A state check that can go on watching after "not done" (every kind's check is one). */
export type WatchedCheck = StateCheck & {
  /** Builds the watcher from what the final read showed (its baseline). */
  lateWatcher(): LateWatcher;
};

/** True when the check can watch for a late arrival. */
export function isWatchedCheck(check: StateCheck): check is WatchedCheck {
  return typeof (check as Partial<WatchedCheck>).lateWatcher === 'function';
}

/**
 * How long an action other than a placement stays watched after "not done". Late arrivals
 * seen in practice land some 20-45 s after the client gave up; ten minutes is far beyond
 * that, yet short enough that a change much later (another client, the intraday
 * square-off, a new day's positions) is never taken for it. Placements carry their own
 * order's fields and an id nobody else holds, so they stay watched while held.
 */
export const LATE_WATCH_MS = 10 * 60_000;

function overlaps(a: readonly string[], b: readonly string[]): boolean {
  const all = (x: readonly string[]) => x.includes('position:*');
  const anyPosition = (x: readonly string[]) => x.some((t) => t.startsWith('position:'));
  if ((all(a) && anyPosition(b)) || (all(b) && anyPosition(a))) return true;
  return a.some((t) => b.includes(t));
}

interface Entry {
  watcher: LateWatcher;
  /**
   * Holds while a Resend of the action, or a new order on its position, is unsettled: their
   * own orders must not be taken for it.
   */
  pausedBy: number;
}

/** Pauses the entries once; the returned function resumes them once. */
function pauseEntries(entries: readonly Entry[]): () => void {
  for (const e of entries) e.pausedBy++;
  let done = false;
  return () => {
    if (!done) for (const e of entries) e.pausedBy--;
    done = true;
  };
}

/** The watched actions, by intent id. */
export class LateWatch {
  private readonly entries = new Map<string, Entry>();
  /** Waiting for a watch to end (see `ended`). */
  private readonly endWaiters = new Map<string, (() => void)[]>();

  constructor(private readonly now: () => number) {}

  /** Starts watching an action just settled "not done". */
  add(intentId: string, watcher: LateWatcher): void {
    this.entries.set(intentId, { watcher, pausedBy: 0 });
  }

  /** Stops watching (forgotten, superseded, or corrected). */
  delete(intentId: string): void {
    this.entries.delete(intentId);
    const waiters = this.endWaiters.get(intentId);
    this.endWaiters.delete(intentId);
    for (const w of waiters ?? []) w();
  }

  /**
   * Resolves once the action is no longer watched (found, ended, expired or forgotten); at
   * once when it is not watched now. A Resend keeps its original paused until then.
   */
  ended(intentId: string): Promise<void> {
    if (!this.entries.has(intentId)) return Promise.resolve();
    return new Promise((resolve) => {
      const list = this.endWaiters.get(intentId) ?? [];
      list.push(resolve);
      this.endWaiters.set(intentId, list);
    });
  }

  /** How many actions are watched (tests of the bounds). */
  get size(): number {
    return this.entries.size;
  }

  /** Whether any watched action shows only in positions reads (the refresher then reads them). */
  wantsPositions(): boolean {
    for (const e of this.entries.values()) if (e.watcher.reads === 'positions') return true;
    return false;
  }

  /** Whether the action is watched now. */
  has(intentId: string): boolean {
    return this.entries.has(intentId);
  }

  /**
   * A new action of the app acts on `targets`: earlier watched actions on the same order or
   * position stop, since the new one's effect could no longer be told from theirs.
   */
  supersede(targets: readonly string[]): void {
    if (targets.length === 0) return;
    for (const [id, e] of this.entries) if (overlaps(e.watcher.targets, targets)) this.delete(id);
  }

  /**
   * Pauses the watch while a Resend of the action is on its way (its own order may show in a
   * pushed update before its answer claims it); the returned function resumes it.
   */
  pause(intentId: string): () => void {
    const e = this.entries.get(intentId);
    return e ? pauseEntries([e]) : () => {};
  }

  /**
   * Pauses every watch on `targets` while a new order there is on its way: a hand sell after
   * an exit said "not done" looks like the exit's own order until its answer claims it, yet
   * the exit may still land late (both then exist, and the trader must be told). Resumed
   * once the new order has settled; its id is claimed by then, so it is never taken.
   */
  pauseOn(targets: readonly string[]): () => void {
    if (targets.length === 0) return () => {};
    const hit = [...this.entries.values()].filter((e) => overlaps(e.watcher.targets, targets));
    return pauseEntries(hit);
  }

  /**
   * Shows one read to every watcher (or to `only`'s alone: a watch just started looks at what
   * the app already holds); returns the actions it proves done.
   */
  see(
    read: AccountRead,
    only?: string,
  ): { intentId: string; orderId: string | null; note: string }[] {
    const found: { intentId: string; orderId: string | null; note: string }[] = [];
    const now = this.now();
    for (const [id, e] of this.entries) {
      if (only !== undefined && id !== only) continue;
      if (now > e.watcher.until) {
        this.delete(id);
        continue;
      }
      if (e.pausedBy > 0) continue;
      const s = e.watcher.see(read);
      if (!s) continue;
      this.delete(id);
      if (s.kind === 'done') found.push({ intentId: id, orderId: s.orderId, note: s.note });
    }
    return found;
  }
}
