/**
 * The daily limits held by the broker (issue 22 #2, v3): on an account whose dialect has a
 * smart exit trigger, Tickdesk keeps ONE trigger (SMART_EXIT_NAME) set from Settings' loss
 * limit and profit target, so the exit happens at the broker even while Tickdesk is closed or
 * offline. "Warn" sets an alert-only trigger, "exit" one that exits (type 2); no limits
 * deactivate it. Synced at login and on every settings change; when the broker refuses or
 * cannot be reached, `holds()` is false and the local MTM monitor stays in charge (said in
 * a notice), as on v2, and the sync is tried again on its own (SMART_EXIT_RETRY_MS) until
 * the broker holds the limits: one lost request must not leave them off the broker all day.
 */
import {
  SMART_EXIT_NAME,
  SMART_EXIT_UNSET_RUPEES,
  SmartExitType,
  type SmartExitBody,
} from '../../../shared/risk/smart-exit';
import { limitRupees, type RiskLimits } from '../../../shared/risk/risk-limits';
import type { BrokerClient } from '../broker/broker-client';
import type { Clock } from '../limiter/clock';

/** Waits before each new try after a failed sync (the last one repeats). */
export const SMART_EXIT_RETRY_MS = [5_000, 30_000, 120_000] as const;

/** What the sync reads and whom it tells. */
export interface BrokerSmartExitDeps {
  broker: Pick<BrokerClient, 'listSmartExits' | 'putSmartExit' | 'toggleSmartExit'>;
  /** Whether the logged-in account's dialect has the trigger (false: nothing is sent). */
  offered: () => boolean;
  /** The logged-in account's limits, or null. */
  limits: () => RiskLimits | null;
  notify: (level: 'info' | 'warning' | 'error', message: string) => void;
  log: { warn(m: string, f?: Record<string, unknown>): void };
  /** The timers the retries wait on (the core's clock). */
  clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
  /** A retry finished (the monitor re-checks who holds the limits). */
  onRetried?: () => void;
}

/** The sync of the core. */
export interface BrokerSmartExit {
  /** Brings the broker's trigger in line with the limits (serialised; safe to call often). */
  sync(): Promise<void>;
  /** True while the broker's trigger holds the current limits. */
  holds(): boolean;
  /** Forgets what was synced (logout, account switch) and any retry waiting. */
  reset(): void;
  /** Stops a retry waiting (shutdown). */
  dispose(): void;
}

/** The trigger body for a set of limits, or null when no limit is set. */
export function smartExitBody(l: RiskLimits | null): SmartExitBody | null {
  if (!l) return null;
  const loss = limitRupees(l.loss, l.capital);
  const profit = limitRupees(l.profit, l.capital);
  if (loss === null && profit === null) return null;
  return {
    name: SMART_EXIT_NAME,
    type: l.action === 'exit' ? SmartExitType.Exit : SmartExitType.AlertOnly,
    profitRate: profit ?? SMART_EXIT_UNSET_RUPEES,
    lossRate: -(loss ?? SMART_EXIT_UNSET_RUPEES),
  };
}

/** Builds the sync. */
export function createBrokerSmartExit(d: BrokerSmartExitDeps): BrokerSmartExit {
  let held = false;
  let lastSent = '';
  let chain: Promise<void> = Promise.resolve();
  /** Failed syncs in a row (0: the last one went through), and the retry waiting. */
  let failures = 0;
  let retry: unknown = undefined;

  function cancelRetry(): void {
    if (retry !== undefined) d.clock.clearTimeout(retry);
    retry = undefined;
  }

  async function once(): Promise<void> {
    cancelRetry();
    if (!d.offered()) {
      held = false;
      lastSent = '';
      failures = 0;
      return;
    }
    const body = smartExitBody(d.limits());
    const key = JSON.stringify(body);
    if (held && key === lastSent) return;
    try {
      const mine = (await d.broker.listSmartExits()).find((t) => t.name === SMART_EXIT_NAME);
      if (!body) {
        if (mine?.active) await d.broker.toggleSmartExit(mine.flowId);
        held = false;
      } else {
        await d.broker.putSmartExit(body, mine?.flowId ?? null);
        if (mine && !mine.active) await d.broker.toggleSmartExit(mine.flowId);
        held = true;
      }
      lastSent = key;
      if (failures > 0 && body)
        d.notify('info', "The broker's smart exit now holds your daily limits.");
      failures = 0;
    } catch (err) {
      const wasHeld = held;
      held = false;
      lastSent = '';
      d.log.warn('risk: the broker smart exit could not be set', {
        err: String(err),
        failures: failures + 1,
      });
      // Said once per run of failures; the retries that follow are quiet until one succeeds.
      if ((body || wasHeld) && failures === 0)
        d.notify(
          'warning',
          "The broker's smart exit could not be set for your daily limits: Tickdesk watches them itself while it runs, and tries the broker again.",
        );
      const wait = SMART_EXIT_RETRY_MS[Math.min(failures, SMART_EXIT_RETRY_MS.length - 1)]!;
      failures++;
      retry = d.clock.setTimeout(() => {
        retry = undefined;
        void sync().then(() => d.onRetried?.());
      }, wait);
    }
  }

  function sync(): Promise<void> {
    chain = chain.then(once, once);
    return chain;
  }

  return {
    sync,
    holds: () => held && d.offered(),
    reset() {
      cancelRetry();
      held = false;
      lastSent = '';
      failures = 0;
    },
    dispose: cancelRetry,
  };
}
