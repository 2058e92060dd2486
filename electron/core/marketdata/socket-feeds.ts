/**
 * The seam between the market-data service and a dialect's sockets (issue 19 #1). The service
 * keeps what every dialect shares (who holds which symbol, the quote cache, the REST fallback
 * while the price socket is down, the depth watchers, the order feed); a dialect declares its
 * sockets (`DialectSockets`) and each of its feeds turns its own wire into the same calls
 * back: quotes, streamed books, orders, malformed counts, state. So the service never asks
 * which dialect it is talking to, and a third broker's sockets are one more implementation.
 */
import type { BrokerAlertFired } from '../broker/broker-alerts';
import type { Order } from '../../../shared/broker/models';
import type { Quote } from '../../../shared/marketdata/quote';
import type { Logger } from '../diagnostics/logger';
import type { Clock } from '../limiter/clock';
import type { StreamedBook } from './depth-feed';
import type { SocketLike, SocketState } from './socket-connection';

/** Where the account's sockets are and who opens them, or null with no session. */
export interface SocketEndpoint {
  /** The account's socket URL (v2: the socket itself; v3: the socket host). */
  url: string;
  appId: string;
  /** Never logged. */
  accessToken: string;
}

/** Test and bench tuning, passed to every socket a feed opens. */
export interface SocketTuning {
  pingEveryMs?: number;
  minBackoffMs?: number;
  maxBackoffMs?: number;
  open?: (url: string, headers?: Record<string, string>) => SocketLike;
}

/** One kept-alive socket as the service drives it (socket-connection.ts semantics). */
export interface FeedSocket {
  start(): void;
  stop(): void;
  /** Drops the connection and reconnects at once (a new token or account). */
  restart(): void;
  state(): SocketState;
  /** Open and proven alive. */
  healthy(): boolean;
  reconnects(): number;
}

/** What a price feed reports back to the service. */
export interface PriceFeedDeps {
  endpoint: () => SocketEndpoint | null;
  /** The symbol master's instrument token (fyToken) of a symbol, or null when unknown. */
  tokenOf(symbol: string): string | null;
  /** Every symbol someone wants priced: a new connection subscribes them all. */
  wanted(): readonly string[];
  /** The symbols whose book someone watches: a new connection asks for their levels. */
  deep(): readonly string[];
  /** The cache's picture of a symbol (a packet may carry only part of one). */
  held(symbol: string): Quote | undefined;
  clock: Clock;
  logger: Logger;
  tuning: SocketTuning;
  onQuotes(quotes: Quote[]): void;
  onBook(symbol: string, book: StreamedBook): void;
  /** Frames that could not be read, by reason. */
  onMalformed(reason: string, count: number): void;
  /** A packet for an instrument nobody here subscribed. */
  onUnknownToken(): void;
  /** A packet stamped further ahead than any real stamp (price alerts ignore its price). */
  onFutureStamp(symbol: string): void;
  onState(state: SocketState): void;
  /** The open socket proved alive: only now may it replace the REST fallback. */
  onAlive(): void;
}

/** A dialect's live price socket. */
export interface PriceSocketFeed extends FeedSocket {
  /** Stream these symbols' prices (when closed, the next open subscribes every wanted one). */
  add(symbols: readonly string[]): void;
  /** Stop streaming these symbols, book included. */
  remove(symbols: readonly string[]): void;
  /** Stream (or stop) these symbols' five levels; they stay priced while wanted. */
  levels(symbols: readonly string[], on: boolean): void;
  /** An instrument token a REST answer named (for symbols the master does not know). */
  learnToken(symbol: string, token: number): void;
}

/** What an order socket reports back to the service. */
export interface OrderSocketDeps {
  endpoint: () => SocketEndpoint | null;
  clock: Clock;
  logger: Logger;
  tuning: SocketTuning;
  /** The socket (re)opened and subscribed: updates may have been missed meanwhile. */
  onOpen(): void;
  /** An order changed state, already in the app's model. */
  onOrder(order: Order): void;
  /** A broker-held price alert fired (dialects whose order socket pushes them: v3). */
  onAlertFired?(fired: BrokerAlertFired): void;
  onMalformed(reason: string, count: number): void;
  onState(state: SocketState): void;
}

/** The sockets a dialect declares: where they are published and how its feeds are made. */
export interface DialectSockets {
  /** The dialect's id, for logs and to tell one dialect's sockets from another's. */
  id: string;
  /** The broker's published socket URL a Live account uses when it sets none (null: none). */
  liveUrl: string | null;
  createPriceFeed(deps: PriceFeedDeps): PriceSocketFeed;
  createOrderSocket(deps: OrderSocketDeps): FeedSocket;
}
