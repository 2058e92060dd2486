/**
 * Keeps every order action's state, journals each step and pushes each change.
 *
 * One place owns the state machine so that the journal, the events the UI sees and the
 * promise a caller awaits can never disagree about whether an order was placed.
 */
import type {
  BrokerFailure,
  IntentStatus,
  Order,
  OrderAction,
  OrderIntent,
  PrecheckViolation,
} from '../../../../shared/broker/models';
import type { Clock } from '../../limiter/clock';
import type { JournalStep, OrderJournal } from '../journal/order-journal';

/** Events the order service publishes (the lead forwards them over IPC). */
export type OrderServiceEvent =
  | { type: 'intent'; intent: OrderIntent }
  /** A book read or merged; `merged` when the pushed order feed put it together (not a full read). */
  | { type: 'orders'; orders: Order[]; merged: boolean }
  /** An action reported "not done" was carried out after all: the trader must be told. */
  | { type: 'late-arrival'; intent: OrderIntent };

/** Statuses after which nothing more will happen to an intent. */
const SETTLED: ReadonlySet<IntentStatus> = new Set([
  'blocked',
  'done',
  'failed',
  'confirmed-done',
  'confirmed-not-done',
]);

/** True when the intent's outcome is known. */
export function isSettled(s: IntentStatus): boolean {
  return SETTLED.has(s);
}

/** A change to an intent. */
export interface IntentPatch {
  status?: IntentStatus;
  orderId?: string | null;
  error?: BrokerFailure | null;
  violations?: PrecheckViolation[];
  note?: string;
}

/** Dependencies of the tracker. */
export interface IntentTrackerOptions {
  journal: OrderJournal;
  clock: Clock;
  newId: () => string;
  emit?: (e: OrderServiceEvent) => void;
  /** Called when journaling fails: the action goes on, but the app must say so. */
  onJournalError?: (err: unknown) => void;
  /** Whether the service holds what it would need to send this intent again. */
  canResend?: (intentId: string) => boolean;
  /**
   * Most settled intents kept in memory (default 500); older settled ones are forgotten (the
   * journal keeps them), so a long session cannot grow without end. Unsettled ones always stay.
   */
  maxSettled?: number;
  /** Told about each forgotten intent, so per-intent state elsewhere goes with it. */
  onForget?: (intentId: string) => void;
}

/** The state holder; see the module comment. */
/**
 * A definite refusal by the broker (a rule, a price band, funds): the same payload would be
 * refused again, so "Send again" is not offered; the trader changes the order instead.
 * Failures worth repeating are the transient ones: rate limits, a lost login, nothing sent.
 */
function definite(error: OrderIntent['error']): boolean {
  return (
    error !== null &&
    error.kind === 'broker' &&
    error.action !== 'wait' &&
    error.action !== 'retry-later' &&
    error.action !== 'login'
  );
}

export class IntentTracker {
  private readonly intents = new Map<string, OrderIntent>();
  private readonly waiters = new Map<string, Array<(i: OrderIntent) => void>>();
  /** Intents already sent again: Resend is single-use. */
  private readonly resent = new Set<string>();

  constructor(private readonly opts: IntentTrackerOptions) {}

  /** Starts a new intent and journals it with the full payload. */
  async create(
    action: OrderAction,
    summary: string,
    payload: unknown,
    batchId: string | null = null,
  ): Promise<OrderIntent> {
    const at = new Date(this.opts.clock.now()).toISOString();
    const intent: OrderIntent = {
      intentId: this.opts.newId(),
      batchId,
      action,
      status: 'sending',
      summary,
      orderId: null,
      createdAt: at,
      updatedAt: at,
      error: null,
      violations: [],
      note: '',
      resendAllowed: false,
    };
    this.intents.set(intent.intentId, intent);
    this.forgetOldSettled();
    await this.journal(intent, 'intent', { summary, payload, batchId });
    return intent;
  }

  /** Drops the oldest settled intents beyond `maxSettled` (Map order is creation order). */
  private forgetOldSettled(): void {
    const max = this.opts.maxSettled ?? 500;
    let settled = 0;
    for (const i of this.intents.values()) if (isSettled(i.status)) settled++;
    for (const [id, i] of this.intents) {
      if (settled <= max) break;
      if (!isSettled(i.status)) continue;
      this.intents.delete(id);
      this.resent.delete(id);
      this.waiters.delete(id);
      settled--;
      this.opts.onForget?.(id);
    }
  }

  /** Re-registers an intent found unsettled in the journal after a restart. */
  restore(intent: OrderIntent): void {
    this.intents.set(intent.intentId, intent);
  }

  /** Writes one journal step for an intent. */
  async journal(intent: OrderIntent, step: JournalStep, data?: unknown): Promise<void> {
    try {
      await this.opts.journal.append({
        at: new Date(this.opts.clock.now()).toISOString(),
        intentId: intent.intentId,
        step,
        action: intent.action,
        data,
      });
    } catch (err) {
      this.opts.onJournalError?.(err);
    }
  }

  /** Applies a change, journals status changes, publishes, and wakes waiters once settled. */
  async update(intentId: string, patch: IntentPatch, step?: JournalStep): Promise<OrderIntent> {
    const prev = this.get(intentId);
    const next: OrderIntent = {
      ...prev,
      ...patch,
      updatedAt: new Date(this.opts.clock.now()).toISOString(),
    };
    next.resendAllowed =
      (next.status === 'confirmed-not-done' ||
        (next.status === 'failed' && !(next.error?.ambiguous ?? false) && !definite(next.error))) &&
      !this.resent.has(intentId) &&
      (this.opts.canResend?.(intentId) ?? true);
    this.intents.set(intentId, next);
    const journalStep =
      step ??
      (isSettled(next.status)
        ? 'outcome'
        : next.status === 'unconfirmed'
          ? 'unconfirmed'
          : undefined);
    if (journalStep) {
      await this.journal(next, journalStep, {
        status: next.status,
        orderId: next.orderId,
        error: next.error,
        violations: next.violations,
        note: next.note,
      });
    }
    this.opts.emit?.({ type: 'intent', intent: next });
    if (isSettled(next.status)) {
      for (const w of this.waiters.get(intentId) ?? []) w(next);
      this.waiters.delete(intentId);
    }
    return next;
  }

  /**
   * Marks the intent as sent again (synchronously, so a second call can never pass) and
   * publishes that Resend is gone; false when it was already used.
   */
  consumeResend(intentId: string): boolean {
    if (this.resent.has(intentId)) return false;
    this.resent.add(intentId);
    return true;
  }

  /** Whether the intent was sent again (a late arrival of it then exists twice). */
  wasResent(intentId: string): boolean {
    return this.resent.has(intentId);
  }

  /** Gives Resend back when the last look before sending could not be made. */
  restoreResend(intentId: string): void {
    this.resent.delete(intentId);
  }

  /** Whether the intent is still held in memory (a settled one may have been forgotten). */
  has(intentId: string): boolean {
    return this.intents.has(intentId);
  }

  /** How many intents are sent again and still remembered as such (tests of the bounds). */
  resentCount(): number {
    return this.resent.size;
  }

  /** The intent, or an error for an unknown id. */
  get(intentId: string): OrderIntent {
    const i = this.intents.get(intentId);
    if (!i) throw new RangeError(`unknown order intent ${intentId}`);
    return i;
  }

  /** All intents, newest first. */
  list(): OrderIntent[] {
    return [...this.intents.values()].reverse();
  }

  /** True while any action's outcome is still being established. */
  hasUnsettled(): boolean {
    for (const i of this.intents.values()) if (!isSettled(i.status)) return true;
    return false;
  }

  /** Resolves when the intent's outcome is known (at once if it already is). */
  settled(intentId: string): Promise<OrderIntent> {
    const i = this.get(intentId);
    if (isSettled(i.status)) return Promise.resolve(i);
    return new Promise((resolve) => {
      const list = this.waiters.get(intentId) ?? [];
      list.push(resolve);
      this.waiters.set(intentId, list);
    });
  }
}
