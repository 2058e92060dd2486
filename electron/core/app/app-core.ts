/**
 * The composition root for plain-Node services, shared by Electron and the harness so
 * both run exactly the same core. Services are created here and nowhere else; each takes
 * its dependencies as arguments, so tests can build any one of them alone.
 *
 * The core is composed in stages (electron/core/app/stages), each one job, each taking only
 * what the stages before it opened: so the composition reads top to bottom, and no reference
 * is assigned after use. What a later stage needs from an earlier one's activity (a pushed
 * order book, a positions read) reaches it on a topic it subscribes to (topic.ts); renderer
 * events leave through the event outlet, which the host attaches once its transport exists.
 */
import { systemClock } from '../limiter/clock';
import type { AppCore } from './app-core-api';
import type { CoreDeps } from './core-deps';
import { createEventOutlet } from './event-outlet';
import { createMarketDataRuntime } from './market-data-runtime';
import { openBroker } from './stages/broker';
import { openOrders } from './stages/orders';
import { openWatchers } from './stages/risk-alerts';
import { openSession } from './stages/session';
import { openStorage } from './stages/storage';
import { exposeCore } from './stages/surface';

export type { CoreDeps } from './core-deps';

export type { AppCore } from './app-core-api';

/** Builds every service, stage by stage, and starts what runs in the background. */
export async function createAppCore(deps: CoreDeps): Promise<AppCore> {
  const events = createEventOutlet();
  // 1. Logs, settings, the request budget and the register of what to dispose.
  const storage = await openStorage(deps);
  // 2. The Demo broker, the vault and the session, restored.
  const session = await openSession(deps, storage, events);
  // 3. The account's broker client, the quote cache and the symbol master.
  const broker = openBroker(deps, storage, session, events);
  // 4. Live prices and the pushed order feed; what the broker pushes goes out on topics.
  const { clock, logger, requestLog, disposer, settings, scheduler } = storage;
  const md = createMarketDataRuntime({
    settings,
    session: session.session,
    scheduler,
    broker: broker.broker,
    symbols: broker.symbols,
    clock: { ...systemClock, now: () => clock.now() },
    quotes: broker.quotes,
    logger,
    emit: events.emit,
    busy: events.busy,
    onExchange: requestLog.record,
    ...(deps.marketDataTuning ? { tuning: deps.marketDataTuning } : {}),
  });
  disposer.own('market data', { dispose: async () => md.close() });
  // 5. Alerts, the trading stop, the order service and the background refresher.
  const orders = openOrders(deps, storage, session, broker, md, events);
  // 6. Risk limits, price alerts and GTT orders.
  const watchers = openWatchers(deps, storage, session, broker, md, orders, events);
  // 7. What the IPC handlers and the host see.
  return exposeCore(deps, { storage, session, broker, md, orders, watchers }, events);
}
