/**
 * The v3 dialect's sockets (docs/broker-v3.md, "Order socket" and "Data socket"), behind the
 * per-dialect seam of socket-feeds.ts: the binary HSM data socket (authenticated inside the
 * connection by the access token's `hsm_key`, topics from the symbol master's tokens) and the
 * JSON order socket (authenticated at the handshake by `Authorization: <app_id>:<token>`, as
 * the SDK does), both on the account's socket host.
 */
import { hsmKeyOf } from '../../../../shared/broker/v3/access-token';
import { V3_ORDER_PING, v3SubscribeOrders } from '../../../../shared/broker/v3/order-socket-wire';
import { v3SocketUrls } from '../../../../shared/broker/v3/socket-addresses';
import type { DepthLevel } from '../../../../shared/marketdata/depth';
import { LIVE_V3_SOCKET_URL } from '../../../../shared/marketdata/endpoints';
import type { Quote } from '../../../../shared/marketdata/quote';
import { stampedAhead } from '../broker-time';
import { connectOrderSocket } from '../order-socket-connection';
import type {
  DialectSockets,
  FeedSocket,
  OrderSocketDeps,
  PriceFeedDeps,
  PriceSocketFeed,
  SocketEndpoint,
} from '../socket-feeds';
import { createHsmFeed } from './hsm-feed';
import { dispatchV3OrderMessage, v3OrderSocketChannels } from './order-socket-routes';

/**
 * How often the app pings the order socket. *Inferred*: the SDK pings every second, but the
 * server answers any ping and closes nothing for a slower one in what the SDK shows; 6 s (v2's
 * heartbeat) finds a dead connection as fast as v2 does without a 1 s pong deadline that a
 * busy machine would miss.
 */
const V3_ORDER_HEARTBEAT_MS = 6_000;

const addresses = (ep: SocketEndpoint | null) => (ep ? v3SocketUrls(ep.url) : null);

/** A side's levels as the HSM decoder gives them (price 0: empty), best first. */
function levelsOf(side: readonly DepthLevel[]): DepthLevel[] {
  const out: DepthLevel[] = [];
  for (const l of side) {
    // An empty level ends the side: the levels after it are empty too.
    if (!(l.price > 0) || !Number.isFinite(l.price)) break;
    out.push({ price: l.price, volume: l.volume, orders: l.orders });
  }
  return out;
}

/** The v3 price feed: the HSM socket, its scrip/index topics and depth topics. */
function createV3PriceFeed(d: PriceFeedDeps): PriceSocketFeed {
  const { clock } = d;
  /** Tokens REST answers named for symbols the master does not know. */
  const learned = new Map<string, string>();
  /** Wanted symbols that had no token when added: subscribed once one is learned. */
  const untokened = new Set<string>();
  const deep = new Set<string>();
  /** The last tick's time and totals of a watched book (depth topics carry neither). */
  const lastOf = new Map<string, { at: number; buy: number | null; sell: number | null }>();
  const batch: Quote[] = [];
  const tokenOf = (s: string) => learned.get(s) ?? d.tokenOf(s) ?? undefined;
  const finite = (n: number) => (Number.isFinite(n) ? n : null);

  const feed = createHsmFeed({
    url: () => addresses(d.endpoint())?.dataSocketUrl ?? null,
    hsmKey: () => {
      const ep = d.endpoint();
      return ep ? (hsmKeyOf(ep.accessToken) ?? null) : null;
    },
    tokenOf,
    clock,
    logger: d.logger,
    ...(d.tuning.minBackoffMs !== undefined ? { minBackoffMs: d.tuning.minBackoffMs } : {}),
    ...(d.tuning.maxBackoffMs !== undefined ? { maxBackoffMs: d.tuning.maxBackoffMs } : {}),
    ...(d.tuning.open ? { open: d.tuning.open } : {}),
    onQuote(q, tick) {
      if (stampedAhead(tick.time * 1000, clock.now())) d.onFutureStamp(q.symbol);
      if (deep.has(q.symbol))
        lastOf.set(q.symbol, {
          at: q.at,
          buy: finite(tick.totalBuyQty),
          sell: finite(tick.totalSellQty),
        });
      // One frame's ticks reach the cache together, as v2's do.
      if (batch.push(q) === 1)
        queueMicrotask(() => {
          const all = batch.splice(0);
          if (all.length > 0) d.onQuotes(all);
        });
    },
    onDepth(symbol, depth) {
      const last = lastOf.get(symbol);
      d.onBook(symbol, {
        at: last?.at ?? clock.now(),
        bids: levelsOf(depth.bids),
        asks: levelsOf(depth.asks),
        totalBuyQty: last?.buy ?? null,
        totalSellQty: last?.sell ?? null,
      });
    },
    onMalformed: (reason) => d.onMalformed(reason, 1),
    onState: (s) => d.onState(s),
    onAlive: () => d.onAlive(),
  });

  return {
    start: () => feed.start(),
    stop: () => feed.stop(),
    restart: () => feed.restart(),
    state: () => feed.state(),
    healthy: () => feed.healthy(),
    reconnects: () => feed.reconnects(),
    add(symbols) {
      for (const s of symbols) if (tokenOf(s) === undefined) untokened.add(s);
      feed.subscribe(symbols);
    },
    remove(symbols) {
      feed.unsubscribe(symbols);
      feed.unsubscribe(symbols, true);
      for (const s of symbols) {
        untokened.delete(s);
        deep.delete(s);
        lastOf.delete(s);
        learned.delete(s);
      }
    },
    levels(symbols, on) {
      for (const s of symbols) {
        if (on) deep.add(s);
        else {
          deep.delete(s);
          lastOf.delete(s);
        }
      }
      if (on) feed.subscribe(symbols, true);
      else feed.unsubscribe(symbols, true);
    },
    learnToken(symbol, token) {
      if (!untokened.has(symbol) || !Number.isSafeInteger(token) || token <= 0) return;
      untokened.delete(symbol);
      learned.set(symbol, String(token));
      feed.subscribe([symbol]);
      if (deep.has(symbol)) feed.subscribe([symbol], true);
    },
  };
}

/** The v3 order socket: one subscribe for every routed channel, messages routed by kind. */
function createV3OrderSocket(d: OrderSocketDeps): FeedSocket {
  return connectOrderSocket(d, {
    url: () => addresses(d.endpoint())?.orderSocketUrl ?? null,
    headers: () => {
      const ep = d.endpoint();
      return ep ? { Authorization: `${ep.appId}:${ep.accessToken}` } : undefined;
    },
    ping: V3_ORDER_PING,
    pingEveryMs: V3_ORDER_HEARTBEAT_MS,
    subscribe: () => v3SubscribeOrders(v3OrderSocketChannels(), true),
    onText(text) {
      dispatchV3OrderMessage(text, {
        order: (o) => d.onOrder(o),
        alertFired: (f) => d.onAlertFired?.(f),
        malformed: (reason) => d.onMalformed(reason, 1),
      });
    },
  });
}

/** The v3 dialect's sockets. */
export const FYERS_V3_SOCKETS: DialectSockets = {
  id: 'fyers-v3',
  liveUrl: LIVE_V3_SOCKET_URL,
  createPriceFeed: createV3PriceFeed,
  createOrderSocket: createV3OrderSocket,
};
