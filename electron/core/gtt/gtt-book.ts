/**
 * The broker's GTT book as the app last read it (issue 21 #1), and its reading: each read
 * replaces the book, reports every GTT that turned from active (or in transit) to triggered or
 * rejected since the read before, or that is new to the book and already fired (once per GTT;
 * the first read of an account is only a baseline), and schedules the next read while any GTT may still trigger. One job: knowing the
 * book. The actions that change it live in gtt-sender.ts.
 */
import type { Gtt } from '../../../shared/broker/gtt';
import { isBrokerError } from '../broker/broker-error';
import type { GttClient } from '../broker/gtt-client';
import type { Logger } from '../diagnostics/logger';
import type { Clock } from '../limiter/clock';
import type { Priority } from '../limiter/request-scheduler';

/** What the book needs. */
export interface GttBookDeps {
  clock: Clock;
  /** The current account's GTT calls (null: none), for the polls. */
  client: () => GttClient | null;
  /** A GTT turned triggered or rejected since the last read (once per GTT). */
  onTriggered: (gtt: Gtt) => void;
  /** The book changed (the view is pushed). */
  changed: () => void;
  /** Tracks a read started by a poll, so dispose waits for it. */
  track: <T>(p: Promise<T>) => Promise<T>;
  /** Aborted at dispose: no more polls. */
  signal: AbortSignal;
  logger: Pick<Logger, 'warn'>;
  pollMs: number;
}

/** The book and its reads. */
export interface GttBook {
  /** The GTTs as last read. */
  gtts(): Gtt[];
  /** When the book was last read (UTC ms), null before the first read. */
  readAt(): number | null;
  /** Rows of the last read that could not be read. */
  skipped(): number;
  /** Whether a GTT as last read may still trigger (active or in transit). */
  armed(): boolean;
  /** Reads the book now through `client` (in `priority`'s lane); reports triggers; schedules the next poll. */
  read(client: GttClient, priority?: Priority): Promise<Gtt[]>;
  /** Forgets the book (another account): the next read is a new baseline. */
  reset(): void;
  /** Stops the poll timer. */
  dispose(): void;
}

/** Creates the book; see the module comment. */
export function createGttBook(deps: GttBookDeps): GttBook {
  let book: Gtt[] = [];
  let readAt: number | null = null;
  let skipped = 0;
  /** Status of each GTT at the last read (null: no baseline yet for this account). */
  let known: Map<string, Gtt['status']> | null = null;
  let pollTimer: unknown = null;

  /** Reads issued, and the latest one applied: an older read finishing later is not applied. */
  let issued = 0;
  let applied = 0;

  async function read(client: GttClient, priority?: Priority): Promise<Gtt[]> {
    const mine = ++issued;
    const got = await client.list(priority ? { priority } : {});
    // Two reads at once (a poll, an order pushed, the screen): the book never goes back to
    // an older picture, which would report a trigger twice.
    if (mine < applied) return book;
    applied = mine;
    const before = { skipped, readAt };
    book = got.gtts;
    skipped = got.skipped;
    readAt = deps.clock.now();
    if (got.skipped)
      deps.logger.warn('gtt: rows of the GTT book could not be read', { count: got.skipped });
    const prev = known;
    known = new Map(book.map((g) => [g.id, g.status]));
    if (prev) {
      for (const g of book) {
        const was = prev.get(g.id);
        const fired = g.status === 'triggered' || g.status === 'rejected';
        // New to the book and already fired: created and triggered between two reads, unless
        // the last read left rows out and this one is older than that read (one of them, whose
        // firing may be days old).
        const isNew = was === undefined && (before.skipped === 0 || createdSince(g, before.readAt));
        if (fired && (was === 'active' || was === 'transit' || isNew)) deps.onTriggered(g);
      }
    }
    deps.changed();
    schedulePoll();
    return book;
  }

  const armed = () => book.some((g) => g.status === 'active' || g.status === 'transit');

  function schedulePoll(): void {
    if (pollTimer !== null || deps.signal.aborted) return;
    if (!armed()) return;
    pollTimer = deps.clock.setTimeout(() => {
      pollTimer = null;
      const client = deps.client();
      if (!client || deps.signal.aborted) return;
      void deps.track(read(client)).catch((err: unknown) => {
        deps.logger.warn('gtt: reading the GTT book failed', {
          err: isBrokerError(err) ? err.kind : String(err),
        });
        schedulePoll();
      });
    }, deps.pollMs);
  }

  return {
    gtts: () => book,
    readAt: () => readAt,
    skipped: () => skipped,
    armed,
    read,
    reset() {
      // A read still on its way belongs to the account before: not applied.
      applied = issued + 1;
      book = [];
      known = null;
      readAt = null;
      skipped = 0;
    },
    dispose() {
      if (pollTimer !== null) deps.clock.clearTimeout(pollTimer);
      pollTimer = null;
    },
  };
}

/** The broker's and our clocks may disagree by this much about when a GTT was created. */
const CREATED_SKEW_MS = 60_000;

/** Whether `g` was created after a read at `readAt` (unknown creation times: not shown so). */
function createdSince(g: Gtt, readAt: number | null): boolean {
  return readAt !== null && g.createdAt > 0 && g.createdAt >= readAt - CREATED_SKEW_MS;
}
