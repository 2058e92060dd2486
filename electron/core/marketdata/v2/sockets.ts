/**
 * The v2 dialect's sockets (gaps.md, "The socket"): one URL, two connections (`symbolUpdate`
 * for binary price packets, `orderUpdate` for JSON order updates), the token in the query.
 * Moved here from the market-data service unchanged, behind the per-dialect seam of
 * socket-feeds.ts.
 */
import type { Quote } from '../../../../shared/marketdata/quote';
import {
  socketConnectUrl,
  subscribeData,
  subscribeOrders,
  type SocketType,
} from '../../../../shared/marketdata/socket-protocol';
import { LIVE_SOCKET_URL } from '../../../../shared/marketdata/endpoints';
import { boundedTimeMs, stampedAhead } from '../broker-time';
import { bookOfTick } from '../depth-feed';
import { createPacketDecoder, type DecodedTick } from '../packet-decoder';
import { connectOrderSocket, socketTuning } from '../order-socket-connection';
import { createSocketConnection } from '../socket-connection';
import type {
  DialectSockets,
  FeedSocket,
  OrderSocketDeps,
  PriceFeedDeps,
  PriceSocketFeed,
  SocketEndpoint,
} from '../socket-feeds';
import { parseOrderUpdate, tickToQuote } from '../socket-normalize';

/** Symbols per socket subscribe message. */
const SUBSCRIBE_CHUNK = 200;

function connectUrl(ep: SocketEndpoint | null, type: SocketType): string | null {
  return ep ? socketConnectUrl(ep.url, type, ep.appId, ep.accessToken) : null;
}

/** The v2 price socket: SUB_DATA by ticker, binary packets keyed by instrument token. */
function createV2PriceFeed(d: PriceFeedDeps): PriceSocketFeed {
  const { clock } = d;
  const decoder = createPacketDecoder();
  const tokenToSymbol = new Map<number, string>();
  const symbolToToken = new Map<string, number>();
  const batch: Quote[] = [];

  function learn(symbol: string, token: number | null): void {
    if (token === null || !Number.isSafeInteger(token) || token <= 0) return;
    const old = symbolToToken.get(symbol);
    if (old !== undefined && old !== token) tokenToSymbol.delete(old);
    symbolToToken.set(symbol, token);
    tokenToSymbol.set(token, symbol);
  }

  function onTick(t: DecodedTick): void {
    const symbol = tokenToSymbol.get(t.token);
    if (symbol === undefined) return d.onUnknownToken();
    if (t.oiOnly) {
      const held = d.held(symbol);
      if (held)
        batch.push({
          ...held,
          at: Math.max(held.at, boundedTimeMs(t.time * 1000, clock.now())),
          openInterest: t.openInterest,
          prevOpenInterest: t.prevOpenInterest,
        });
      return;
    }
    if (stampedAhead(t.time * 1000, clock.now())) d.onFutureStamp(symbol);
    batch.push(tickToQuote(t, symbol, clock.now()));
    if (t.hasDepth) d.onBook(symbol, bookOfTick(t, clock.now()));
  }

  const conn = createSocketConnection({
    name: 'symbolUpdate',
    url: () => connectUrl(d.endpoint(), 'symbolUpdate'),
    clock,
    logger: d.logger,
    ...socketTuning(d.tuning),
    onOpen(send) {
      const all = d.wanted();
      for (let i = 0; i < all.length; i += SUBSCRIBE_CHUNK)
        send(subscribeData(all.slice(i, i + SUBSCRIBE_CHUNK), true));
      // The watched books' levels too: a new connection knows none of them.
      const deep = d.deep();
      if (deep.length > 0) send(subscribeData(deep, true, true));
    },
    onText() {
      // Acknowledgements of subscriptions: nothing to do with them.
    },
    onBinary(bytes) {
      const r = decoder.decode(bytes, onTick);
      if (r.malformed > 0) d.onMalformed(r.reason ?? 'truncated', r.malformed);
      if (batch.length > 0) {
        d.onQuotes([...batch]);
        batch.length = 0;
      }
    },
    onState: (s) => d.onState(s),
    onAlive: () => d.onAlive(),
  });

  function send(symbols: readonly string[], on: boolean): void {
    for (let i = 0; i < symbols.length; i += SUBSCRIBE_CHUNK)
      conn.send(subscribeData(symbols.slice(i, i + SUBSCRIBE_CHUNK), on));
  }

  return {
    ...conn,
    add(symbols) {
      for (const s of symbols) learn(s, Number(d.tokenOf(s) ?? NaN));
      send(symbols, true);
    },
    remove(symbols) {
      send(symbols, false);
      for (const s of symbols) {
        const t = symbolToToken.get(s);
        symbolToToken.delete(s);
        if (t !== undefined) tokenToSymbol.delete(t);
      }
    },
    levels(symbols, on) {
      if (symbols.length > 0) conn.send(subscribeData(symbols, true, on));
    },
    learnToken: learn,
  };
}

/** The v2 order socket: SUB_ORD `orderUpdate`, `{s:"ok", d:<order row>}` messages. */
function createV2OrderSocket(d: OrderSocketDeps): FeedSocket {
  return connectOrderSocket(d, {
    url: () => connectUrl(d.endpoint(), 'orderUpdate'),
    subscribe: () => subscribeOrders(true),
    onText(text) {
      const update = parseOrderUpdate(text);
      if ('malformed' in update) return d.onMalformed(update.malformed, 1);
      if ('ignored' in update) return;
      d.onOrder(update.order);
    },
  });
}

/** The v2 dialect's sockets. */
export const FYERS_V2_SOCKETS: DialectSockets = {
  id: 'fyers-v2',
  liveUrl: LIVE_SOCKET_URL,
  createPriceFeed: createV2PriceFeed,
  createOrderSocket: createV2OrderSocket,
};
