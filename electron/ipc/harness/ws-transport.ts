import { timingSafeEqual } from 'node:crypto';
import type { Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import type { EventBus } from '../event-bus';
import type { Router } from '../router';

/** Unsent bytes above which the page counts as behind and order deltas wait, coalesced. */
const SLOW_SOCKET_BYTES = 256 * 1024;

/** Messages the browser may send over the harness socket. */
type ClientMessage =
  | { type: 'hello'; secret: string; href: string; top: boolean }
  | { type: 'call'; id: number; channel: string; input?: unknown };

/**
 * The harness's transport: the same router the Electron app uses, reached over a
 * WebSocket on 127.0.0.1. A socket is accepted only from the harness's own origin and only
 * after it proves it knows the per-launch secret; until then every call is refused.
 * This file is never bundled into the Electron app.
 */
export function attachWsTransport(opts: {
  server: Server;
  router: Router;
  bus: EventBus;
  origin: string;
  secret: string;
  onWarn(msg: string, fields?: Record<string, unknown>): void;
}): { close(): void } {
  const wss = new WebSocketServer({
    server: opts.server,
    path: '/ipc',
    maxPayload: 1024 * 1024,
    verifyClient: ({ origin }: { origin: string }) => origin === opts.origin,
  });
  let nextSender = 1;
  wss.on('connection', (socket: WebSocket) => {
    const senderId = `ws-${nextSender++}`;
    let hello: { href: string; top: boolean } | null = null;
    let detach: (() => void) | null = null;
    const helloTimer = setTimeout(() => socket.close(4001, 'hello expected'), 5000);
    helloTimer.unref();

    socket.on('message', (raw) => {
      let msg: ClientMessage;
      try {
        msg = JSON.parse(String(raw)) as ClientMessage;
      } catch {
        socket.close(4002, 'malformed message');
        return;
      }
      if (!hello) {
        if (
          msg.type !== 'hello' ||
          typeof msg.secret !== 'string' ||
          !sameSecret(msg.secret, opts.secret)
        ) {
          opts.onWarn('harness: socket refused (bad secret)');
          socket.close(4003, 'forbidden');
          return;
        }
        clearTimeout(helloTimer);
        hello = { href: String(msg.href), top: msg.top === true };
        detach = opts.bus.attach(
          (name, payload) => socket.send(JSON.stringify({ type: 'event', name, payload })),
          { busy: () => socket.bufferedAmount > SLOW_SOCKET_BYTES },
        );
        socket.send(JSON.stringify({ type: 'ready' }));
        return;
      }
      if (msg.type !== 'call' || typeof msg.id !== 'number') return;
      const sender = { url: hello.href, isTopFrame: hello.top };
      void opts.router
        .dispatch({ channel: String(msg.channel), input: msg.input, sender, ctx: { senderId } })
        .then((result) => socket.send(JSON.stringify({ type: 'result', id: msg.id, result })));
    });
    socket.on('close', () => {
      clearTimeout(helloTimer);
      detach?.();
    });
  });
  return { close: () => wss.close() };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
