/**
 * What the app remembers of its GTT actions (issue 21 #1): the actions the GTT screen shows
 * (every one still sending or unconfirmed, and the last settled ones), and the daily GTT
 * journal each step is written to (intent, request, response or unconfirmed, each reconcile
 * read, outcome), so a restart can reconcile what was left open (gtt-recovery.ts).
 */
import type { GttAction } from '../../../shared/broker/gtt';
import type { Logger } from '../diagnostics/logger';
import type { Clock } from '../limiter/clock';
import type { JournalStep, OrderJournal } from '../orders/journal/order-journal';

/** Most settled actions kept for the screen. */
export const KEEP_ACTIONS = 50;

/** The actions and the journal. */
export interface GttActionLog {
  /** Records an action's new state (pushing the view) and returns it. */
  put(a: GttAction): GttAction;
  /** Whether this action is known in this run. */
  has(actionId: string): boolean;
  /** Every action kept, newest first. */
  list(): GttAction[];
  /** Appends one step to the GTT journal (a failed write is logged, never thrown). */
  journal(actionId: string, step: JournalStep, kind: string, data?: unknown): Promise<void>;
}

/** Creates the log over the GTT journal; `changed` pushes the view. */
export function createGttActionLog(deps: {
  clock: Clock;
  journal: OrderJournal;
  changed: () => void;
  logger: Pick<Logger, 'error'>;
}): GttActionLog {
  const actions = new Map<string, GttAction>();
  return {
    put(a) {
      actions.set(a.actionId, a);
      const settled = [...actions.values()].filter(
        (x) => x.status !== 'unconfirmed' && x.status !== 'sending',
      );
      for (const old of settled.slice(0, Math.max(0, actions.size - KEEP_ACTIONS)))
        actions.delete(old.actionId);
      deps.changed();
      return a;
    },
    has: (actionId) => actions.has(actionId),
    list: () => [...actions.values()].sort((a, b) => b.at - a.at),
    async journal(actionId, step, kind, data) {
      try {
        await deps.journal.append({
          at: new Date(deps.clock.now()).toISOString(),
          intentId: actionId,
          step,
          action: `gtt-${kind}`,
          ...(data === undefined ? {} : { data }),
        });
      } catch (err) {
        deps.logger.error('gtt: journal write failed', { err: String(err) });
      }
    },
  };
}
