/**
 * The app's client of the v3 binary data socket (docs/broker-v3.md, "Data socket"): one kept-
 * alive connection (the same reconnecting connection the v2 sockets use, with the v3 binary
 * heartbeat and a WebSocket control ping whose missing pong reconnects) that authenticates with the access token's `hsm_key` on every (re)open and then
 * subscribes every wanted symbol again, so a drop costs a few seconds of prices, never the
 * watch list. Symbols become topics from the symbol master's token (no symbol-token call);
 * what arrives becomes the app's Quote through the same `tickToQuote` the v2 feed uses.
 */
import type { Logger } from '../../diagnostics/logger';
import type { Clock } from '../../limiter/clock';
import type { Quote } from '../../../../shared/marketdata/quote';
import {
  encodeChannels,
  encodeConnect,
  encodeMode,
  encodeSubscribe,
  HSM_PING,
} from '../../../../shared/marketdata/v3/hsm-frames';
import {
  HSM_DEFAULT_CHANNEL,
  HSM_SEGMENT_OF_TOKEN_PREFIX,
  HsmDataMode,
  HsmMessageType,
  HsmTopic,
  hsmTokenPart,
} from '../../../../shared/marketdata/v3/hsm-protocol';
import { createSocketConnection, type SocketLike, type SocketState } from '../socket-connection';
import { tickToQuote } from '../socket-normalize';
import type { DecodedTick } from '../packet-decoder';
import { createHsmDecoder, type HsmDepth } from './hsm-decoder';

/** Topics per subscribe request (the SDK's own batches are of this order). */
const SUBSCRIBE_CHUNK = 100;
/**
 * Heartbeat period: the broker's Python SDK sends its ping every 10 s (the Node SDK every
 * 30 s). Each beat also carries a WebSocket control ping, whose pong must come by the next
 * beat: nothing in the HSM protocol answers its own ping, so this is how a stalled connection
 * is found (docs/broker-v3.md, "Data socket"), within 10–20 s.
 */
const HSM_HEARTBEAT_MS = 10_000;

/** Constructor dependencies. */
export interface HsmFeedOptions {
  /** The data socket URL, or null while there is no session. */
  url: () => string | null;
  /** The `hsm_key` claim of the current access token, or null. Never logged. */
  hsmKey: () => string | null;
  /** The instrument token of a symbol (the symbol master's), or undefined if unknown. */
  tokenOf: (symbol: string) => string | undefined;
  clock: Clock;
  logger: Logger;
  /** A price, with the decoded tick it came from (fields a Quote does not keep, e.g. totals). */
  onQuote(quote: Quote, tick: DecodedTick): void;
  onDepth?(symbol: string, depth: HsmDepth): void;
  onState?(state: SocketState): void;
  /** The open socket proved alive (its first frame): only now may it replace a fallback. */
  onAlive?(): void;
  /** A frame that could not be read, by reason (counted like v2's malformed packets). */
  onMalformed?(reason: string): void;
  /** The server refused the key: no retry until a new login restarts the feed. */
  onTokenRejected?(): void;
  /** The server's answer to a request (HsmMessageType), K or N: for status and tests. */
  onAnswer?(type: number, ok: boolean): void;
  channel?: number;
  minBackoffMs?: number;
  maxBackoffMs?: number;
  open?: (url: string) => SocketLike;
}

/** A running feed. */
export interface HsmFeed {
  start(): void;
  stop(): void;
  /** Adds symbols (their prices, or with `depth` their five-level books). */
  subscribe(symbols: readonly string[], depth?: boolean): void;
  unsubscribe(symbols: readonly string[], depth?: boolean): void;
  /** Lite: last prices only, for a screen that shows nothing else; full: every field. */
  setLite(lite: boolean): void;
  /** Pauses or resumes the feed's channel (a hidden window needs no prices). */
  setPaused(paused: boolean): void;
  state(): SocketState;
  healthy(): boolean;
  reconnects(): number;
  /** Drops the connection and reconnects at once (a new login). */
  restart(): void;
}

/** The topic of a symbol's prices or book, or undefined when its token is unknown. */
export function topicOf(symbol: string, token: string, depth: boolean): string | undefined {
  const seg = HSM_SEGMENT_OF_TOKEN_PREFIX[token.slice(0, 4)];
  if (!seg) return undefined;
  if (symbol.endsWith('-INDEX')) {
    if (depth) return undefined;
    // The index's ticker stem (*inferred*: the broker also answers to it; the SDK sends a
    // display name from a table of its own).
    return `${HsmTopic.Index}|${seg}|${symbol.slice(symbol.indexOf(':') + 1, -'-INDEX'.length)}`;
  }
  return `${depth ? HsmTopic.Depth : HsmTopic.Scrip}|${seg}|${hsmTokenPart(token)}`;
}

/** Creates the feed (not started). */
export function createHsmFeed(opts: HsmFeedOptions): HsmFeed {
  const channel = opts.channel ?? HSM_DEFAULT_CHANNEL;
  /** Wanted topics → their symbol. */
  const wanted = new Map<string, string>();
  let lite = false;
  let paused = false;
  let decoder = createHsmDecoder();

  const topics = (symbols: readonly string[], depth: boolean) =>
    symbols.flatMap((s) => {
      const token = opts.tokenOf(s);
      const t = token ? topicOf(s, token, depth) : undefined;
      return t ? [[t, s] as const] : [];
    });

  const conn = createSocketConnection({
    name: 'hsmData',
    url: () => (opts.hsmKey() ? opts.url() : null),
    clock: opts.clock,
    logger: opts.logger,
    ping: HSM_PING,
    expectPong: false,
    controlPing: true,
    pingEveryMs: HSM_HEARTBEAT_MS,
    ...(opts.minBackoffMs !== undefined ? { minBackoffMs: opts.minBackoffMs } : {}),
    ...(opts.maxBackoffMs !== undefined ? { maxBackoffMs: opts.maxBackoffMs } : {}),
    ...(opts.open ? { open: opts.open } : {}),
    onOpen(send) {
      decoder = createHsmDecoder();
      const key = opts.hsmKey();
      if (!key) return;
      send(encodeConnect(key, 'tickdesk'));
      const all = [...wanted.keys()];
      for (let i = 0; i < all.length; i += SUBSCRIBE_CHUNK)
        send(encodeSubscribe(HsmMessageType.Subscribe, all.slice(i, i + SUBSCRIBE_CHUNK), channel));
      if (lite) send(encodeMode([channel], HsmDataMode.Lite));
      if (paused) send(encodeChannels(HsmMessageType.ChannelPause, [channel]));
    },
    onText() {
      // The data socket speaks binary only.
    },
    onBinary(bytes) {
      const r = decoder.decode(bytes);
      if (r.kind === 'malformed') opts.onMalformed?.(r.reason);
      else if (r.kind === 'connected' && !r.ok) opts.onTokenRejected?.();
      else if (r.kind === 'answer') opts.onAnswer?.(r.type, r.ok);
      else if (r.kind === 'data') {
        if (r.reason !== null) opts.onMalformed?.(r.reason);
        const now = opts.clock.now();
        for (const { topic, tick } of r.ticks) {
          const symbol = wanted.get(topic);
          if (symbol && Number.isFinite(tick.ltp) && tick.ltp > 0)
            opts.onQuote(tickToQuote(tick, symbol, now), tick);
        }
        for (const d of r.depths) {
          const symbol = wanted.get(d.topic);
          if (symbol) opts.onDepth?.(symbol, d);
        }
      }
    },
    ...(opts.onState ? { onState: opts.onState } : {}),
    ...(opts.onAlive ? { onAlive: opts.onAlive } : {}),
    ...(opts.onTokenRejected ? { onTokenRejected: opts.onTokenRejected } : {}),
  });

  return {
    start: () => conn.start(),
    stop: () => conn.stop(),
    subscribe(symbols, depth = false) {
      const fresh = topics(symbols, depth).filter(([t]) => !wanted.has(t));
      for (const [t, s] of fresh) wanted.set(t, s);
      const names = fresh.map(([t]) => t);
      for (let i = 0; i < names.length; i += SUBSCRIBE_CHUNK)
        conn.send(
          encodeSubscribe(HsmMessageType.Subscribe, names.slice(i, i + SUBSCRIBE_CHUNK), channel),
        );
    },
    unsubscribe(symbols, depth = false) {
      const gone = topics(symbols, depth)
        .map(([t]) => t)
        .filter((t) => wanted.delete(t));
      if (gone.length > 0) conn.send(encodeSubscribe(HsmMessageType.Unsubscribe, gone, channel));
    },
    setLite(on) {
      lite = on;
      conn.send(encodeMode([channel], on ? HsmDataMode.Lite : HsmDataMode.Full));
    },
    setPaused(on) {
      paused = on;
      conn.send(
        encodeChannels(on ? HsmMessageType.ChannelPause : HsmMessageType.ChannelResume, [channel]),
      );
    },
    state: () => conn.state(),
    healthy: () => conn.healthy(),
    reconnects: () => conn.reconnects(),
    restart: () => conn.restart(),
  };
}
