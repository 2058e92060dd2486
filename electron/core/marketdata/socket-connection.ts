/**
 * One live connection to the broker's socket (gaps.md, "The socket"), kept alive for as
 * long as it is wanted. A socket that drops is reopened with growing waits; one that stops
 * answering the heartbeat is treated as dropped (a half-open TCP connection otherwise looks
 * healthy for minutes while prices silently stop); every (re)open calls `onOpen`, so the
 * owner subscribes again. Unlike the broker's SDK it never gives up after ten tries: a
 * trading screen keeps trying, and says it is down meanwhile so the REST fallback runs.
 */
import WebSocket from 'ws';
import type { Logger } from '../diagnostics/logger';
import type { Clock } from '../limiter/clock';
import { HEARTBEAT_MS, PING, SocketCloseCode } from '../../../shared/marketdata/socket-protocol';

/** The `ws` error code of a frame over `maxPayload`. */
const FRAME_TOO_LARGE = 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH';
/** The WebSocket close code for a message too big to process (RFC 6455). */
const MESSAGE_TOO_BIG = 1009;

/** Where a connection stands, for the fallback logic and the status line. */
export type SocketState = 'idle' | 'connecting' | 'open' | 'down';

/** The part of a WebSocket this module uses, so tests and the bench can pass their own. */
export interface SocketLike {
  send(data: string | Uint8Array): void;
  /** Sends a WebSocket ping control frame (RFC 6455); the peer must answer with a pong. */
  ping?(): void;
  close(): void;
  terminate(): void;
  on(event: 'open', fn: () => void): void;
  on(event: 'message', fn: (data: unknown, isBinary: boolean) => void): void;
  on(event: 'close', fn: (code: number) => void): void;
  on(event: 'error', fn: (err: Error) => void): void;
  on(event: 'pong', fn: () => void): void;
}

/** Constructor dependencies and tuning. */
export interface SocketConnectionOptions {
  /** Short name for logs: `symbolUpdate` or `orderUpdate`. */
  name: string;
  /** The full URL with the access token, or null while there is no session. Never logged. */
  url: () => string | null;
  /**
   * Handshake headers, read at each (re)connect (the v3 order socket authenticates with
   * `Authorization: <app_id>:<access_token>`, as the broker's SDK does). Never logged.
   */
  headers?: () => Record<string, string> | undefined;
  clock: Clock;
  logger: Logger;
  /** Heartbeat interval (gaps.md: 6 s). A ping unanswered by the next one reconnects. */
  pingEveryMs?: number;
  /** First reconnect wait; doubles up to `maxBackoffMs`. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** The heartbeat frame (default: v2's text ping; the v3 data socket's is binary). */
  ping?: string | Uint8Array;
  /**
   * Whether the server answers each ping with a pong (default true: a ping unanswered by the
   * next one reconnects). The v3 data socket sends none, so its liveness is any frame.
   */
  expectPong?: boolean;
  /**
   * Also sends a WebSocket ping control frame with each heartbeat and reconnects when its
   * pong has not come by the next one. For a server whose own protocol answers no heartbeat
   * (the v3 data socket): RFC 6455 obliges every WebSocket endpoint to answer a ping, so a
   * stalled (half-open) connection is found without waiting for prices to go stale.
   */
  controlPing?: boolean;
  /** Opens a socket (with `headers` when given); defaults to the `ws` client with a handshake time limit. */
  open?: (url: string, headers?: Record<string, string>) => SocketLike;
  /** The socket opened: subscribe here (it is called again after every reconnect). */
  onOpen(send: (data: string | Uint8Array) => void): void;
  onText(text: string): void;
  onBinary(bytes: Uint8Array): void;
  onState?(state: SocketState): void;
  /** The server closed for an invalid token: no retry until `restart` (a new login). */
  onTokenRejected?(): void;
  /** The open socket proved alive (first pong or frame): only now may it replace the fallback. */
  onAlive?(): void;
}

/** Handle of a kept-alive connection. */
export interface SocketConnection {
  /** Opens (or keeps open) the connection. */
  start(): void;
  /** Closes it and stops reconnecting. */
  stop(): void;
  /** Sends a frame when open; false when not (the next open resubscribes anyway). */
  send(data: string | Uint8Array): boolean;
  state(): SocketState;
  /** Open and answering: a socket that opens but never pongs (a stall) is not healthy. */
  healthy(): boolean;
  /** Drops the current socket and reconnects at once (the URL or the account changed). */
  restart(): void;
  /** How many times the socket was reopened after a drop or a missed pong. */
  reconnects(): number;
}

const HANDSHAKE_TIMEOUT_MS = 10_000;

/**
 * Largest frame read from a socket. A real price frame is at most a few kilobytes (fifty
 * depth packets are 12 KB) and an order update is refused above 64 KB; 1 MiB leaves a wide
 * margin. A larger frame is refused by `ws` from its header, before its payload is read,
 * and the connection closes with 1009 and reconnects (issue 18 #5: a 60 MB frame stalled
 * the app 1.4 s; the default limit was 100 MiB).
 */
export const MAX_SOCKET_FRAME_BYTES = 1024 * 1024;

function toBytes(data: unknown): Uint8Array | null {
  if (data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (Array.isArray(data) && data.every((d) => d instanceof Uint8Array))
    return Buffer.concat(data as Uint8Array[]);
  return null;
}

/** Creates the connection (not started). */
export function createSocketConnection(opts: SocketConnectionOptions): SocketConnection {
  const { clock } = opts;
  const log = opts.logger.child(`marketdata.${opts.name}`);
  const pingEvery = opts.pingEveryMs ?? HEARTBEAT_MS;
  const ping = opts.ping ?? PING;
  const expectPong = opts.expectPong ?? true;
  const controlPing = opts.controlPing ?? false;
  const minBackoff = opts.minBackoffMs ?? 500;
  const maxBackoff = opts.maxBackoffMs ?? 15_000;
  const open =
    opts.open ??
    ((url: string, headers?: Record<string, string>) =>
      new WebSocket(url, {
        handshakeTimeout: HANDSHAKE_TIMEOUT_MS,
        maxPayload: MAX_SOCKET_FRAME_BYTES,
        ...(headers ? { headers } : {}),
      }) as unknown as SocketLike);

  let wanted = false;
  let socket: SocketLike | null = null;
  let current: SocketState = 'idle';
  let failures = 0;
  let reopened = 0;
  let everOpened = false;
  let retryTimer: unknown = undefined;
  let pingTimer: unknown = undefined;
  let awaitingPong = false;
  /** A control ping went out and its pong has not come back yet. */
  let awaitingControlPong = false;
  let alive = false;
  let frameRefusalLogged = false;

  function markAlive(): void {
    if (alive) return;
    alive = true;
    opts.onAlive?.();
  }

  function setState(s: SocketState): void {
    if (s === current) return;
    current = s;
    opts.onState?.(s);
  }

  function clearTimers(): void {
    if (retryTimer !== undefined) clock.clearTimeout(retryTimer);
    if (pingTimer !== undefined) clock.clearTimeout(pingTimer);
    retryTimer = pingTimer = undefined;
  }

  function heartbeat(): void {
    pingTimer = clock.setTimeout(() => {
      pingTimer = undefined;
      if (!socket || current !== 'open') return;
      if (awaitingPong || awaitingControlPong) {
        log.warn('no pong: reconnecting', { afterMs: pingEvery });
        drop(socket);
        return;
      }
      sendPings(socket);
      heartbeat();
    }, pingEvery);
  }

  /** One heartbeat: the protocol's own ping, and a control ping when asked for. */
  function sendPings(s: SocketLike): void {
    awaitingPong = expectPong;
    s.send(ping);
    if (controlPing && s.ping) {
      awaitingControlPong = true;
      s.ping();
    }
  }

  function drop(s: SocketLike, code = 0): void {
    if (s !== socket) return;
    socket = null;
    alive = false;
    clearTimers();
    try {
      s.terminate();
    } catch {
      // Already gone: nothing to release.
    }
    if (!wanted) {
      setState('idle');
      return;
    }
    setState('down');
    if (code === SocketCloseCode.TokenInvalid) {
      // Retrying with the same token only repeats the refusal; a new login restarts us.
      log.warn('token refused by the socket: waiting for a new login', { code });
      opts.onTokenRejected?.();
      return;
    }
    const wait = Math.min(maxBackoff, minBackoff * 2 ** Math.min(failures, 10));
    failures++;
    // The close code names why (docs/support.md "Socket close codes"), e.g. 1013 slow consumer.
    log.warn('closed: reconnecting', { code, waitMs: wait });
    retryTimer = clock.setTimeout(() => {
      retryTimer = undefined;
      connect();
    }, wait);
  }

  function connect(): void {
    if (!wanted || socket) return;
    const url = opts.url();
    if (!url) {
      setState('down');
      retryTimer = clock.setTimeout(() => {
        retryTimer = undefined;
        connect();
      }, maxBackoff);
      return;
    }
    setState('connecting');
    let s: SocketLike;
    try {
      const headers = opts.headers?.();
      s = headers ? open(url, headers) : open(url);
    } catch (err) {
      log.warn('cannot open', { err: err instanceof Error ? err.message : String(err) });
      socket = null;
      setState('down');
      retryTimer = clock.setTimeout(() => connect(), maxBackoff);
      return;
    }
    socket = s;
    s.on('open', () => {
      if (s !== socket) return;
      if (everOpened) reopened++;
      everOpened = true;
      failures = 0;
      alive = false;
      setState('open');
      log.info('open');
      // Ping at once: the first pong proves the socket alive without waiting a whole interval.
      sendPings(s);
      heartbeat();
      try {
        opts.onOpen((data) => s.send(data));
      } catch (err) {
        log.error('subscribe on open failed', { err: String(err) });
      }
    });
    s.on('message', (data, isBinary) => {
      if (s !== socket) return;
      if (!isBinary) {
        const text = Buffer.isBuffer(data) ? data.toString('utf8') : String(data);
        if (text.includes('pong') && text.length < 16) {
          awaitingPong = false;
          markAlive();
          return;
        }
        markAlive();
        opts.onText(text);
        return;
      }
      markAlive();
      const bytes = toBytes(data);
      if (bytes) opts.onBinary(bytes);
    });
    s.on('pong', () => {
      if (s === socket) awaitingControlPong = false;
    });
    s.on('error', (err) => {
      if ((err as { code?: string }).code === FRAME_TOO_LARGE) {
        // Once per connection object's life: a feed that keeps doing it must not flood the log.
        if (!frameRefusalLogged)
          log.warn(`refused a frame larger than ${MAX_SOCKET_FRAME_BYTES} bytes: reconnecting`);
        frameRefusalLogged = true;
        // Cut at once: a close handshake would first read (and discard) the rest of the frame.
        drop(s, MESSAGE_TOO_BIG);
        return;
      }
      // 'close' follows; the message says why (never the URL, which carries the token).
      log.warn('socket error', {
        err: err.message.replace(/access_token=[^&\s]*/g, 'access_token=…'),
      });
    });
    s.on('close', (code) => drop(s, code));
  }

  return {
    start() {
      if (wanted) return;
      wanted = true;
      connect();
    },
    stop() {
      wanted = false;
      const s = socket;
      socket = null;
      alive = false;
      clearTimers();
      if (s) {
        try {
          s.close();
        } catch {
          // Closing a socket that never opened: nothing to do.
        }
      }
      setState('idle');
    },
    send(data) {
      if (!socket || current !== 'open') return false;
      socket.send(data);
      return true;
    },
    state: () => current,
    healthy: () => current === 'open' && alive,
    restart() {
      if (!wanted) return;
      const s = socket;
      if (s) drop(s);
      else {
        clearTimers();
        connect();
      }
    },
    reconnects: () => reopened,
  };
}
