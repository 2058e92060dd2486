/**
 * Price alerts held by the broker (issue 21 #2), for an account whose dialect has broker
 * alerts (v3): the broker evaluates them, so they fire even when Tickdesk is closed. This
 * holder is the broker's list as the Alerts screen shows it: it creates, modifies, pauses,
 * resumes and deletes through the dialect's alert calls and reads the list back after each
 * change (the broker is the truth). A firing reaches it two ways, and raises the app's alert
 * once either way: pushed on the order socket (`pushed`, the fast path), or found triggered
 * when the list is read again (at login, when the screen opens, every `pollMs` while logged
 * in: what catches a firing while the socket was down or the app was closed). The first
 * read of an account is its baseline: alerts that fired while Tickdesk was closed are shown
 * as triggered, not raised again as if new.
 */
import { randomUUID } from 'node:crypto';
import type {
  PriceAlert,
  PriceAlertInput,
  PriceAlertsView,
} from '../../../../shared/alerts/price-alert';
import { isChangeCondition } from '../../../../shared/alerts/price-alert';
import { AppError } from '../../../../shared/ipc/errors';
import type {
  BrokerAlert,
  BrokerAlertClient,
  BrokerAlertFired,
  BrokerAlertSpec,
} from '../../broker/broker-alerts';
import { BrokerError } from '../../broker/broker-error';
import type { Logger } from '../../diagnostics/logger';
import type { PriceAlertFired, PriceAlertHolder } from './price-alert-holder';

/** How often the list is read while logged in, to catch a firing the socket did not bring. */
export const BROKER_ALERT_POLL_MS = 30_000;

/** Constructor dependencies. */
export interface BrokerPriceAlertsDeps {
  /** The current account's alert calls (null: logged out, or a dialect without broker alerts). */
  client(): BrokerAlertClient | null;
  /** Which account is logged in (null: none); a change starts a new baseline. */
  account(): string | null;
  /** An alert fired: the alert service raises the app's alert. */
  fired(f: PriceAlertFired): void;
  logger: Pick<Logger, 'info' | 'warn'>;
  pollMs?: number;
}

/** The broker-held alerts, plus the hooks the order socket and the session drive. */
export interface BrokerPriceAlerts extends PriceAlertHolder {
  /** A fired alert pushed on the order socket (v3: parseV3AlertPush of a frame). */
  pushed(f: BrokerAlertFired): void;
  /** Reads the broker's list again (raises the alerts that fired since the last read). */
  refresh(): Promise<void>;
}

const ID_PREFIX = 'pa-';

/** One line of at most 120 characters (the stored alert's note). */
const noteOf = (s: string) =>
  // eslint-disable-next-line no-control-regex
  s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ').slice(0, 120);

/** Starts holding the current account's broker alerts. */
export function createBrokerPriceAlerts(deps: BrokerPriceAlertsDeps): BrokerPriceAlerts {
  let alerts: BrokerAlert[] = [];
  let baselineOf: string | null = null;
  /** Per alert id, the firing already raised (its time): raised once, forgotten when re-armed. */
  const raisedAt = new Map<string, number | null>();
  const ltps = new Map<string, number>();
  const listeners = new Set<(v: PriceAlertsView) => void>();
  let lastError: string | null = null;
  let reading: Promise<void> | null = null;
  let disposed = false;

  function toPriceAlert(b: BrokerAlert): PriceAlert {
    return {
      id: `${ID_PREFIX}${b.id}`,
      symbol: b.symbol,
      condition: b.direction === 'above' ? 'price-above' : 'price-below',
      value: b.value,
      repeat: false,
      cooldownMinutes: 5,
      note: noteOf(b.notes),
      status: b.state,
      createdAt: b.createdAt,
      lastFiredAt: b.triggeredAt,
      lastFiredPrice: b.state === 'triggered' ? (ltps.get(b.id) ?? null) : null,
      fired: b.state === 'triggered' ? 1 : 0,
    };
  }

  function view(): PriceAlertsView {
    const client = deps.client();
    const trouble = lastError ? ` The last read of the broker's alerts failed: ${lastError}` : '';
    return {
      alerts: alerts.map(toPriceAlert),
      heldBy: 'broker',
      feed: client ? 'live' : 'no-session',
      note: client
        ? `The broker holds these alerts and checks them itself, so they fire even when Tickdesk is closed. Each fires once; Resume re-arms it.${trouble}`
        : 'The broker holds these alerts; log in to see and change them.',
      max: client?.max ?? 50,
    };
  }

  function changed(): void {
    const v = view();
    for (const l of listeners) {
      try {
        l(v);
      } catch (err) {
        deps.logger.warn('price alerts: a listener failed', { err: String(err) });
      }
    }
  }

  function raise(b: BrokerAlert, ltp: number | null): void {
    if (raisedAt.has(b.id) && raisedAt.get(b.id) === b.triggeredAt) return;
    raisedAt.set(b.id, b.triggeredAt);
    if (ltp !== null) ltps.set(b.id, ltp);
    deps.logger.info('price alerts: the broker reports a firing', { id: b.id });
    const alert = toPriceAlert(b);
    deps.fired({ alert, ltp: ltp ?? alert.value, changePct: null });
  }

  /** Takes a fresh list: a new account's first list is its baseline; later triggers are raised. */
  function take(list: BrokerAlert[], account: string): void {
    const baseline = baselineOf !== account;
    if (baseline) {
      baselineOf = account;
      raisedAt.clear();
      ltps.clear();
    }
    for (const b of list)
      if (b.state !== 'triggered') {
        raisedAt.delete(b.id);
        ltps.delete(b.id);
      } else if (baseline) raisedAt.set(b.id, b.triggeredAt);
      else raise(b, null);
    alerts = list;
  }

  async function read(): Promise<void> {
    const client = deps.client();
    const account = deps.account();
    if (!client || account === null) {
      if (alerts.length > 0 || lastError) {
        alerts = [];
        lastError = null;
        changed();
      }
      return;
    }
    try {
      const list = await client.list();
      if (disposed || deps.account() !== account) return;
      lastError = null;
      take(list, account);
    } catch (err) {
      lastError = err instanceof Error ? err.message : String(err);
      deps.logger.warn('price alerts: reading the broker list failed', {
        err: err instanceof BrokerError ? err.kind : 'error',
      });
    }
    changed();
  }

  /** One read at a time; a call during a read waits for it and reads again after it. */
  function refresh(): Promise<void> {
    const next = (reading ?? Promise.resolve()).then(read);
    reading = next.finally(() => {
      if (reading === tracked) reading = null;
    });
    const tracked = reading;
    return next;
  }

  function clientOrRefuse(): BrokerAlertClient {
    const c = deps.client();
    if (!c)
      throw new AppError('not-logged-in', 'Log in to change the alerts the broker holds.', {
        action: 'login',
      });
    return c;
  }

  function find(id: string): BrokerAlert {
    const b = alerts.find((a) => `${ID_PREFIX}${a.id}` === id);
    if (!b)
      throw new AppError(
        'not-found',
        'That alert no longer exists at the broker: it may have been deleted already.',
        { action: 'check-state' },
      );
    return b;
  }

  function specOf(input: PriceAlertInput, name: string): BrokerAlertSpec {
    if (isChangeCondition(input.condition))
      throw new AppError(
        'invalid-input',
        'Alerts held by the broker watch the price itself: choose "Price crosses above" or "Price crosses below".',
        { action: 'fix-field', field: 'condition' },
      );
    if (input.repeat)
      throw new AppError(
        'invalid-input',
        'Alerts held by the broker fire once: turn off "repeat", and resume the alert to re-arm it after it fires.',
        { action: 'fix-field', field: 'repeat' },
      );
    return {
      symbol: input.symbol,
      direction: input.condition === 'price-above' ? 'above' : 'below',
      value: input.value,
      name,
      notes: input.note,
    };
  }

  const timer = setInterval(() => {
    if (deps.client()) void refresh();
  }, deps.pollMs ?? BROKER_ALERT_POLL_MS);
  timer.unref?.();

  return {
    view,
    refresh,
    pushed(f) {
      const account = deps.account();
      if (account === null || baselineOf !== account) {
        // No baseline yet: the list read that makes it will show this alert as triggered.
        void refresh();
        return;
      }
      raise(f.alert, f.ltp);
      alerts = alerts.some((a) => a.id === f.alert.id)
        ? alerts.map((a) => (a.id === f.alert.id ? f.alert : a))
        : [...alerts, f.alert];
      changed();
      void refresh();
    },
    async create(input) {
      const client = clientOrRefuse();
      await refresh();
      const waiting = alerts.filter((a) => a.state !== 'triggered').length;
      if (waiting >= client.max)
        throw new AppError(
          'invalid-input',
          `The broker holds at most ${client.max} alerts at once: delete one before adding another.`,
          { action: 'check-state' },
        );
      // The broker answers a create without an id: a unique name finds the new alert, and
      // finds it too when the answer was lost, so a retry never makes a second one.
      const name = `Tickdesk ${randomUUID().slice(0, 8)}`;
      const spec = specOf(input, name);
      try {
        await client.create(spec);
      } catch (err) {
        if (!(err instanceof BrokerError && err.ambiguous)) throw err;
        await refresh();
        if (!alerts.some((a) => a.name === name)) throw err;
      }
      await refresh();
      const made = alerts.find((a) => a.name === name);
      if (!made)
        throw new AppError(
          'unconfirmed',
          'The broker accepted the alert but does not list it yet: it appears here once the broker lists it.',
          { action: 'check-state' },
        );
      return toPriceAlert(made);
    },
    async modify(id, input) {
      const client = clientOrRefuse();
      const b = find(id);
      await client.modify(b.id, specOf(input, b.name || `Tickdesk ${randomUUID().slice(0, 8)}`));
      await refresh();
      return toPriceAlert(find(id));
    },
    async setPaused(id, paused) {
      const client = clientOrRefuse();
      const b = find(id);
      const wants = paused ? 'paused' : 'active';
      if (b.state !== wants) await client.toggle(b.id);
      await refresh();
      return toPriceAlert(find(id));
    },
    async remove(id) {
      const client = clientOrRefuse();
      await client.remove(find(id).id);
      await refresh();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async dispose() {
      disposed = true;
      clearInterval(timer);
      listeners.clear();
      await reading?.catch(() => undefined);
    },
  };
}
