/**
 * The sandbox's v3 binary data socket (docs/broker-v3.md, "Data socket"). A connection opens
 * with no credentials; its first message must be the binary connection request carrying the
 * `hsm_key` claim of a live access token (answered K with the field map, or N and closed).
 * Then it subscribes topics on channels, pauses and resumes channels, and sets a channel to
 * lite or full. After every market step each subscribed topic in a running channel gets a
 * snapshot the first time and then only what moved: full mode sends the changed fields,
 * lite mode only the last price. Served from the same engine as the v2 hub.
 */
import type { WebSocket } from 'ws';
import { SocketCloseCode } from '../../../shared/marketdata/socket-protocol';
import {
  channelsOf,
  connectKeyOf,
  decodeMessage,
  encodeConnectAnswer,
  encodeData,
  encodeStatusAnswer,
  HsmFrameError,
  subscribeOf,
  type HsmPacket,
} from '../../../shared/marketdata/v3/hsm-frames';
import {
  HSM_LITE_FIELDS,
  HSM_MAX_PACKETS_PER_FRAME,
  HSM_NO_VALUE,
  HSM_SCRIP_FIELDS,
  HsmDataMode,
  HsmMessageType,
  HsmTopic,
  hsmFieldIndex,
  hsmFieldMap,
} from '../../../shared/marketdata/v3/hsm-protocol';
import type { BrokerCore } from '../../core';
import type { AuthContext } from '../../http/types';
import { marketView, type MarketView } from '../../market/market-view';
import { TopicResolver, precisionOf, topicValues, type ResolvedTopic } from './hsm-topics';

/** The WebSocket close code for a frame that breaks the protocol (RFC 6455). */
const CLOSE_PROTOCOL_ERROR = 1002;

/** Most topics one connection may hold (*inferred*, as the v2 socket's limit). */
export const MAX_TOPICS_PER_CONNECTION = 5_000;

interface Topic extends ResolvedTopic {
  id: number;
  name: string;
  channel: number;
  /** Values last sent; undefined until the snapshot went out. */
  sent: number[] | undefined;
}

interface Conn {
  ws: WebSocket;
  auth: AuthContext | undefined;
  topics: Map<string, Topic>;
  nextId: number;
  paused: Set<number>;
  lite: Set<number>;
  /** A test control's stall: open, but nothing goes out (no data, no answer, no pong). */
  stalled: boolean;
}

/** All v3 data-socket connections of one sandbox. */
export class V3DataSocket {
  private readonly conns = new Set<Conn>();
  private readonly unwatch: () => void;
  private readonly topics: TopicResolver;

  constructor(
    private readonly core: BrokerCore,
    /** The live token whose `hsm_key` this is, or undefined. */
    private readonly authByHsmKey: (hsmKey: string) => AuthContext | undefined,
    /** Whether a connection's token still holds. */
    private readonly stillValid: (auth: AuthContext) => boolean,
  ) {
    this.topics = new TopicResolver(core.state.index);
    const offTick = core.engine.onTick(() => this.push());
    const offPrint = core.engine.prints.onPrint(() => this.push());
    this.unwatch = () => {
      offTick();
      offPrint();
    };
  }

  /** Takes over one accepted connection (not yet authenticated). */
  accept(ws: WebSocket): void {
    const c: Conn = {
      ws,
      auth: undefined,
      topics: new Map(),
      nextId: 1,
      paused: new Set(),
      lite: new Set(),
      stalled: false,
    };
    this.conns.add(c);
    // The route answers pings itself (RFC 6455 requires a pong), so a stall can withhold it.
    ws.on('ping', (data: Buffer) => {
      if (!c.stalled && ws.readyState === ws.OPEN) ws.pong(data);
    });
    ws.on('message', (data: Buffer, isBinary) => {
      if (!c.stalled) this.receive(c, data, isBinary);
    });
    ws.on('close', () => this.conns.delete(c));
    ws.on('error', () => ws.terminate());
  }

  /** How many connections are open, and how many topics each holds (tests, controls). */
  connections(): {
    authenticated: boolean;
    topics: number;
    paused: number[];
    lite: number[];
    stalled: boolean;
  }[] {
    return [...this.conns].map((c) => ({
      authenticated: c.auth !== undefined,
      topics: c.topics.size,
      paused: [...c.paused],
      lite: [...c.lite],
      stalled: c.stalled,
    }));
  }

  /**
   * Test control: stalls (or frees) every open connection without closing it, as a half-open
   * TCP connection looks to the client: nothing more arrives, not even the pong a WebSocket
   * ping is owed, and what the client sends is dropped. Connections opened later are not
   * stalled, so a client that notices and reconnects gets prices again.
   */
  stall(on: boolean): number {
    for (const c of this.conns) c.stalled = on;
    return this.conns.size;
  }

  /** Cuts every connection without a close frame, as a network drop would. */
  drop(): number {
    const n = this.conns.size;
    for (const c of this.conns) c.ws.terminate();
    return n;
  }

  /**
   * Test control, as the v2 hub's: one price update stamped `aheadMs` in the future (at `ltp`,
   * else the market's; the day's range widened to hold it) for the scrip topic of `symbol`
   * (else the first) on every authenticated connection. The fields it moved count as unsent,
   * so the next market step restates the real ones.
   */
  sendFuture(aheadMs: number, symbol?: string, ltp?: number): number {
    let n = 0;
    const at = (fld: string) => hsmFieldIndex(HSM_SCRIP_FIELDS, fld);
    for (const c of this.conns) {
      if (!c.auth) continue;
      const t = [...c.topics.values()].find(
        (x) => x.prefix === HsmTopic.Scrip && x.sent && (!symbol || x.instrument.ticker === symbol),
      );
      if (!t?.sent) continue;
      const v = marketView(this.core.state, t.instrument);
      const values = topicValues(t.prefix, v);
      const scale = 10 ** precisionOf(v);
      const price = ltp === undefined ? values[at('ltp')]! : Math.round(ltp * scale);
      const secs = Math.floor(v.at / 1000) + Math.floor(aheadMs / 1000);
      values[at('ltp')] = price;
      values[at('fdtm')] = secs;
      values[at('ltt')] = secs;
      values[at('lo')] = Math.min(values[at('lo')]!, price);
      values[at('h')] = Math.max(values[at('h')]!, price);
      for (const f of ['ltp', 'fdtm', 'ltt', 'lo', 'h']) t.sent[at(f)] = Number.NaN;
      this.send(c, encodeData([{ kind: 'update', topicId: t.id, values }]));
      n++;
    }
    return n;
  }

  /** Test control, as the v2 hub's: one binary frame of `bytes` zero bytes to every connection. */
  sendOversized(bytes: number): number {
    const frame = new Uint8Array(bytes);
    for (const c of this.conns) this.send(c, frame);
    return this.conns.size;
  }

  private receive(c: Conn, data: Buffer, isBinary: boolean): void {
    // Text frames are not part of this protocol (the SDK sends none): ignored.
    if (!isBinary) return;
    let m;
    try {
      m = decodeMessage(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    } catch (e) {
      if (e instanceof HsmFrameError) return c.ws.close(CLOSE_PROTOCOL_ERROR, 'malformed frame');
      throw e;
    }
    if (m.type === HsmMessageType.Ping) return;
    if (m.type === HsmMessageType.Connection) return this.connect(c, connectKeyOf(m));
    if (!c.auth) return c.ws.close(SocketCloseCode.TokenInvalid, 'connect with an hsm_key first');
    switch (m.type) {
      case HsmMessageType.Subscribe:
      case HsmMessageType.Unsubscribe: {
        let req;
        try {
          req = subscribeOf(m);
        } catch {
          return this.send(c, encodeStatusAnswer(m.type, false));
        }
        const ok =
          m.type === HsmMessageType.Subscribe
            ? this.subscribe(c, req.topics, req.channel)
            : this.unsubscribe(c, req.topics);
        return this.send(c, encodeStatusAnswer(m.type, ok));
      }
      case HsmMessageType.ChannelPause:
      case HsmMessageType.ChannelResume: {
        const chans = channelsOf(m.fields.get(1));
        for (const ch of chans)
          if (m.type === HsmMessageType.ChannelPause) c.paused.add(ch);
          else c.paused.delete(ch);
        this.send(c, encodeStatusAnswer(m.type, chans.length > 0));
        // A resumed channel's topics are sent at once, not at the next market step.
        if (m.type === HsmMessageType.ChannelResume) this.pushTo(c, new Map(), chans);
        return;
      }
      case HsmMessageType.LiteFull: {
        const chans = channelsOf(m.fields.get(1));
        const mode = m.fields.get(2)?.[0];
        const ok = chans.length > 0 && (mode === HsmDataMode.Lite || mode === HsmDataMode.Full);
        if (ok)
          for (const ch of chans)
            if (mode === HsmDataMode.Lite) c.lite.add(ch);
            else c.lite.delete(ch);
        return this.send(c, encodeStatusAnswer(m.type, ok));
      }
      default:
        // Acknowledgements, throttling, snapshots and option chains: not served (inferred).
        return;
    }
  }

  private connect(c: Conn, hsmKey: string): void {
    const auth = hsmKey ? this.authByHsmKey(hsmKey) : undefined;
    if (!auth) {
      this.send(c, encodeConnectAnswer(false));
      c.ws.close(SocketCloseCode.TokenInvalid, 'unknown or expired hsm_key; log in again');
      return;
    }
    c.auth = auth;
    this.send(c, encodeConnectAnswer(true, hsmFieldMap()));
  }

  private subscribe(c: Conn, names: string[], channel: number): boolean {
    const fresh: string[] = [];
    let any = false;
    for (const name of names) {
      const had = c.topics.get(name);
      if (had) {
        had.channel = channel;
        any = true;
        continue;
      }
      const r = this.topics.resolve(name);
      if (!r) continue;
      if (c.topics.size >= MAX_TOPICS_PER_CONNECTION) break;
      c.topics.set(name, { ...r, id: c.nextId++, name, channel, sent: undefined });
      fresh.push(name);
      any = true;
    }
    // Every new topic's snapshot at once: the subscriber has a price before the next step.
    if (fresh.length > 0) this.pushTo(c, new Map(), undefined, new Set(fresh));
    return any;
  }

  private unsubscribe(c: Conn, names: string[]): boolean {
    let any = false;
    for (const n of names) any = c.topics.delete(n) || any;
    return any;
  }

  private push(): void {
    const views = new Map<string, MarketView>();
    for (const c of [...this.conns]) {
      if (!c.auth) continue;
      if (!this.stillValid(c.auth)) {
        this.conns.delete(c);
        c.ws.close(SocketCloseCode.TokenInvalid, 'access token expired or revoked; log in again');
        continue;
      }
      this.pushTo(c, views);
    }
  }

  /** Sends what moved for a connection's running topics (only `channels` / `only` if given). */
  private pushTo(
    c: Conn,
    views: Map<string, MarketView>,
    channels?: number[],
    only?: Set<string>,
  ): void {
    const packets: HsmPacket[] = [];
    for (const t of c.topics.values()) {
      if (c.paused.has(t.channel)) continue;
      if (channels && !channels.includes(t.channel)) continue;
      if (only && !only.has(t.name)) continue;
      const p = this.packet(c, t, views);
      if (p) packets.push(p);
    }
    for (let k = 0; k < packets.length; k += HSM_MAX_PACKETS_PER_FRAME)
      this.send(c, encodeData(packets.slice(k, k + HSM_MAX_PACKETS_PER_FRAME)));
  }

  private packet(c: Conn, t: Topic, views: Map<string, MarketView>): HsmPacket | undefined {
    const ticker = t.instrument.ticker;
    let v = views.get(ticker);
    if (!v) {
      v = marketView(this.core.state, t.instrument);
      views.set(ticker, v);
    }
    const now = topicValues(t.prefix, v);
    const before = t.sent;
    t.sent = now;
    if (!before)
      return {
        kind: 'snapshot',
        topicId: t.id,
        topic: t.name,
        values: now,
        multiplier: 1,
        precision: precisionOf(v),
        strings: t.strings,
      };
    if (c.lite.has(t.channel) && t.prefix !== HsmTopic.Depth) {
      const n = t.prefix === HsmTopic.Index ? HSM_LITE_FIELDS.index : HSM_LITE_FIELDS.scrip;
      const head = now.slice(0, n);
      return head.some((x, k) => x !== before[k])
        ? { kind: 'lite', topicId: t.id, values: head }
        : undefined;
    }
    // Only what moved; the time fields move every step, so they alone do not make a packet.
    const changed = now.map((x, k) => (x === before[k] ? HSM_NO_VALUE : x));
    const moved = changed.some((x, k) => x !== HSM_NO_VALUE && !this.isTime(t, k));
    return moved ? { kind: 'update', topicId: t.id, values: changed } : undefined;
  }

  private isTime(t: Topic, k: number): boolean {
    if (t.prefix === HsmTopic.Index) return k === 2;
    return t.prefix === HsmTopic.Scrip && (k === 2 || k === 3);
  }

  private send(c: Conn, bytes: Uint8Array): void {
    if (!c.stalled && c.ws.readyState === c.ws.OPEN) c.ws.send(bytes, { binary: true });
  }

  /** Closes every connection and stops listening to the market. */
  close(): void {
    this.unwatch();
    for (const c of this.conns) c.ws.terminate();
    this.conns.clear();
  }
}
