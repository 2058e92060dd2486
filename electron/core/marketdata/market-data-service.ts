/**
 * Live prices for what the app is showing, and the trader's own order updates, from the
 * broker's sockets: a price socket and an order socket of the logged-in account's dialect
 * (socket-feeds.ts: v2's one socket URL, v3's HSM data socket and order socket), with
 * subscriptions counted per holder and prices landing in the one quote cache. When the price
 * socket is down the subscribed symbols are priced by REST quotes instead, paced to stay a
 * small background share of the request budget, until the socket is back. Nothing here
 * depends on the dialect: its feeds are made from the endpoint's `sockets`.
 */
import type { BrokerAlertFired } from '../broker/broker-alerts';
import type { Order } from '../../../shared/broker/models';
import type { Depth, QuoteDepth } from '../../../shared/marketdata/depth';
import { EMPTY_QUOTE_FIELDS, type Quote } from '../../../shared/marketdata/quote';
import type { MarketDataStatus, SubscriptionReason } from '../../../shared/marketdata/subscription';
import { BrokerError } from '../broker/broker-error';
import type { Logger } from '../diagnostics/logger';
import type { Clock } from '../limiter/clock';
import type { DataClient } from './data-client';
import type { BrokerChain } from '../../../shared/marketdata/broker-chain';
import { chartRange, type NormalizedCandles } from './history';
import type { QuoteCache } from './quote-cache';
import type { SocketLike } from './socket-connection';
import type {
  DialectSockets,
  FeedSocket,
  PriceSocketFeed,
  SocketEndpoint as FeedEndpoint,
} from './socket-feeds';
import { createSnapshotQueue } from './snapshot-queue';
import { createSubscriptions, type SubscriptionDelta } from './subscriptions';
import { createDepthFeed } from './depth-feed';

/** Where the sockets are, whose dialect speaks them and how to authenticate; null with no session. */
export interface SocketEndpoint extends FeedEndpoint {
  /** The account's dialect's sockets (a change of dialect replaces the feeds). */
  sockets: DialectSockets;
}

/** Constructor dependencies and tuning. */
export interface MarketDataServiceOptions {
  quotes: QuoteCache;
  data: DataClient;
  /** The symbol master's instrument token (fyToken) for a ticker, when the master knows it. */
  tokenOf: (symbol: string) => string | null;
  endpoint: () => SocketEndpoint | null;
  clock: Clock;
  logger: Logger;
  /** An order changed state (socket order update), already normalized. */
  onOrder?: (order: Order) => void;
  /** A broker-held price alert fired, pushed on the order socket (v3). */
  onAlertFired?: (fired: BrokerAlertFired) => void;
  /** The order socket (re)opened: updates may have been missed meanwhile, read the book once. */
  onOrderSocketOpen?: () => void;
  /** A watched symbol's book moved (streamed from the socket's five-level packets). */
  onDepth?: (depth: Depth) => void;
  /** A price packet for `symbol` was stamped further ahead than any real stamp (price alerts ignore its price). */
  onFutureStamp?: (symbol: string) => void;
  /** Shortest wait between REST fallback rounds (default 3 s). */
  fallbackMinMs?: number;
  pingEveryMs?: number;
  minBackoffMs?: number;
  maxBackoffMs?: number;
  open?: (url: string, headers?: Record<string, string>) => SocketLike;
}

/** The market-data service as the core and the IPC handlers use it. */
export interface MarketDataService {
  /**
   * The holder wants live prices for these symbols. Resolves once the broker has been asked
   * to stream them: a first REST price for new ones follows in the background, never
   * awaited here (a flood of symbols must not hold every subscribe call).
   */
  subscribe(owner: string, reason: SubscriptionReason, symbols: readonly string[]): Promise<void>;
  unsubscribe(owner: string, reason: SubscriptionReason, symbols?: readonly string[]): void;
  /** Replaces the holder's symbols (positions and holdings follow the account). */
  setHeld(owner: string, reason: SubscriptionReason, symbols: readonly string[]): Promise<void>;
  releaseOwner(owner: string): void;
  /** The cache's quotes for these symbols (unknown ones left out). */
  snapshot(symbols: readonly string[]): Quote[];
  /** Five-level depth with the circuit limits; its quote goes into the cache. For the ticket. */
  loadDepth(symbol: string): Promise<QuoteDepth | null>;
  /**
   * `owner` shows `symbol`'s book: it streams from the socket (`onDepth`) until
   * `unwatchDepth`; answers a REST read as the first picture (with the circuit limits).
   */
  watchDepth(owner: string, symbol: string): Promise<QuoteDepth | null>;
  /** `owner` no longer shows a book. */
  unwatchDepth(owner: string): void;
  /** A chart's candles up to now, over the lookback of `chartRange`; not cached. */
  history(symbol: string, resolution: number): Promise<NormalizedCandles>;
  /** The broker's own IV and Greeks for a chain (dialects with an option-chain endpoint); not cached. */
  brokerChain(symbol: string, expiry: number, strikes: number): Promise<BrokerChain>;
  status(): MarketDataStatus;
  onStatus(listener: (s: MarketDataStatus) => void): () => void;
  /** True while the order socket is open (polling then only backs it up). */
  orderUpdatesLive(): boolean;
  /** Connects when a session exists, disconnects when it does not; call on session changes. */
  sessionChanged(): void;
  close(): void;
}

const REST_REQUESTS_PER_MINUTE = 30;

/** The running sockets of one dialect. */
interface Feeds {
  sockets: DialectSockets;
  prices: PriceSocketFeed;
  orders: FeedSocket;
}

/** Creates the service (connects once `sessionChanged` finds a session). */
export function createMarketDataService(opts: MarketDataServiceOptions): MarketDataService {
  const { clock, quotes } = opts;
  const log = opts.logger.child('marketdata');
  const subs = createSubscriptions();
  const listeners = new Set<(s: MarketDataStatus) => void>();
  const loggedReasons = new Set<string>();
  let malformed = 0;
  let unknownTokens = 0;
  let fallbackTimer: unknown = undefined;
  let fallbackBusy = false;
  let lastRoundAt = -Infinity;
  let closed = false;
  let lastEndpoint: string | null = null;
  let feeds: Feeds | null = null;
  const depthFeed = createDepthFeed({ onDepth: (d) => opts.onDepth?.(d) });
  /** The subscription holder of a depth watcher (its symbol stays priced while it watches). */
  const depthHolder = (owner: string) => `${owner}.depth`;
  const snapshots = createSnapshotQueue({
    fetch: (symbols) => fetchQuotes(symbols),
    needed: (s) => !closed && subs.holders(s) > 0 && quotes.get(s)?.source !== 'socket',
  });

  function noteMalformed(reason: string, count: number): void {
    malformed += count;
    if (loggedReasons.has(reason)) return;
    loggedReasons.add(reason);
    // Once per reason: a broken feed must not turn the log into a flood.
    log.warn('dropped a malformed market-data packet', { reason, total: malformed });
  }

  /** The symbols whose levels are streamed: watched books nobody else stopped pricing. */
  const deepSymbols = () => depthFeed.symbols().filter((s) => subs.holders(s) > 0);

  /** Builds a dialect's two feeds; they speak for whatever the endpoint says at each connect. */
  function makeFeeds(sockets: DialectSockets): Feeds {
    const common = { endpoint: opts.endpoint, clock, logger: opts.logger, tuning: tuning() };
    const prices = sockets.createPriceFeed({
      ...common,
      tokenOf: opts.tokenOf,
      wanted: () => subs.symbols(),
      deep: deepSymbols,
      held: (symbol) => quotes.get(symbol),
      onQuotes: (list) => quotes.putMany(list),
      onBook: (symbol, book) => depthFeed.takeBook(symbol, book),
      onMalformed: noteMalformed,
      onUnknownToken: () => void unknownTokens++,
      onFutureStamp: (symbol) => opts.onFutureStamp?.(symbol),
      onState(s) {
        if (s === 'down') startFallback();
        tell();
      },
      onAlive() {
        stopFallback();
        tell();
      },
    });
    const orders = sockets.createOrderSocket({
      ...common,
      onOpen: () => opts.onOrderSocketOpen?.(),
      onOrder(order) {
        if (order.ltp !== null && order.ltp > 0)
          quotes.put({
            ...EMPTY_QUOTE_FIELDS,
            symbol: order.symbol,
            ltp: order.ltp,
            at: clock.now(),
            source: 'order',
          });
        opts.onOrder?.(order);
      },
      onAlertFired: (f) => opts.onAlertFired?.(f),
      onMalformed: noteMalformed,
      onState: () => tell(),
    });
    // What is already wanted: a closed socket subscribes it all at its first open.
    const all = subs.symbols();
    if (all.length > 0) prices.add(all);
    const deep = deepSymbols();
    if (deep.length > 0) prices.levels(deep, true);
    return { sockets, prices, orders };
  }

  /** Stops the levels of a symbol nobody watches but others still price. */
  function dropLevels(symbol: string | null): void {
    if (symbol !== null && subs.holders(symbol) > 0) feeds?.prices.levels([symbol], false);
  }

  function tuning() {
    return {
      ...(opts.pingEveryMs !== undefined ? { pingEveryMs: opts.pingEveryMs } : {}),
      ...(opts.minBackoffMs !== undefined ? { minBackoffMs: opts.minBackoffMs } : {}),
      ...(opts.maxBackoffMs !== undefined ? { maxBackoffMs: opts.maxBackoffMs } : {}),
      ...(opts.open ? { open: opts.open } : {}),
    };
  }

  function status(): MarketDataStatus {
    return {
      socket: feeds?.prices.state() ?? 'idle',
      orderSocket: feeds?.orders.state() ?? 'idle',
      restFallback: fallbackTimer !== undefined || fallbackBusy,
      subscribed: subs.symbols().length,
      reconnects: (feeds?.prices.reconnects() ?? 0) + (feeds?.orders.reconnects() ?? 0),
      malformedPackets: malformed,
      unknownTokenPackets: unknownTokens,
    };
  }

  function tell(): void {
    const s = status();
    for (const l of listeners) l(s);
  }

  /**
   * Prices every subscribed symbol by REST while the socket is down: the first round at once
   * (the prices are stale from now on), then spread so 500 symbols stay ~30 requests/min.
   */
  function startFallback(): void {
    if (closed || fallbackTimer !== undefined || !opts.endpoint()) return;
    const requests = Math.ceil(subs.symbols().length / 50);
    const every = Math.max(
      opts.fallbackMinMs ?? 3_000,
      (requests * 60_000) / REST_REQUESTS_PER_MINUTE,
    );
    const wait = Math.max(0, lastRoundAt + every - clock.now());
    fallbackTimer = clock.setTimeout(() => {
      fallbackTimer = undefined;
      void fallbackRound();
    }, wait);
    tell();
  }

  async function fallbackRound(): Promise<void> {
    if (closed || priceSocketHealthy() || !opts.endpoint()) return tell();
    const wanted = subs.symbols();
    lastRoundAt = clock.now();
    if (wanted.length > 0) {
      fallbackBusy = true;
      try {
        await fetchQuotes(wanted);
      } finally {
        fallbackBusy = false;
      }
    }
    if (!priceSocketHealthy()) startFallback();
    else tell();
  }

  function stopFallback(): void {
    if (fallbackTimer !== undefined) clock.clearTimeout(fallbackTimer);
    fallbackTimer = undefined;
  }

  async function fetchQuotes(symbols: readonly string[]): Promise<void> {
    try {
      const answer = await opts.data.quotes(symbols);
      for (const [s, t] of answer.tokens) feeds?.prices.learnToken(s, t);
      quotes.putMany(answer.quotes);
      for (const e of answer.errors.slice(0, 3))
        log.info('quote refused for one symbol', { symbol: e.symbol, message: e.message });
      if (answer.unrequested > 0) noteMalformed('quotes-unrequested-symbols', answer.unrequested);
    } catch (err) {
      const reason = err instanceof BrokerError ? err.brokerMessage || err.kind : String(err);
      // Once per reason, like malformed packets: a failing poll must not flood the log.
      if (loggedReasons.has(`rest:${reason}`)) return;
      loggedReasons.add(`rest:${reason}`);
      log.warn('REST quotes failed', {
        err: err instanceof Error ? err.message : String(err),
        reason,
      });
    }
  }

  function stopFeeds(): void {
    feeds?.prices.stop();
    feeds?.orders.stop();
  }

  function priceSocketHealthy(): boolean {
    return feeds?.prices.healthy() ?? false;
  }

  async function apply(delta: SubscriptionDelta): Promise<void> {
    if (delta.removed.length > 0) {
      feeds?.prices.remove(delta.removed);
    }
    if (delta.added.length > 0) {
      feeds?.prices.add(delta.added);
      // A first price, and the tokens the master may not know, from REST in the background.
      if (opts.endpoint()) snapshots.add(delta.added);
    }
    if (delta.added.length > 0 || delta.removed.length > 0) tell();
  }

  async function loadDepth(symbol: string): Promise<QuoteDepth | null> {
    const answer = await opts.data.depth(symbol);
    if (!answer) return null;
    quotes.put(answer.quote);
    depthFeed.learn(answer.depth);
    // The cache may hold a newer socket price: the ticket shows that one beside the book.
    return { quote: quotes.get(symbol) ?? answer.quote, depth: answer.depth };
  }

  return {
    subscribe: (owner, reason, symbols) => apply(subs.add(owner, reason, symbols)),
    unsubscribe(owner, reason, symbols) {
      void apply(subs.remove(owner, reason, symbols));
    },
    setHeld: (owner, reason, symbols) => apply(subs.set(owner, reason, symbols)),
    releaseOwner(owner) {
      void apply(subs.releaseOwner(owner));
    },
    snapshot: (symbols) =>
      symbols.map((s) => quotes.get(s)).filter((q): q is Quote => q !== undefined),
    async watchDepth(owner, symbol) {
      await apply(subs.set(depthHolder(owner), 'ticket', [symbol]));
      dropLevels(depthFeed.watch(owner, symbol));
      feeds?.prices.levels([symbol], true);
      return loadDepth(symbol);
    },
    unwatchDepth(owner) {
      const dropped = depthFeed.unwatch(owner);
      const delta = subs.releaseOwner(depthHolder(owner));
      if (dropped !== null && !delta.removed.includes(dropped)) dropLevels(dropped);
      void apply(delta);
    },
    loadDepth,
    history: (symbol, resolution) =>
      opts.data.history({
        symbol,
        resolution,
        ...chartRange(resolution, clock.now()),
        // The trader opened this chart: it waits behind orders, not behind price polls.
        priority: 'user',
      }),
    brokerChain: (symbol, expiry, strikes) => opts.data.brokerChain(symbol, expiry, strikes),
    status,
    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    orderUpdatesLive: () => feeds?.orders.healthy() ?? false,
    sessionChanged() {
      if (closed) return;
      const ep = opts.endpoint();
      const key = ep ? `${ep.sockets.id} ${ep.url} ${ep.appId}:${ep.accessToken}` : null;
      if (key === lastEndpoint) return;
      const wasRunning = lastEndpoint !== null;
      lastEndpoint = key;
      if (ep) {
        if (feeds && feeds.sockets !== ep.sockets) {
          // Another dialect: its sockets replace the old ones, with every wanted symbol.
          stopFeeds();
          feeds = null;
        } else if (feeds && wasRunning) {
          // Another account or a new token: the open sockets speak for the old one.
          feeds.prices.restart();
          feeds.orders.restart();
        }
        feeds ??= makeFeeds(ep.sockets);
        feeds.prices.start();
        feeds.orders.start();
      } else {
        stopFeeds();
        stopFallback();
      }
      tell();
    },
    close() {
      closed = true;
      snapshots.close();
      stopFallback();
      stopFeeds();
      listeners.clear();
    },
  };
}
