/**
 * Runs the reconciliations of unconfirmed actions: one at a time per intent, journaling every
 * read, recording the answer, keeping each check to run again when reads work again (or once
 * more just before a resend), and keeping the background work visible so that shutdown and
 * tests can wait for it. One job: the lifecycle of a check; what a check reads and matches
 * lives in reconcile-checks.ts, what happens after "not done" in late-arrivals.ts.
 */
import type { BrokerFailure, OrderIntent } from '../../../../shared/broker/models';
import type { Clock } from '../../limiter/clock';
import { withOrderIntents } from '../../diagnostics/request-context';
import { toFailure } from '../actions/to-failure';
import { DEFAULT_RECONCILE_DELAYS_MS, resolveByReading } from './ambiguity-resolver';
import type { StateCheck } from './ambiguity-resolver';
import type { IntentTracker } from './intent-tracker';

/** What the runner is built from (one per order service). */
export interface ReconcileRunnerOptions {
  tracker: IntentTracker;
  clock: Clock;
  /** When the state reads after an ambiguous failure happen (ms after it). */
  reconcileDelaysMs?: readonly number[];
  /**
   * An action was just settled "not done" by `check` (its final read just made): the late-
   * arrival watch starts here, before the status changes.
   */
  onNotDone(intentId: string, check: StateCheck): void;
  /**
   * That "not done" is written and visible: the watch looks at what the app took in since
   * the final read (a pushed update in between reached no watch).
   */
  onNotDoneWritten?(intentId: string): void;
}

/** The reconciliations under way, and the checks kept for later. */
export class ReconcileRunner {
  private readonly delaysMs: readonly number[];
  /** The state check of every intent still unconfirmed, to re-run when reads work again. */
  private readonly checks = new Map<string, StateCheck>();
  /** The check of every action settled "not done", to read once more just before a resend. */
  private readonly notDoneChecks = new Map<string, StateCheck>();
  /** The reconciliation under way of each intent, until it ends (settled or still unknown). */
  private readonly reconciling = new Map<string, Promise<void>>();
  private readonly running = new Set<Promise<void>>();
  /** Fires when the app quits: settling checks stop waiting (the next start takes them up). */
  private readonly quitting = new AbortController();

  constructor(private readonly o: ReconcileRunnerOptions) {
    this.delaysMs = o.reconcileDelaysMs ?? DEFAULT_RECONCILE_DELAYS_MS;
  }

  /** Marks the intent unconfirmed and reconciles it in the background. */
  async unconfirmed(
    intent: OrderIntent,
    failure: BrokerFailure | null,
    check: StateCheck,
  ): Promise<OrderIntent> {
    const updated = await this.o.tracker.update(intent.intentId, {
      status: 'unconfirmed',
      error: failure,
      note: 'Outcome unknown: checking the order book before anything is sent again.',
    });
    this.checks.set(intent.intentId, check);
    this.start(intent.intentId, check);
    return updated;
  }

  /** Re-runs reconciliation of an unconfirmed intent (after reads failed); false if none is due. */
  again(intentId: string): boolean {
    const check = this.checks.get(intentId);
    if (!check || this.reconciling.has(intentId)) return false;
    if (this.o.tracker.get(intentId).status !== 'unconfirmed') return false;
    this.start(intentId, check);
    return true;
  }

  /** A book read worked: reconciliations that gave up because reads failed can finish now. */
  allAgain(): void {
    for (const id of this.checks.keys()) this.again(id);
  }

  /**
   * Resolves when the intent's reconciliation under way has ended, settled or still unknown;
   * at once when none runs.
   */
  async reconciled(intentId: string): Promise<void> {
    await this.reconciling.get(intentId);
  }

  /**
   * The last look before a resend: reads the account once more with the check that said "not
   * done". Returns the order id when the action turns out done after all.
   */
  async recheckBeforeResend(intentId: string): Promise<{ done: boolean; orderId: string | null }> {
    const check = this.notDoneChecks.get(intentId);
    this.notDoneChecks.delete(intentId);
    if (!check) return { done: false, orderId: null };
    const res = await withOrderIntents([intentId], () => check({ final: true }));
    return res.kind === 'done'
      ? { done: true, orderId: res.orderId ?? null }
      : { done: false, orderId: null };
  }

  /** The action was found done after all: no pre-resend look is needed any more. */
  foundDone(intentId: string): void {
    this.notDoneChecks.delete(intentId);
  }

  /** Drops the intent's checks (the tracker forgot it). */
  forget(intentId: string): void {
    this.checks.delete(intentId);
    this.notDoneChecks.delete(intentId);
  }

  /** How many checks are kept (tests of the bounds). */
  held(): { checks: number; notDone: number } {
    return { checks: this.checks.size, notDone: this.notDoneChecks.size };
  }

  /** Keeps background work visible so `idle()` can wait for it (tests, shutdown). */
  track(p: Promise<void>): void {
    const guarded = p.catch(() => undefined);
    this.running.add(guarded);
    void guarded.finally(() => this.running.delete(guarded));
  }

  /**
   * The app is quitting: checks still settling stop waiting and leave their actions
   * unconfirmed, with no outcome in the journal, for the next start to reconcile. A check
   * whose read is on the wire still finishes (the scheduler refuses only what is queued).
   */
  stop(): void {
    this.quitting.abort();
  }

  /** Resolves when no reconciliation (nor other tracked work) is running. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  private start(intentId: string, check: StateCheck): void {
    // Every read of this reconciliation (after a restart too) carries the intent id into the
    // request log, so support staff follow the order's story there by one id.
    const run = withOrderIntents([intentId], () =>
      this.reconcile(this.o.tracker.get(intentId), check),
    ).finally(() => this.reconciling.delete(intentId));
    this.reconciling.set(
      intentId,
      run.then(
        () => undefined,
        () => undefined,
      ),
    );
    this.track(run);
  }

  /** Runs the resolver for an intent and records its answer. */
  private async reconcile(intent: OrderIntent, check: StateCheck): Promise<void> {
    const { tracker } = this.o;
    const res = await resolveByReading(
      check,
      this.o.clock,
      this.delaysMs,
      (attempt, result) =>
        tracker.journal(intent, 'reconcile', {
          attempt,
          result:
            'error' in result ? { kind: result.kind, error: toFailure(result.error) } : result,
        }),
      this.quitting.signal,
    );
    if (res.kind !== 'unresolved') this.checks.delete(intent.intentId);
    if (res.kind === 'done') {
      await tracker.update(intent.intentId, {
        status: 'confirmed-done',
        orderId: res.orderId ?? intent.orderId,
        note: res.note,
      });
    } else if (res.kind === 'not-done') {
      this.notDoneChecks.set(intent.intentId, check);
      this.o.onNotDone(intent.intentId, check);
      await tracker.update(intent.intentId, { status: 'confirmed-not-done', note: res.note });
      this.o.onNotDoneWritten?.(intent.intentId);
    } else {
      await tracker.update(intent.intentId, { note: res.note }, 'reconcile');
    }
  }
}
