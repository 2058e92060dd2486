import { timingSafeEqual } from 'node:crypto';
import type { Server } from 'node:http';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  HARNESS_MAX_FRAME_BYTES,
  HarnessClientMessage,
  HarnessClose,
  type HarnessServerMessage,
} from '../../../shared/ipc/harness-envelope';
import type { EventBus } from '../event-bus';
import type { Router } from '../router';

/** Unsent bytes above which the page counts as behind and order deltas wait, coalesced. */
const SLOW_SOCKET_BYTES = 256 * 1024;

/**
 * The harness's transport: the same router the Electron app uses, reached over a
 * WebSocket on 127.0.0.1. A socket is accepted only from the harness's own origin and only
 * after it proves it knows the per-launch secret; until then every call is refused.
 * A bad frame (over 1 MiB, invalid UTF-8, not a harness message) closes that one socket
 * with a reason and a warning; the harness and every other socket carry on.
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
    maxPayload: HARNESS_MAX_FRAME_BYTES,
    verifyClient: ({ origin }: { origin: string }) => origin === opts.origin,
  });
  // Without these listeners an 'error' event is thrown and ends the whole harness.
  wss.on('error', (err) => opts.onWarn('harness: WebSocket server error', { err: err.message }));
  opts.server.on('clientError', (err, conn) => {
    opts.onWarn('harness: bad HTTP request', { err: err.message });
    conn.destroy();
  });
  let nextSender = 1;
  wss.on('connection', (socket: WebSocket) => {
    const senderId = `ws-${nextSender++}`;
    let hello: { href: string; top: boolean } | null = null;
    let detach: (() => void) | null = null;
    const send = (msg: HarnessServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(msg));
    };
    const refuse = (code: number, reason: string) => {
      opts.onWarn(`harness: socket closed (${reason})`, { sender: senderId });
      socket.close(code, reason);
    };
    const helloTimer = setTimeout(() => refuse(HarnessClose.helloExpected, 'hello expected'), 5000);
    helloTimer.unref();
    // ws has already answered the frame (1009 too big, 1007 invalid UTF-8) and closes the
    // socket; this listener keeps the error from ending the process.
    socket.on('error', (err) => {
      opts.onWarn('harness: bad frame, socket closed', { sender: senderId, err: err.message });
    });

    socket.on('message', (raw: RawData, isBinary: boolean) => {
      const msg = isBinary ? null : parseMessage(raw);
      if (!msg) return refuse(HarnessClose.malformed, 'malformed message');
      if (!hello) {
        if (msg.type !== 'hello' || !sameSecret(msg.secret, opts.secret)) {
          return refuse(HarnessClose.forbidden, 'forbidden');
        }
        clearTimeout(helloTimer);
        hello = { href: msg.href, top: msg.top };
        detach = opts.bus.attach((name, payload) => send({ type: 'event', name, payload }), {
          busy: () => socket.bufferedAmount > SLOW_SOCKET_BYTES,
        });
        send({ type: 'ready' });
        return;
      }
      if (msg.type !== 'call') return;
      const sender = { url: hello.href, isTopFrame: hello.top };
      void opts.router
        .dispatch({ channel: msg.channel, input: msg.input, sender, ctx: { senderId } })
        .then((result) => send({ type: 'result', id: msg.id, result }));
    });
    socket.on('close', () => {
      clearTimeout(helloTimer);
      detach?.();
    });
  });
  return {
    close: () => {
      // ws 8 leaves open sockets of an external server alone; an open tab would keep the
      // harness from ever stopping (Ctrl+C with the browser still open).
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}

/** A client frame as a harness message, or null when it is not JSON or not in the envelope. */
function parseMessage(raw: RawData): HarnessClientMessage | null {
  try {
    const parsed = HarnessClientMessage.safeParse(JSON.parse(rawText(raw)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function rawText(raw: RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  return Buffer.from(raw as ArrayBuffer).toString('utf8');
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
