/**
 * Settles an order action whose request failed ambiguously, by reading account state.
 *
 * The spec (Errors rule 6) says: after a timeout or network error, check before repeating.
 * This runs the check a few times over a settling period (a delayed request can still land
 * after our timeout), stops as soon as the state shows the action happened or definitely
 * did not, and declares "not done" only after a successful read at the end of the period
 * found nothing. If the reads themselves keep failing, the action stays unconfirmed: the
 * app never guesses.
 */
import type { Clock } from '../../limiter/clock';

/** What one read of account state showed. */
export type CheckResult =
  | { kind: 'done'; orderId?: string; note: string }
  | { kind: 'not-done'; note: string }
  | { kind: 'unknown'; note: string };

/**
 * One read of account state. `final` is the last look before the resolver may say "not
 * done": a placement check then drops its time window, so a wrong clock can never hide it.
 */
export type StateCheck = (opts?: { final?: boolean }) => Promise<CheckResult>;

/** Final answer of the resolver. */
export type Resolution =
  | { kind: 'done'; orderId?: string; note: string }
  | { kind: 'not-done'; note: string }
  | { kind: 'unresolved'; note: string };

/**
 * Default delays (ms after the failure) of the state reads: the last one ends the settling
 * period. A broker may still process a request some 20 s after its client gave up (a late
 * arrival), so nothing is called "not done" before 30 s have passed.
 */
export const DEFAULT_RECONCILE_DELAYS_MS = [300, 1500, 4000, 10_000, 30_000];

/** The answer when the app quits before the checks end: nothing is known yet, nothing is guessed. */
const QUIT_NOTE =
  'Tickdesk was closed before the outcome was known; it checks the order book again at the next start.';

/** Waits `ms` on the clock, or less if `stop` fires first. */
function sleep(clock: Clock, ms: number, stop?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (stop?.aborted) return resolve();
    const done = () => {
      clock.clearTimeout(timer);
      stop?.removeEventListener('abort', done);
      resolve();
    };
    const timer = clock.setTimeout(done, ms);
    stop?.addEventListener('abort', done, { once: true });
  });
}

/**
 * Runs `check` at each delay (measured from the start). `onAttempt` lets the caller journal
 * every read and its result. `stop` (the app quitting) ends the waiting at once with
 * `unresolved`: the action's journal then has no outcome, so the next start reconciles it.
 */
export async function resolveByReading(
  check: StateCheck,
  clock: Clock,
  delaysMs: readonly number[] = DEFAULT_RECONCILE_DELAYS_MS,
  onAttempt?: (
    attempt: number,
    result: CheckResult | { kind: 'read-failed'; error: unknown },
  ) => Promise<void>,
  stop?: AbortSignal,
): Promise<Resolution> {
  const start = clock.now();
  let lastRead: CheckResult | undefined;
  for (let i = 0; i < delaysMs.length; i++) {
    const wait = start + (delaysMs[i] ?? 0) - clock.now();
    if (wait > 0) await sleep(clock, wait, stop);
    if (stop?.aborted) return { kind: 'unresolved', note: QUIT_NOTE };
    try {
      lastRead = await check();
      await onAttempt?.(i + 1, lastRead);
      if (lastRead.kind !== 'unknown') return lastRead;
    } catch (error) {
      lastRead = undefined;
      await onAttempt?.(i + 1, { kind: 'read-failed', error });
    }
  }
  if (stop?.aborted) return { kind: 'unresolved', note: QUIT_NOTE };
  if (lastRead) {
    // Before ever saying "not done": one more read with every time filter off.
    try {
      const last = await check({ final: true });
      await onAttempt?.(delaysMs.length + 1, last);
      if (last.kind === 'done') return last;
      return {
        kind: 'not-done',
        note: `Not found after ${delaysMs.at(-1) ?? 0} ms of checking: ${last.note}`,
      };
    } catch (error) {
      await onAttempt?.(delaysMs.length + 1, { kind: 'read-failed', error });
    }
  }
  return {
    kind: 'unresolved',
    note: 'Account state could not be read; the outcome is still unknown.',
  };
}
