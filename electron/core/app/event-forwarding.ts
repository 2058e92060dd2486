import type { Events } from '../../../shared/ipc/contract';
import type { PayloadOf } from '../../../shared/ipc/define';
import type { BackgroundRefresher } from '../limiter/background-refresher';
import type { RequestScheduler } from '../limiter/request-scheduler';
import type { OrderServiceEvent } from '../orders/intent-tracker';
import type { SettingsView } from '../../../shared/ipc/channels/settings';
import type { SessionController } from '../session/session-controller';
import type { SymbolsRuntime } from './symbols-runtime';

type Emit = <K extends keyof Events>(name: K, payload: PayloadOf<Events[K]>) => void;

/** Budget updates can arrive per request; the status bar needs at most a few a second. */
const BUDGET_EVENT_INTERVAL_MS = 250;

/**
 * Turns service callbacks into renderer events, and ties the background refresher to the
 * session: it runs only while a session can make requests, so a logged-out or expired app
 * spends no budget and logs no 401s.
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
  emit: Emit;
}): { orderEvent(e: OrderServiceEvent): void; dispose(): Promise<void> } {
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
    orderEvent(e) {
      if (e.type === 'intent') {
        emit('orders.intent', e.intent);
        refresher.poke();
      } else {
        emit('portfolio.changed', { orders: e.orders });
      }
    },
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
