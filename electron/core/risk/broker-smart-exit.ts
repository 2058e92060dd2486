/**
 * The daily limits held by the broker (issue 22 #2, v3): on an account whose dialect has a
 * smart exit trigger, Tickdesk keeps ONE trigger (SMART_EXIT_NAME) set from Settings' loss
 * limit and profit target, so the exit happens at the broker even while Tickdesk is closed or
 * offline. "Warn" sets an alert-only trigger, "exit" one that exits (type 2); no limits
 * deactivate it. Synced at login and on every settings change; when the broker refuses or
 * cannot be reached, `holds()` is false and the local MTM monitor stays in charge (said in
 * a notice), as on v2.
 */
import {
  SMART_EXIT_NAME,
  SMART_EXIT_UNSET_RUPEES,
  SmartExitType,
  type SmartExitBody,
} from '../../../shared/risk/smart-exit';
import { limitRupees, type RiskLimits } from '../../../shared/risk/risk-limits';
import type { BrokerClient } from '../broker/broker-client';

/** What the sync reads and whom it tells. */
export interface BrokerSmartExitDeps {
  broker: Pick<BrokerClient, 'listSmartExits' | 'putSmartExit' | 'toggleSmartExit'>;
  /** Whether the logged-in account's dialect has the trigger (false: nothing is sent). */
  offered: () => boolean;
  /** The logged-in account's limits, or null. */
  limits: () => RiskLimits | null;
  notify: (level: 'info' | 'warning' | 'error', message: string) => void;
  log: { warn(m: string, f?: Record<string, unknown>): void };
}

/** The sync of the core. */
export interface BrokerSmartExit {
  /** Brings the broker's trigger in line with the limits (serialised; safe to call often). */
  sync(): Promise<void>;
  /** True while the broker's trigger holds the current limits. */
  holds(): boolean;
  /** Forgets what was synced (logout, account switch). */
  reset(): void;
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

  async function once(): Promise<void> {
    if (!d.offered()) {
      held = false;
      lastSent = '';
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
    } catch (err) {
      const wasHeld = held;
      held = false;
      lastSent = '';
      d.log.warn('risk: the broker smart exit could not be set', { err: String(err) });
      if (body || wasHeld)
        d.notify(
          'warning',
          "The broker's smart exit could not be set for your daily limits: Tickdesk watches them itself while it runs.",
        );
    }
  }

  return {
    sync() {
      chain = chain.then(once, once);
      return chain;
    },
    holds: () => held && d.offered(),
    reset() {
      held = false;
      lastSent = '';
    },
  };
}
