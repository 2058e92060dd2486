/**
 * What every dialect's order socket shares, kept once: the connection is named `orderUpdate`,
 * runs on the service's clock, logger and test tuning, sends the dialect's subscribe at each
 * (re)open before telling the service it opened (updates may have been missed), counts a binary
 * frame as malformed and passes its state on. A dialect gives only its wire: the address, how
 * it authenticates and pings, what it subscribes and how it reads a text frame.
 */
import { createSocketConnection, type SocketConnectionOptions } from './socket-connection';
import type { FeedSocket, OrderSocketDeps, SocketTuning } from './socket-feeds';

/** The connection options a feed's test tuning sets (only those it sets). */
export function socketTuning(
  t: SocketTuning,
): Pick<SocketConnectionOptions, 'pingEveryMs' | 'minBackoffMs' | 'maxBackoffMs' | 'open'> {
  return {
    ...(t.pingEveryMs !== undefined ? { pingEveryMs: t.pingEveryMs } : {}),
    ...(t.minBackoffMs !== undefined ? { minBackoffMs: t.minBackoffMs } : {}),
    ...(t.maxBackoffMs !== undefined ? { maxBackoffMs: t.maxBackoffMs } : {}),
    ...(t.open ? { open: t.open } : {}),
  };
}

/** A dialect's order-socket wire. */
export interface OrderSocketWire extends Pick<SocketConnectionOptions, 'url' | 'headers' | 'ping'> {
  /** The dialect's heartbeat when the tuning sets none (default: the connection's). */
  pingEveryMs?: number;
  /** The subscribe frame sent at each open. */
  subscribe(): string;
  /** One text frame: an order update (or another message the dialect routes), read here. */
  onText(text: string): void;
}

/** Opens (when started) a dialect's order socket over its wire; see the module comment. */
export function connectOrderSocket(d: OrderSocketDeps, wire: OrderSocketWire): FeedSocket {
  const pingEveryMs = d.tuning.pingEveryMs ?? wire.pingEveryMs;
  return createSocketConnection({
    name: 'orderUpdate',
    url: wire.url,
    ...(wire.headers ? { headers: wire.headers } : {}),
    ...(wire.ping !== undefined ? { ping: wire.ping } : {}),
    clock: d.clock,
    logger: d.logger,
    ...socketTuning(d.tuning),
    ...(pingEveryMs !== undefined ? { pingEveryMs } : {}),
    onOpen(send) {
      send(wire.subscribe());
      d.onOpen();
    },
    onText: (text) => wire.onText(text),
    onBinary() {
      d.onMalformed('binary-on-order-socket', 1);
    },
    onState: (s) => d.onState(s),
  });
}
