/**
 * Serves the accepted socket connections: the heartbeat, the subscribe messages, binary
 * market-data frames after every market tick (only for subscribed symbols: an instrument
 * nobody watches costs nothing) and a JSON order update on every order state change. It also
 * carries out the socket test controls (drop, stall, bad frames, slow subscriber), so each
 * behaviour lives next to the connection state it changes.
 */
import type { WebSocket } from 'ws';
import { ErrorCode } from '../../shared/broker/errors';
import type { Instrument } from '../../shared/broker/instrument';
import type { MarketPacket } from '../../shared/marketdata/packet';
import { encodeFrame } from '../../shared/marketdata/packet-encoder';
import { MAX_PACKETS_PER_FRAME } from '../../shared/marketdata/packet-layout';
import {
  ClientMessage,
  PONG,
  SocketCloseCode,
  type SocketType,
  type SubscribeData,
} from '../../shared/marketdata/socket-protocol';
import type { BrokerCore } from '../core';
import type { AuthContext } from '../http/types';
import { marketView, type MarketView } from '../market/market-view';
import type { SimOrder } from '../orders/model';
import { badFrame, type BadFrameKind } from './bad-frames';
import { oiPacketOf, packetOf } from './packets';
import { liveConnections } from './live-connections';

/** Most symbols one connection may watch (*inferred*; the spec names no limit). */
export const MAX_SYMBOLS_PER_CONNECTION = 5_000;
/** Furthest ahead the `future` control may stamp a packet (a day). */
export const MAX_FUTURE_AHEAD_MS = 86_400_000;
/** Largest frame the `oversized` control may send (128 MiB). */
export const MAX_OVERSIZED_BYTES = 128 * 1024 * 1024;
/** A subscriber that lets this much pile up unsent is cut off (a slow consumer). */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

interface Watch {
  instrument: Instrument;
  depth: boolean;
  /** What was last sent, to send only what moved. */
  sentPrice: string;
  sentOi: number | null;
}

interface Conn {
  ws: WebSocket;
  type: SocketType;
  auth: AuthContext;
  watches: Map<string, Watch>;
  orders: boolean;
  stalled: boolean;
  delayMs: number;
}

/** What the socket controls can see of one connection. */
export interface ConnectionInfo {
  type: SocketType;
  symbols: number;
  depthSymbols: number;
  orders: boolean;
  stalled: boolean;
  delayMs: number;
}

const priceSig = (v: MarketView) => `${v.ltp}|${v.volume}|${v.high}|${v.low}|${v.marketOpen}`;

/** All socket connections of one sandbox. */
export class SocketHub {
  private conns = new Set<Conn>();
  private timers = new Set<NodeJS.Timeout>();
  /** Test controls that outlast a reconnect: new connections refused until then (ms, real time)… */
  private refuseUntil: Record<SocketType, number> = { symbolUpdate: 0, orderUpdate: 0 };
  /** …or born stalled until `stall(type, false)`. */
  private stallNew: Record<SocketType, boolean> = { symbolUpdate: false, orderUpdate: false };
  private readonly unwatch: (() => void)[];

  constructor(
    private readonly core: BrokerCore,
    /** Whether a connection's token is still good (it expires at 06:00 IST or is revoked). */
    private readonly stillValid: (auth: AuthContext) => boolean,
  ) {
    this.unwatch = [
      core.engine.onTick(() => this.pushMarket()),
      core.engine.prints.onPrint(() => this.pushMarket()),
      core.state.book.watch((o) => this.pushOrder(o)),
    ];
  }

  /** Takes over one accepted connection. */
  accept(ws: WebSocket, type: SocketType, auth: AuthContext): void {
    const c: Conn = {
      ws,
      type,
      auth,
      watches: new Map(),
      orders: false,
      stalled: this.stallNew[type],
      delayMs: 0,
    };
    this.conns.add(c);
    ws.on('message', (data, isBinary) => this.receive(c, data, isBinary));
    ws.on('close', () => this.conns.delete(c));
    ws.on('error', () => ws.terminate());
  }

  private receive(c: Conn, data: unknown, isBinary: boolean): void {
    if (isBinary) return this.error(c, 'send text frames: JSON messages or "ping"');
    const text = String(data).trim();
    if (text === '"ping"' || text === 'ping') {
      if (!c.stalled) this.send(c, PONG);
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return this.error(c, 'message is not JSON');
    }
    const m = ClientMessage.safeParse(json);
    if (!m.success)
      return this.error(
        c,
        'expected {"T":"SUB_DATA","TLIST":[...],"SUB_T":1|0} or {"T":"SUB_ORD","SLIST":["orderUpdate"],"SUB_T":1|0}',
      );
    if (m.data.T === 'SUB_ORD') {
      if (c.type !== 'orderUpdate')
        return this.error(c, 'SUB_ORD needs a type=orderUpdate connection');
      c.orders = m.data.SUB_T === 1;
      return;
    }
    if (c.type !== 'symbolUpdate')
      return this.error(c, 'SUB_DATA needs a type=symbolUpdate connection');
    this.subscribe(c, m.data);
  }

  private subscribe(c: Conn, m: SubscribeData): void {
    const unknown: string[] = [];
    const fresh: Watch[] = [];
    for (const t of new Set(m.TLIST)) {
      if (m.SUB_T === 0) {
        c.watches.delete(t);
        continue;
      }
      const i = this.core.state.index.byTicker(t);
      if (!i) {
        unknown.push(t);
        continue;
      }
      const depth = m.DEPTH === 1;
      const had = c.watches.get(t);
      if (had && had.depth === depth) continue;
      if (!had && c.watches.size >= MAX_SYMBOLS_PER_CONNECTION) {
        this.error(c, `at most ${MAX_SYMBOLS_PER_CONNECTION} symbols per connection`);
        break;
      }
      const w: Watch = { instrument: i, depth, sentPrice: '', sentOi: null };
      c.watches.set(t, w);
      fresh.push(w);
    }
    if (unknown.length)
      this.send(
        c,
        JSON.stringify({
          s: 'error',
          code: ErrorCode.InvalidSymbol,
          message: `unknown symbol${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
          symbols: unknown,
        }),
      );
    // A snapshot of every new symbol at once: the subscriber has a price before the next tick.
    const views = new Map<string, MarketView>();
    this.sendPackets(
      c,
      fresh.map((w) => this.packet(w, views, true)).filter((p) => !!p),
    );
  }

  /** The packet to send for a watch now, if anything moved (or `always`). */
  private packet(
    w: Watch,
    views: Map<string, MarketView>,
    always: boolean,
  ): MarketPacket | undefined {
    const t = w.instrument.ticker;
    let v = views.get(t);
    if (!v) {
      v = marketView(this.core.state, w.instrument);
      views.set(t, v);
    }
    const sig = priceSig(v);
    if (always || sig !== w.sentPrice) {
      w.sentPrice = sig;
      w.sentOi = v.openInterest;
      return packetOf(v, w.depth);
    }
    if (v.openInterest !== w.sentOi) {
      w.sentOi = v.openInterest;
      return oiPacketOf(v);
    }
    return undefined;
  }

  /** The connections whose token still holds; the others are closed with TokenInvalid. */
  private live(): Conn[] {
    return liveConnections(this.conns, this.stillValid);
  }

  private pushMarket(): void {
    const views = new Map<string, MarketView>();
    for (const c of this.live()) {
      if (c.type !== 'symbolUpdate' || c.stalled || c.watches.size === 0) continue;
      const out: MarketPacket[] = [];
      for (const w of c.watches.values()) {
        const p = this.packet(w, views, false);
        if (p) out.push(p);
      }
      this.sendPackets(c, out);
    }
  }

  private pushOrder(o: SimOrder): void {
    let frame: string | undefined;
    for (const c of this.live()) {
      if (c.type !== 'orderUpdate' || !c.orders || c.stalled) continue;
      // Presented now, while the order is in this state: later steps of the tick change it.
      frame ??= JSON.stringify({ s: 'ok', d: this.core.orderRow(o) });
      this.send(c, frame);
    }
  }

  private sendPackets(c: Conn, packets: MarketPacket[]): void {
    for (let k = 0; k < packets.length; k += MAX_PACKETS_PER_FRAME)
      this.send(c, encodeFrame(packets.slice(k, k + MAX_PACKETS_PER_FRAME)));
  }

  private error(c: Conn, message: string): void {
    this.send(c, JSON.stringify({ s: 'error', code: ErrorCode.InvalidParameters, message }));
  }

  private send(c: Conn, data: string | Uint8Array): void {
    const go = () => {
      if (c.ws.readyState !== c.ws.OPEN) return;
      if (c.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        c.ws.close(SocketCloseCode.SlowConsumer, 'slow consumer: too much unsent data');
        return;
      }
      c.ws.send(data, { binary: typeof data !== 'string' });
    };
    if (c.delayMs <= 0) return go();
    const t = setTimeout(() => {
      this.timers.delete(t);
      go();
    }, c.delayMs);
    this.timers.add(t);
  }

  private pick(type: SocketType | undefined): Conn[] {
    return [...this.conns].filter((c) => type === undefined || c.type === type);
  }

  /** Whether new connections of this type are refused now (a drop with `refuseMs`). */
  refusing(type: SocketType): boolean {
    return Date.now() < this.refuseUntil[type];
  }

  /** The open connections (test controls). */
  connections(): ConnectionInfo[] {
    return [...this.conns].map((c) => ({
      type: c.type,
      symbols: c.watches.size,
      depthSymbols: [...c.watches.values()].filter((w) => w.depth).length,
      orders: c.orders,
      stalled: c.stalled,
      delayMs: c.delayMs,
    }));
  }

  /**
   * Cuts connections without a close frame, as a network drop would; with `refuseMs`, the
   * outage lasts: new connections (of that type) are refused at the handshake until it ends
   * (see `refusing`). Returns how many.
   */
  drop(type?: SocketType, refuseMs = 0): number {
    for (const t of type ? [type] : (['symbolUpdate', 'orderUpdate'] as const))
      this.refuseUntil[t] = Date.now() + refuseMs;
    const cs = this.pick(type);
    for (const c of cs) c.ws.terminate();
    return cs.length;
  }

  /**
   * Stops answering pings and sending data, connection left open (or undoes it). `sticky`:
   * connections opened later (a client reconnecting) are stalled too, until undone.
   */
  stall(type: SocketType | undefined, on: boolean, sticky = false): number {
    for (const t of type ? [type] : (['symbolUpdate', 'orderUpdate'] as const))
      this.stallNew[t] = on && sticky;
    const cs = this.pick(type);
    for (const c of cs) c.stalled = on;
    return cs.length;
  }

  /** Delays every frame to these connections by `ms` (0 undoes it). */
  slow(type: SocketType | undefined, ms: number): number {
    const cs = this.pick(type);
    for (const c of cs) c.delayMs = ms;
    return cs.length;
  }

  /** Sends one bad binary frame to every market-data connection that watches something. */
  sendBad(kind: BadFrameKind): number {
    const cs = this.pick('symbolUpdate').filter((c) => c.watches.size > 0);
    for (const c of cs) {
      const w = c.watches.values().next().value!;
      this.send(c, badFrame(kind, packetOf(marketView(this.core.state, w.instrument), false)));
    }
    return cs.length;
  }

  /**
   * Sends one price packet stamped `aheadMs` in the future (at `ltp`, else the market's) to
   * every market-data connection watching `symbol` (else its first symbol): one packet from
   * a broker whose clock jumped, which must not hide the live prices that follow.
   */
  sendFuture(aheadMs: number, symbol?: string, ltp?: number): number {
    let n = 0;
    for (const c of this.pick('symbolUpdate')) {
      const w = symbol ? c.watches.get(symbol) : c.watches.values().next().value;
      if (!w) continue;
      const p = packetOf(marketView(this.core.state, w.instrument), false);
      if (p.kind === 'openInterest') continue;
      const ahead = Math.floor(aheadMs / 1000);
      const time = p.time + ahead;
      // The day's range widened to hold the price: a packet outside it is corruption, not news.
      const price =
        ltp === undefined ? {} : { ltp, low: Math.min(p.low, ltp), high: Math.max(p.high, ltp) };
      const moved = { ...p, time, ...price } as MarketPacket;
      if ('lastTradeTime' in moved) moved.lastTradeTime = time;
      this.send(c, encodeFrame([moved]));
      n++;
    }
    return n;
  }

  /** Sends one binary frame of `bytes` zero bytes to every market-data connection. */
  sendOversized(bytes: number): number {
    const cs = this.pick('symbolUpdate');
    const frame = new Uint8Array(bytes);
    for (const c of cs) this.send(c, frame);
    return cs.length;
  }

  /** Closes every connection and stops listening to the market. */
  close(): void {
    for (const u of this.unwatch) u();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const c of this.conns) c.ws.terminate();
    this.conns.clear();
  }
}
