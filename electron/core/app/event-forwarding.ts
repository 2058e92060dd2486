import type { EmitEvent } from '../../../shared/ipc/contract';
import type { BackgroundRefresher } from '../limiter/background-refresher';
import type { RequestScheduler } from '../limiter/request-scheduler';
import type { OrderServiceEvent } from '../orders/reconcile/intent-tracker';
import type { SettingsView } from '../../../shared/ipc/channels/settings';
import type { SessionController } from '../session/session-controller';
import type { Order } from '../../../shared/broker/models';
import type { OrderBookSnapshot } from '../../../shared/ipc/channels/portfolio';
import { createKeyedFeed } from './keyed-feed';
import type { SymbolsRuntime } from './symbols-runtime';

/** Budget updates can arrive per request; the status bar needs at most a few a second. */
const BUDGET_EVENT_INTERVAL_MS = 250;

/** The order service's events on their way to the renderer. */
export interface OrderEventForwarding {
  /** One order-service event: an intent's change, a late arrival, or a book read or merged. */
  orderEvent(e: OrderServiceEvent): void;
  /** The order book as the renderer last had it offered, with the version deltas build on. */
  orderBook(since?: number): OrderBookSnapshot;
  dispose(): Promise<void>;
}

/**
 * Turns the order service's events into renderer events: intents and late arrivals as they
 * come, and every read of the book (refresher, reconciliation, the pushed feed, a user's
 * refresh) as a delta, so each change reaches the renderer once however many reads saw it.
 */
export function forwardOrderEvents(opts: {
  emit: EmitEvent;
  /** True while the transport is still sending earlier events: order deltas wait, coalesced. */
  busy?: () => boolean;
}): OrderEventForwarding {
  const { emit } = opts;
  const orderFeed = createKeyedFeed<Order>({
    keyOf: (o) => o.id,
    // Each order row carries the symbol's last price, which moves on every read; prices
    // have their own feed (market data), so a moved price alone is not a changed order.
    ignore: ['ltp'],
    publish: (delta) => emit('portfolio.ordersDelta', delta),
    busy: () => opts.busy?.() ?? false,
  });
  return {
    orderEvent(e) {
      if (e.type === 'intent') emit('orders.intent', e.intent);
      else if (e.type === 'late-arrival') emit('orders.lateArrival', e.intent);
      else orderFeed.replace(e.orders);
    },
    orderBook(since) {
      // A page that holds the current version needs only what changed: one delta, now.
      if (since !== undefined && since === orderFeed.version())
        return { version: orderFeed.flushNow(), orders: null };
      const { version, rows } = orderFeed.snapshot();
      return { version, orders: rows };
    },
    async dispose() {
      orderFeed.close();
    },
  };
}

/**
 * Turns the other service callbacks into renderer events (session, budget, symbols, settings),
 * and ties the background refresher to the session: it runs only while a session can make
 * requests, so a logged-out or expired app spends no budget and logs no 401s.
 */
export function forwardCoreEvents(opts: {
  session: SessionController;
  scheduler: RequestScheduler;
  refresher: BackgroundRefresher;
  /** Runs once per login: actions a crash left unsettled in the journal are reconciled, never resent. */
  onSessionActive: () => void;
  symbols: SymbolsRuntime;
  /** Subscribes to anything that changes the settings view (settings, keychain status). */
  settingsChanges: (listener: () => void) => () => void;
  settingsView: () => Promise<SettingsView>;
  emit: EmitEvent;
}): { dispose(): Promise<void> } {
  const { session, scheduler, refresher, emit } = opts;
  let refreshing = false;
  const followSession = () => {
    const s = session.snapshot();
    const canRead =
      (s.status === 'active' || s.status === 'expiring') && s.capabilities.viewAccount;
    if (canRead && !refreshing) {
      refresher.start();
      opts.onSessionActive();
    }
    if (!canRead && refreshing) refresher.stop();
    refreshing = canRead;
  };
  const offSession = session.onChange((s) => {
    emit('session.changed', s);
    followSession();
  });
  followSession();

  let budgetTimer: ReturnType<typeof setTimeout> | null = null;
  const offBudget = scheduler.subscribe(() => {
    if (budgetTimer) return;
    budgetTimer = setTimeout(() => {
      budgetTimer = null;
      emit('budget.changed', scheduler.getState());
    }, BUDGET_EVENT_INTERVAL_MS);
    budgetTimer.unref?.();
  });
  const offSymbols = opts.symbols.onStatus((s) => emit('symbols.changed', s));
  const offSettings = opts.settingsChanges(() => {
    opts.settingsView().then(
      (view) => emit('settings.changed', view),
      () => {},
    );
  });

  return {
    async dispose() {
      offSession();
      offBudget();
      offSymbols();
      offSettings();
      if (budgetTimer) clearTimeout(budgetTimer);
      refresher.stop();
    },
  };
}
