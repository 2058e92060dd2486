/**
 * Composition stage 6, what watches the account: the risk runtime (kill switch, daily limits,
 * the broker's smart exit), the price alerts (held by the broker where the dialect has broker
 * alerts, else by the app on live ticks) and the GTT orders the broker holds. Each subscribes to
 * the positions and pushes it needs from the stages before.
 */
import { createAppPriceAlerts } from '../../alerts/price/app-price-alerts';
import { createBrokerPriceAlerts } from '../../alerts/price/broker-price-alerts';
import { createDialectPriceAlerts } from '../../alerts/price/dialect-price-alerts';
import type { PriceAlertHolder } from '../../alerts/price/price-alert-holder';
import { startRiskRuntime, type RiskRuntime } from '../../risk/risk-runtime';
import type { CoreDeps } from '../core-deps';
import type { EventOutlet } from '../event-outlet';
import { createGttRuntime, type GttRuntime } from '../gtt-wiring';
import type { MarketDataRuntime } from '../market-data-runtime';
import {
  accountAlertClient,
  appAlertFeed,
  priceAlertFeed,
  settingsPriceAlertStorage,
} from '../price-alerts-wiring';
import { createSessionTransport } from '../session-transport';
import { sessionDialect } from '../settings-accounts';
import type { Broker } from './broker';
import type { Orders } from './orders';
import type { Session } from './session';
import type { Storage } from './storage';

/** What the watching stage opened. */
export interface Watchers {
  readonly risk: RiskRuntime;
  /** The trader's price alerts, whoever holds them. */
  readonly priceAlerts: PriceAlertHolder;
  readonly gtt: GttRuntime;
}

/** Opens the watching stage; see the module comment. */
export function openWatchers(
  deps: CoreDeps,
  storage: Storage,
  { session }: Session,
  { broker, quotes, symbols }: Broker,
  md: MarketDataRuntime,
  { alerts, tradingStop, orders, positions }: Orders,
  events: EventOutlet,
): Watchers {
  const { clock, logger, requestLog, disposer, settings, scheduler } = storage;
  const risk = startRiskRuntime({
    stop: tradingStop,
    orders,
    broker,
    smartExitOffered: () => sessionDialect(session, settings).capabilities.smartExit,
    settings,
    quotes,
    marketData: md.service,
    clock,
    accountId: () => session.snapshot().accountId,
    notify: (level, message) => events.emit('app.notice', { level, message }),
    onState: (s) => events.emit('risk.changed', s),
    log: logger.child('risk'),
  });
  // Before the order service: an exit it started finishes before the journal closes.
  disposer.own('risk', risk);
  const offPositions = positions.subscribe((read) => risk.observePositions(read));
  disposer.own('risk positions', { dispose: async () => offPositions() });

  // Whoever holds the price alerts: the broker when the account's dialect has broker alerts
  // (v3: they fire with the app closed), else the app on live ticks (v2), silent meanwhile.
  const loggedIn = () => {
    const st = session.snapshot().status;
    return st === 'active' || st === 'expiring';
  };
  const alertClient = accountAlertClient({
    dialect: () => (loggedIn() ? sessionDialect(session, settings) : null),
    make: (d) =>
      d.createAlertClient?.({
        transport: createSessionTransport(session, {
          timers: clock,
          onExchange: requestLog.record,
        }),
        scheduler,
      }) ?? null,
  });
  const brokerHeld = () => alertClient() !== null;
  const byApp = disposer.own(
    'price alerts',
    createAppPriceAlerts({
      now: () => clock.now(),
      storage: settingsPriceAlertStorage(settings),
      quotes,
      hold: (held) => {
        md.service.setHeld('core', 'price-alerts', held).catch(() => undefined);
      },
      feed: appAlertFeed(priceAlertFeed(session, md.service), brokerHeld),
      fired: (f) => alerts.priceAlertFired(f),
      logger: logger.child('price-alerts'),
    }),
  );
  const byBroker = disposer.own(
    'broker price alerts',
    createBrokerPriceAlerts({
      client: alertClient,
      account: () => (loggedIn() ? session.snapshot().accountId : null),
      fired: (f) => alerts.priceAlertFired(f),
      logger: logger.child('price-alerts'),
      ...(deps.brokerAlertPollMs ? { pollMs: deps.brokerAlertPollMs } : {}),
    }),
  );
  const offPushed = [
    md.pushed.futureStamp.subscribe((symbol) => byApp.distrust(symbol)),
    md.pushed.alertFired.subscribe((fired) => byBroker.pushed(fired)),
    // At each login the broker's list is read: alerts fired while Tickdesk was closed show.
    session.onChange(() => {
      if (brokerHeld()) void byBroker.refresh();
    }),
  ];
  disposer.own('price alert pushes', { dispose: async () => offPushed.forEach((off) => off()) });
  const priceAlerts = createDialectPriceAlerts({ brokerHeld, app: byApp, broker: byBroker });
  const offPriceAlerts = priceAlerts.onChange((v) => events.emit('alerts.priceChanged', v));
  disposer.own('price alert events', { dispose: async () => offPriceAlerts() });

  // GTT orders held by the broker (v3): journalled, reconciled, their triggers alerted.
  const gtt = disposer.own(
    'gtt',
    createGttRuntime({
      dataDir: deps.dataDir,
      clock,
      session,
      settings,
      scheduler,
      onExchange: requestLog.record,
      instruments: { rulesFor: symbols.lookup.rulesFor, lastPrice: quotes.lastPrice },
      stopped: tradingStop.stopped,
      freshPrice: (symbol) => md.service.loadDepth(symbol).then(() => undefined),
      demat: {
        ddpi: () => broker.getProfile().then((p) => p.ddpi),
        check: (order) => orders.dematPrecheck(order),
      },
      emit: (v) => events.emit('gtt.changed', v),
      triggered: (g) => alerts.gttTriggered(g),
      logger: logger.child('gtt'),
      ...(deps.gttPollMs ? { pollMs: deps.gttPollMs } : {}),
    }),
  );
  // A GTT's order pushed on the order socket: its trigger is read at once, not at the next poll.
  const offGttOrders = md.pushed.orders.subscribe((book) => gtt.observeOrders(book));
  disposer.own('gtt order pushes', { dispose: async () => offGttOrders() });
  return { risk, priceAlerts, gtt };
}
