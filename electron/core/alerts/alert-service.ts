/**
 * The one place alerts are raised: order books and session changes go in, and each new
 * event comes out once as a typed `Alert` with the trader's choices for its kind (shown at
 * all, OS notification, sound) applied at that moment. The renderer gets it as
 * `alerts.raised`; the desktop shell subscribes with `onAlert` to show OS notifications.
 * Detection lives here, in the core, so that two windows, a reload or a harness page never
 * decide twice.
 */
import type { Alert } from '../../../shared/alerts/alert';
import type { Order } from '../../../shared/broker/models';
import type { SessionSnapshot } from '../../../shared/ipc/channels/session';
import type { AlertSettings } from '../../../shared/settings/alert-settings';
import type { Logger } from '../diagnostics/logger';
import { createOrderAlertDetector, type OrderAlertEvent } from './order-alerts';
import { createSessionAlertDetector, type SessionAlertEvent } from './session-alerts';
import { createStopTriggerWatch, type StopTriggerDeps } from './stop-triggers';
import type { PriceAlertFired } from './price/price-alert-holder';
import { priceAlertText } from './price/price-alert-text';
import type { Gtt } from '../../../shared/broker/gtt';
import { gttAlertText } from './gtt-alert-text';

/** A fired price alert, in the shape every alert event takes. */
interface PriceAlertEvent {
  kind: 'price';
  key: string;
  title: string;
  body: string;
  symbol: string;
}

/** A GTT the broker's GTT book shows triggered (gtt-service.ts), named in its alert. */
interface GttAlertEvent {
  kind: 'gtt';
  key: string;
  title: string;
  body: string;
  symbol: string;
}

/** Constructor dependencies. */
export interface AlertServiceDeps {
  now: () => number;
  /** The trader's current choices (read at each alert, so a change applies at once). */
  settings: () => AlertSettings;
  session: {
    snapshot(): SessionSnapshot;
    onChange(listener: (s: SessionSnapshot) => void): () => void;
  };
  /** `alerts.raised` and `alerts.open` to the renderer. */
  emit: {
    raised(alert: Alert): void;
    open(target: { orderId: string | null; kind?: Alert['kind'] }): void;
  };
  logger: Pick<Logger, 'info' | 'warn'>;
  /**
   * Live prices for stop-loss triggers (stop-triggers.ts): the quote cache, and a way to
   * keep the waiting stop orders' symbols subscribed. Without it, a stop alerts at its
   * first fill only.
   */
  prices?: Pick<StopTriggerDeps, 'quotes' | 'hold'>;
  /** A symbol's tick size (the symbol master), so an alert's prices read at its decimals. */
  tickOf?: (symbol: string) => number | undefined;
}

/** The running alert service. */
export interface AlertService {
  /**
   * Every order book the app reads or merges (see order-alerts.ts for why all of them);
   * `merged` when the pushed feed put it together rather than a full read.
   */
  observeOrders(book: readonly Order[], merged?: boolean): void;
  /** A price alert fired (whoever holds it: the app on live ticks, or a broker): raised like any alert. */
  priceAlertFired(f: PriceAlertFired): void;
  /** A GTT triggered (the GTT book shows it): raised naming the GTT. */
  gttTriggered(g: Gtt): void;
  /** Listens to raised alerts (the OS notifications in the desktop app); returns unsubscribe. */
  onAlert(listener: (alert: Alert) => void): () => void;
  /** The trader clicked a notification: the renderer opens the order book at this order (the Alerts screen for a price alert). */
  open(alert: Pick<Alert, 'orderId'> & Partial<Pick<Alert, 'kind'>>): void;
  dispose(): Promise<void>;
}

/** Creates the service and starts following the session. */
export function createAlertService(deps: AlertServiceDeps): AlertService {
  const orders = createOrderAlertDetector(deps.tickOf);
  const sessions = createSessionAlertDetector(deps.session.snapshot());
  const listeners = new Set<(a: Alert) => void>();
  let account = deps.session.snapshot().accountId;
  let seq = 0;

  function raise(e: OrderAlertEvent | SessionAlertEvent | PriceAlertEvent | GttAlertEvent): void {
    const choice = deps.settings()[e.kind];
    if (!choice.enabled) return;
    const alert: Alert = {
      id: `${e.key}#${++seq}`,
      kind: e.kind,
      title: e.title,
      body: e.body,
      symbol: 'symbol' in e ? e.symbol : null,
      orderId: 'orderId' in e ? e.orderId : null,
      at: deps.now(),
      notify: choice.notify,
      sound: choice.sound,
    };
    // The kind and order only: titles carry symbols and quantities, which stay out of logs.
    deps.logger.info('alerts: raised', { kind: alert.kind, orderId: alert.orderId });
    deps.emit.raised(alert);
    for (const l of listeners) {
      try {
        l(alert);
      } catch (err) {
        deps.logger.warn('alerts: a listener failed', { err: String(err) });
      }
    }
  }

  const triggers = deps.prices
    ? createStopTriggerWatch({
        now: deps.now,
        ...deps.prices,
        triggered: (order, ltp) => {
          for (const e of orders.triggered(order, ltp)) raise(e);
        },
      })
    : null;

  const offSession = deps.session.onChange((s) => {
    // Another account, or logged out: the next book is a new baseline (no flood on login).
    if (s.accountId !== account || s.status === 'logged-out') {
      orders.reset();
      triggers?.reset();
    }
    account = s.accountId;
    const e = sessions.observe(s);
    if (e) raise(e);
  });

  return {
    observeOrders(book, merged) {
      for (const e of orders.observe(book, merged)) raise(e);
      triggers?.observe(book);
    },
    priceAlertFired(f) {
      raise({
        kind: 'price',
        key: `price:${f.alert.id}:${f.alert.fired}`,
        symbol: f.alert.symbol,
        ...priceAlertText(f),
      });
    },
    gttTriggered(g) {
      raise({ kind: 'gtt', key: `gtt:${g.id}`, symbol: g.symbol, ...gttAlertText(g) });
    },
    onAlert(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    open(alert) {
      deps.emit.open({ orderId: alert.orderId, ...(alert.kind ? { kind: alert.kind } : {}) });
    },
    async dispose() {
      offSession();
      triggers?.dispose();
      listeners.clear();
    },
  };
}
