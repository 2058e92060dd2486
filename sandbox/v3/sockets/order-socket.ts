/**
 * The sandbox's v3 order socket (docs/broker-v3.md, "Order socket"): a connection
 * authenticated by its `Authorization: <app_id>:<access_token>` header subscribes to channels
 * with `{"T":"SUB_ORD","SLIST":[…],"SUB_T":1|-1}` and then gets one JSON message per order
 * state change (`{"orders":{…}}`), per fill (`{"trades":{…}}`) and per position a fill moved
 * (`{"positions":{…}}`), in wire names and socket status codes, and one per fired price
 * alert (`{"pricealerts":{…}}`, price-alerts.ts). The text `ping` is answered
 * `pong`. Served from the same engine as the v2 hub: a second presentation, not a second broker.
 */
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { ErrorCode } from '../../../shared/broker/errors';
import {
  V3_ORDER_PING,
  V3_ORDER_PONG,
  V3OrderChannel,
  V3SubscribeFlag,
} from '../../../shared/broker/v3/order-socket-wire';
import type { V3AlertPush } from '../../../shared/broker/v3/price-alert-wire';
import type { BrokerCore } from '../../core';
import type { AuthContext } from '../../http/types';
import type { SimOrder, SimTrade } from '../../orders/model';
import { wireOrder, wirePosition, wireTrade } from './order-wire';
import { liveConnections } from '../../socket/live-connections';

const Subscribe = z.object({
  T: z.literal('SUB_ORD'),
  SLIST: z.array(z.enum(Object.values(V3OrderChannel) as [string, ...string[]])).min(1),
  SUB_T: z.union([z.literal(V3SubscribeFlag.On), z.literal(V3SubscribeFlag.Off)]),
});

interface Conn {
  ws: WebSocket;
  auth: AuthContext;
  channels: Set<string>;
}

/** All v3 order-socket connections of one sandbox. */
export class V3OrderSocket {
  private readonly conns = new Set<Conn>();
  private readonly unwatch: () => void;
  /** Trades already announced (the trade book only grows within a day; a reset empties it). */
  private tradesSeen: number;

  constructor(
    private readonly core: BrokerCore,
    /** Whether a connection's token still holds (expiry at 06:00 IST, logout). */
    private readonly stillValid: (auth: AuthContext) => boolean,
  ) {
    this.tradesSeen = core.state.book.trades.length;
    this.unwatch = core.state.book.watch((o) => this.changed(o));
  }

  /** Takes over one accepted connection. */
  accept(ws: WebSocket, auth: AuthContext): void {
    const c: Conn = { ws, auth, channels: new Set() };
    this.conns.add(c);
    ws.on('message', (data, isBinary) => this.receive(c, String(data), isBinary));
    ws.on('close', () => this.conns.delete(c));
    ws.on('error', () => ws.terminate());
  }

  /** How many connections are open (test controls and tests). */
  count(): number {
    return this.conns.size;
  }

  /** Cuts every connection without a close frame, as a network drop would. */
  drop(): number {
    const n = this.conns.size;
    for (const c of this.conns) c.ws.terminate();
    return n;
  }

  private receive(c: Conn, text: string, isBinary: boolean): void {
    if (isBinary) return this.error(c, 'send text frames: JSON messages or ping');
    if (text.trim() === V3_ORDER_PING) return this.send(c, V3_ORDER_PONG);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return this.error(c, 'message is not JSON');
    }
    const m = Subscribe.safeParse(json);
    if (!m.success)
      return this.error(
        c,
        `expected {"T":"SUB_ORD","SLIST":[${Object.values(V3OrderChannel).join('|')}],"SUB_T":1|-1}`,
      );
    for (const ch of m.data.SLIST)
      if (m.data.SUB_T === V3SubscribeFlag.On) c.channels.add(ch);
      else c.channels.delete(ch);
  }

  private changed(o: SimOrder): void {
    const trades = this.core.state.book.trades;
    if (trades.length < this.tradesSeen) this.tradesSeen = 0;
    const fresh = trades.slice(this.tradesSeen);
    this.tradesSeen = trades.length;
    const live = this.live();
    if (live.length === 0) return;
    // Presented now, while the order is in this state: later steps of the tick change it.
    this.publish(live, V3OrderChannel.Orders, () => ({ orders: wireOrder(this.core, o) }));
    for (const t of fresh) this.fill(live, t);
  }

  /** Pushes a fired price alert to the connections subscribed to `pricealerts`. */
  pushAlert(p: V3AlertPush): void {
    const live = this.live();
    if (live.length > 0) this.publish(live, V3OrderChannel.PriceAlerts, () => p);
  }

  private fill(live: Conn[], t: SimTrade): void {
    this.publish(live, V3OrderChannel.Trades, () => ({ trades: wireTrade(this.core, t) }));
    this.publish(live, V3OrderChannel.Positions, () => {
      const p = this.core.state
        .positionFigures()
        .find((f) => f.instrument === t.instrument && f.productType === t.productType);
      return p ? { positions: wirePosition(p) } : undefined;
    });
  }

  private publish(live: Conn[], channel: string, build: () => object | undefined): void {
    let text: string | undefined;
    for (const c of live) {
      if (!c.channels.has(channel)) continue;
      if (text === undefined) {
        const m = build();
        if (!m) return;
        text = JSON.stringify(m);
      }
      this.send(c, text);
    }
  }

  /** The connections whose token still holds; the others are closed with TokenInvalid. */
  private live(): Conn[] {
    return liveConnections(this.conns, this.stillValid);
  }

  private error(c: Conn, message: string): void {
    this.send(c, JSON.stringify({ s: 'error', code: ErrorCode.InvalidParameters, message }));
  }

  private send(c: Conn, text: string): void {
    if (c.ws.readyState === c.ws.OPEN) c.ws.send(text);
  }

  /** Closes every connection and stops watching the book. */
  close(): void {
    this.unwatch();
    for (const c of this.conns) c.ws.terminate();
    this.conns.clear();
  }
}
