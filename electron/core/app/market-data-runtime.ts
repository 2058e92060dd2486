/**
 * Wires live market data into the app: the one quote cache, the data REST client on the
 * account's data base URL, the socket service with the sockets of the account's dialect on
 * its socket URL, the pushed order feed,
 * and the paced tick events to the renderer. Composition stage 4 (after the broker, before
 * orders): what the broker pushes goes out on topics (`pushed`) that the later stages subscribe
 * to. Every piece is the production one, so tests of the composed app exercise exactly this
 * wiring.
 */
import type { BrokerAlertFired } from '../broker/broker-alerts';
import type { Order, Positions } from '../../../shared/broker/models';
import type { EmitEvent } from '../../../shared/ipc/contract';
import type { BrokerClient } from '../broker/broker-client';
import type { ExchangeRecord } from '../broker/http-transport';
import type { Logger } from '../diagnostics/logger';
import type { Clock } from '../limiter/clock';
import type { RequestScheduler } from '../limiter/request-scheduler';
import { createAccountDataClient } from '../broker/account-dialect';
import { dialectOf } from '../broker/dialects';
import {
  createMarketDataService,
  type MarketDataService,
  type MarketDataServiceOptions,
} from '../marketdata/market-data-service';
import { createOrderFeed, type OrderFeed } from '../marketdata/order-feed';
import { createMtmSampler } from '../marketdata/mtm-sampler';
import { createMtmService, type MtmService } from '../marketdata/mtm-series';
import { createQuoteCache, type QuoteCache } from '../marketdata/quote-cache';
import { batchTicks } from '../marketdata/tick-batcher';
import type { SessionController, SessionCredentials } from '../session/session-controller';
import type { AccountSettings } from '../settings/schema';
import type { SettingsStore } from '../settings/settings-store';
import { createSessionTransport } from './session-transport';
import type { SymbolsRuntime } from './symbols-runtime';
import { createTopic, type Topic } from './topic';

/** Test-only tuning of the sockets (fast heartbeats and backoff in integration tests). */
export type MarketDataTuning = Pick<
  MarketDataServiceOptions,
  'pingEveryMs' | 'minBackoffMs' | 'maxBackoffMs' | 'fallbackMinMs'
>;

/** What the broker pushes, for the stages made after market data to subscribe to. */
export interface MarketDataPushes {
  /** A book the pushed order feed merged (updates folded into the last book read). */
  readonly orders: Pick<Topic<Order[]>, 'subscribe'>;
  /** Positions read after a pushed fill. */
  readonly positions: Pick<Topic<Positions>, 'subscribe'>;
  /**
   * The order socket (re)opened ('open': read the book once, updates may have been missed) or
   * went down ('down': polling takes over until it is back).
   */
  readonly orderSocket: Pick<Topic<'open' | 'down'>, 'subscribe'>;
  /** A price packet stamped in the future arrived for this symbol (price alerts do not fire on it). */
  readonly futureStamp: Pick<Topic<string>, 'subscribe'>;
  /** A broker-held price alert fired, pushed on the order socket (v3). */
  readonly alertFired: Pick<Topic<BrokerAlertFired>, 'subscribe'>;
}

/** The running market-data parts. */
export interface MarketDataRuntime {
  readonly quotes: QuoteCache;
  readonly service: MarketDataService;
  readonly feed: OrderFeed;
  /** The day's MTM of the positions for the charts screen: sampled each minute, earlier part rebuilt. */
  readonly mtm: MtmService;
  readonly pushed: MarketDataPushes;
  close(): void;
}

/** The account's data base URL: its own, else its dialect's published one for Live accounts. */
export function dataBaseOf(account: AccountSettings | undefined): string | null {
  if (!account) return null;
  const published = dialectOf(account).liveDefaults.dataBaseUrl;
  return account.dataBaseUrl ?? (account.environment === 'live' ? published : null);
}

/**
 * The account's history base URL: its own, else its dialect's published one for Live
 * accounts; where the dialect serves history on the data host (v3), the data base URL.
 */
export function historyBaseOf(account: AccountSettings | undefined): string | null {
  if (!account) return null;
  if (account.historyBaseUrl) return account.historyBaseUrl;
  const published = dialectOf(account).liveDefaults.historyBaseUrl;
  if (published === null) return dataBaseOf(account);
  return account.environment === 'live' ? published : null;
}

/**
 * The account's socket URL: its own, else its dialect's published one for Live accounts. What
 * it names is the dialect's business (v2: the socket; v3: the host of its two sockets).
 */
export function socketUrlOf(account: AccountSettings | undefined): string | null {
  if (!account) return null;
  const published = dialectOf(account).sockets.liveUrl;
  return account.socketUrl ?? (account.environment === 'live' ? published : null);
}

/** Builds the market-data parts; sockets connect once a session exists. */
export function createMarketDataRuntime(opts: {
  settings: SettingsStore;
  session: SessionController;
  scheduler: RequestScheduler;
  broker: Pick<BrokerClient, 'getPositions' | 'getTradebook'>;
  symbols: Pick<SymbolsRuntime, 'get' | 'tokenOf'>;
  clock: Clock;
  logger: Logger;
  emit: EmitEvent;
  /** True while the page is behind on events: price frames wait, coalesced per symbol. */
  busy?: () => boolean;
  tuning?: MarketDataTuning;
  /** The request log's hook: the data REST requests (quotes, depth) are logged like all others. */
  onExchange?: (e: ExchangeRecord) => void;
  /** The core's one price store, which account reads also feed; a fresh one when absent. */
  quotes?: QuoteCache;
}): MarketDataRuntime {
  const { settings, session, clock } = opts;
  const accountOf = (c: SessionCredentials) =>
    settings.get().accounts.find((a) => a.id === c.accountId);
  const quotes = opts.quotes ?? createQuoteCache({ clock });
  const dataTransport = createSessionTransport(
    session,
    opts.onExchange ? { onExchange: opts.onExchange } : {},
    (c) => dataBaseOf(accountOf(c)),
  );
  const historyTransport = createSessionTransport(
    session,
    opts.onExchange ? { onExchange: opts.onExchange } : {},
    (c) => historyBaseOf(accountOf(c)),
  );
  // Quotes, depth and history in the dialect of the account logged in.
  const data = createAccountDataClient({
    dialect: () => {
      const c = session.credentials();
      return dialectOf(c ? accountOf(c) : null).id;
    },
    make: (d) =>
      d.createDataClient({
        transport: dataTransport,
        historyTransport,
        scheduler: opts.scheduler,
        now: () => clock.now(),
      }),
  });
  const pushed = {
    orders: createTopic<Order[]>(),
    positions: createTopic<Positions>(),
    orderSocket: createTopic<'open' | 'down'>(),
    futureStamp: createTopic<string>(),
    alertFired: createTopic<BrokerAlertFired>(),
  };
  const feed = createOrderFeed({
    clock,
    readPositions: () => opts.broker.getPositions({ priority: 'background' }),
    onOrders: pushed.orders.publish,
    onPositions: pushed.positions.publish,
    onError: (err) =>
      opts.logger.warn('marketdata: positions after a fill failed', { err: String(err) }),
  });
  const service = createMarketDataService({
    quotes,
    data,
    tokenOf: (symbol) => opts.symbols.tokenOf(symbol),
    // The sockets of the logged-in account's dialect (a switch of account may switch them).
    endpoint() {
      const c = session.credentials();
      const account = c ? accountOf(c) : undefined;
      const url = socketUrlOf(account);
      return c && url
        ? { sockets: dialectOf(account).sockets, url, appId: c.appId, accessToken: c.accessToken }
        : null;
    },
    clock,
    logger: opts.logger,
    onOrder: (order) => feed.update(order),
    onOrderSocketOpen: () => pushed.orderSocket.publish('open'),
    onDepth: (depth) => opts.emit('marketdata.depthChanged', depth),
    onFutureStamp: pushed.futureStamp.publish,
    onAlertFired: pushed.alertFired.publish,
    ...opts.tuning,
  });
  const stopTicks = batchTicks({
    quotes,
    clock,
    emit: (list) => opts.emit('marketdata.ticks', { quotes: list }),
    ...(opts.busy ? { busy: opts.busy } : {}),
  });
  let orderSocket = service.status().orderSocket;
  const offStatus = service.onStatus((s) => {
    if (s.orderSocket === 'down' && orderSocket !== 'down') pushed.orderSocket.publish('down');
    orderSocket = s.orderSocket;
    opts.emit('marketdata.statusChanged', s);
  });
  const offSession = session.onChange(() => service.sessionChanged());
  // A socket URL edited in Settings takes effect at once (the service reconnects only when it changed).
  const offSettings = settings.onChange(() => service.sessionChanged());
  service.sessionChanged();
  // The rebuild's reads wait in the background lane, like the REST quote fallback's.
  const mtm = createMtmService({
    sampler: createMtmSampler({ quotes, clock }),
    reads: {
      trades: () => opts.broker.getTradebook({ priority: 'background' }),
      candles: (symbol, from, to) =>
        data.history({ symbol, resolution: 1, from, to, priority: 'background' }),
    },
    clock,
    logger: opts.logger,
  });
  return {
    quotes,
    service,
    feed,
    mtm,
    pushed,
    close() {
      void mtm.dispose();
      for (const topic of Object.values(pushed)) topic.close();
      offSession();
      offSettings();
      offStatus();
      stopTicks();
      feed.close();
      service.close();
    },
  };
}
