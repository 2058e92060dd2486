/**
 * Composition stage 5, orders: the alert service, the day's trading stop, the order journal and
 * the order service, the background refresher, and where every order book and positions read
 * goes (the order service, alerts, the renderer, the MTM series, live prices). Books come from
 * the refresher's reads and from what the broker pushes (market data, subscribed to here); the
 * order service's events fan out on a topic: to the renderer, to alerts, and an intent's change
 * pokes the refresher.
 */
import { join } from 'node:path';
import type { Positions } from '../../../../shared/broker/models';
import { createAlertService, type AlertService } from '../../alerts/alert-service';
import { isBrokerError } from '../../broker/broker-error';
import { DATA_LAYOUT } from '../../diagnostics/bundle-sources';
import {
  createBackgroundRefresher,
  type BackgroundRefresher,
} from '../../limiter/background-refresher';
import { createOrderService, type OrderService } from '../../orders/actions/order-service';
import { createDailyOrderJournal } from '../../orders/journal/daily-order-journal';
import type { OrderServiceEvent } from '../../orders/reconcile/intent-tracker';
import { openTradingStop, type TradingStop } from '../../risk/risk-runtime';
import type { CoreDeps } from '../core-deps';
import { forwardOrderEvents, type OrderEventForwarding } from '../event-forwarding';
import type { EventOutlet } from '../event-outlet';
import type { MarketDataRuntime } from '../market-data-runtime';
import { sessionDialect } from '../settings-accounts';
import { createTopic, type Topic } from '../topic';
import type { Broker } from './broker';
import type { Session } from './session';
import type { Storage } from './storage';

/** What the orders stage opened. */
export interface Orders {
  /** Fills, rejections, stop-loss, square-off and session expiry, each raised once. */
  readonly alerts: AlertService;
  /** The day's trading stop (kill switch, daily limit), read from disk before any order can go. */
  readonly tradingStop: TradingStop;
  readonly orders: OrderService;
  readonly refresher: BackgroundRefresher;
  /** Every positions read by the refresher or after a pushed fill: the risk stage subscribes. */
  readonly positions: Pick<Topic<Positions>, 'subscribe'>;
  /** The order book as the renderer last had it offered. */
  readonly orderBook: OrderEventForwarding['orderBook'];
}

/** Opens the orders stage; see the module comment. */
export function openOrders(
  deps: CoreDeps,
  storage: Storage,
  { session }: Session,
  { broker, quotes, symbols }: Broker,
  md: MarketDataRuntime,
  events: EventOutlet,
): Orders {
  const { clock, logger, disposer, settings, scheduler } = storage;
  const alerts = disposer.own(
    'alerts',
    createAlertService({
      now: () => clock.now(),
      settings: () => settings.get().preferences.alerts,
      session,
      emit: {
        raised: (a) => events.emit('alerts.raised', a),
        open: (t) => events.emit('alerts.open', t),
      },
      logger: logger.child('alerts'),
      tickOf: (symbol) => symbols.lookup.rulesFor(symbol)?.tickSize,
      prices: {
        quotes,
        hold: (held) => {
          md.service.setHeld('core', 'stop-loss', held).catch(() => undefined);
        },
      },
    }),
  );
  const tradingStop = openTradingStop({
    dataDir: deps.dataDir,
    clock,
    accountId: () => session.snapshot().accountId,
    log: logger,
  });
  const toRenderer = disposer.own('order events', forwardOrderEvents(events));
  const orderEvents = createTopic<OrderServiceEvent>();
  const orders = createOrderService({
    clock,
    broker,
    multiLeg: {
      broker,
      supported: () => sessionDialect(session, settings).capabilities.multiLeg,
    },
    instruments: { rulesFor: symbols.lookup.rulesFor, lastPrice: quotes.lastPrice },
    // CNC sells are checked against holdings and eDIS authorizations before they are sent.
    demat: { reads: broker, isinOf: (ticker) => symbols.get(ticker)?.isin || undefined },
    journal: createDailyOrderJournal(join(deps.dataDir, DATA_LAYOUT.journal), clock),
    limits: () => settings.get().preferences.fatFinger,
    stopped: tradingStop.stopped,
    emit: orderEvents.publish,
    onJournalError: (err) => logger.error('orders: journal write failed', { err: String(err) }),
    logger,
  });
  // Its dispose waits for the action in flight, then closes the journal.
  disposer.own('orders', orders);
  orderEvents.subscribe(toRenderer.orderEvent);
  // Every book read or merged passes here once: alerts are detected from all of them.
  orderEvents.subscribe((e) => {
    if (e.type === 'orders') alerts.observeOrders(e.orders, e.merged);
  });

  const positions = createTopic<Positions>();
  positions.subscribe((read) => {
    orders.observePositions(read);
    events.emit('portfolio.changed', { positions: read });
    md.mtm.observe(read);
    // Open positions stay priced live so their P&L moves with every tick.
    const open = read.positions.filter((p) => p.netQty !== 0).map((p) => p.symbol);
    md.service.setHeld('core', 'positions', open).catch(() => undefined);
  });
  const refresher = createBackgroundRefresher({
    clock,
    source: broker,
    budget: () => scheduler.getState(),
    hasActiveIntents: () => orders.hasUnsettled(),
    pushLive: () => md.service.orderUpdatesLive(),
    positionsWanted: () => orders.watchesPositions(),
    onOrders: (book) => {
      md.feed.observeBook(book);
      orders.observeOrders(book);
    },
    onPositions: positions.publish,
    onError: (err) =>
      logger.warn('refresh: failed', { err: isBrokerError(err) ? err.kind : String(err) }),
  });
  disposer.own('background refresher', refresher);
  // An action's change: read soon, to see what it did.
  orderEvents.subscribe((e) => {
    if (e.type === 'intent') refresher.poke();
  });
  // What the broker pushes; unsubscribed first when quitting, so nothing reaches the order
  // service while it finishes the action in flight.
  const offPushed = [
    md.pushed.orders.subscribe((book) => orders.observeOrders(book, true)),
    md.pushed.positions.subscribe(positions.publish),
    md.pushed.orderSocket.subscribe((s) => (s === 'open' ? refresher.catchUp() : refresher.poke())),
  ];
  disposer.own('pushed order updates', {
    dispose: async () => offPushed.forEach((off) => off()),
  });
  return { alerts, tradingStop, orders, refresher, positions, orderBook: toRenderer.orderBook };
}
