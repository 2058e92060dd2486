/**
 * Corrects actions settled "not done" that the broker carried out after all: holds the
 * late-arrival watch (late-watch.ts), shows it each account read, and settles what it finds
 * as "done, arrived late" (status, journal, the trader's warning), one correction at a time
 * per action, so a Resend arriving meanwhile can wait for the whole of it.
 */
import type { OrderIntent } from '../../../../shared/broker/models';
import type { Clock } from '../../limiter/clock';
import type { IntentTracker, OrderServiceEvent } from './intent-tracker';
import { LateWatch } from './late-watch';
import type { AccountRead, LateWatcher } from './late-watch';

/** What the corrections need from the order context. */
export interface LateArrivalsOptions {
  tracker: IntentTracker;
  clock: Clock;
  emit: ((e: OrderServiceEvent) => void) | undefined;
  log: { warn(message: string, fields?: Record<string, unknown>): void };
  /** Keeps background work visible to `idle()` (tests, shutdown). */
  track(p: Promise<void>): void;
  /** Told when an action is found done late (its pre-resend check is no longer needed). */
  onFound(intentId: string): void;
  /** Told when the intent is no longer held (per-intent state elsewhere goes with it). */
  onGone(intentId: string): void;
}

/** The late-arrival watch and its corrections. */
export class LateArrivals {
  private readonly watch: LateWatch;
  /**
   * Corrections being settled (status, journal, warning). The status is visible before the
   * warning goes out, so a Resend arriving meanwhile waits for the whole correction.
   */
  private readonly settling = new Map<string, Promise<OrderIntent | null>>();

  constructor(private readonly o: LateArrivalsOptions) {
    this.watch = new LateWatch(() => o.clock.now());
  }

  /** Starts watching an action just settled "not done". */
  add(intentId: string, watcher: LateWatcher): void {
    this.watch.add(intentId, watcher);
  }

  /**
   * Shows an action's watch `held`, what the app holds of the account now, once its "not
   * done" has been written: the check's final read is journalled before the watch starts, and
   * a pushed update arriving meanwhile reached no watch. While updates are pushed nothing
   * reads the book again, so a late arrival pushed then would never be seen.
   */
  lookAtHeld(intentId: string, held: readonly AccountRead[]): void {
    for (const read of held) this.correct(this.watch.see(read, intentId));
  }

  /** Stops watching an action (forgotten). */
  delete(intentId: string): void {
    this.watch.delete(intentId);
  }

  /** How many actions are watched (tests of the bounds). */
  get size(): number {
    return this.watch.size;
  }

  /** A new action on these targets ends older watches on them (see `LateWatch.supersede`). */
  supersede(targets: readonly string[]): void {
    this.watch.supersede(targets);
  }

  /** Pauses an action's watch while it is sent again; returns the resume function. */
  pause(intentId: string): () => void {
    return this.watch.pause(intentId);
  }

  /** Pauses the watches on these targets while a new order there settles (`LateWatch.pauseOn`). */
  pauseOn(targets: readonly string[]): () => void {
    return this.watch.pauseOn(targets);
  }

  /** Resolves once the action is no longer watched (`LateWatch.ended`). */
  ended(intentId: string): Promise<void> {
    return this.watch.ended(intentId);
  }

  /** Whether a watched action shows only in positions reads. */
  wantsPositions(): boolean {
    return this.watch.wantsPositions();
  }

  /** Shows one account read to the watch and starts correcting what it proves done. */
  see(read: AccountRead): void {
    this.correct(this.watch.see(read));
  }

  /** Starts correcting each action a read proved done. */
  private correct(found: { intentId: string; orderId: string | null; note: string }[]): void {
    for (const { intentId, orderId, note } of found) {
      this.o.onFound(intentId);
      const settling = this.settle(intentId, orderId, note);
      this.settling.set(intentId, settling);
      this.o.track(
        settling.then(
          () => void this.settling.delete(intentId),
          () => void this.settling.delete(intentId),
        ),
      );
    }
  }

  /** Resolves once a correction of the intent under way has finished; at once when none is. */
  async settled(intentId: string): Promise<void> {
    await this.settling.get(intentId)?.catch(() => undefined);
  }

  /**
   * An action settled "not done" turned out done after all: correct it and warn the trader.
   * `evidence` names what showed it. One sent again meanwhile (a placement keeps its watch
   * after a Resend) now exists twice, and the note says so. An intent already forgotten (too
   * old to keep in memory) cannot be corrected any more: that is logged as a warning, never
   * thrown into the book read that found it. Null then.
   */
  async settle(
    intentId: string,
    orderId: string | null,
    evidence?: string,
  ): Promise<OrderIntent | null> {
    const { tracker } = this.o;
    this.watch.delete(intentId);
    if (!tracker.has(intentId)) {
      this.o.onGone(intentId);
      this.o.log.warn('orders: late arrival for an action no longer held in memory', {
        intentId,
        orderId,
      });
      return null;
    }
    const shown = evidence ?? (orderId ? `order ${orderId}` : null);
    const note = tracker.wasResent(intentId)
      ? `Arrived late: the broker carried this out after it had been sent again, so both exist${shown ? ` (this one: ${shown})` : ''}. Cancel or undo one if you wanted it once.`
      : `Arrived late: the broker carried this out after the app had found nothing${shown ? ` (${shown})` : ''}. Do not send it again.`;
    const intent = await tracker.update(intentId, { status: 'confirmed-done', orderId, note });
    this.o.emit?.({ type: 'late-arrival', intent });
    return intent;
  }
}
