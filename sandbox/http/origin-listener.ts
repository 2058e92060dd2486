/**
 * One origin of the sandbox: an HTTP(S) listener on its own loopback port, whose handler is
 * set once the market is built (requests that arrive before wait for `ready`). The broker's
 * own origin, the v2 data host (quotes and depth) and the depository's pages each get one, as
 * the real broker spreads its calls over several hosts: a call sent to the wrong one fails here too.
 */
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A listening origin: its URL (no trailing slash), its handler slot and its closing. */
export interface OriginListener {
  server: Server;
  /** e.g. http://127.0.0.1:PORT */
  url: string;
  /** Sets the handler every request of this origin goes to. */
  handle(h: Handler): void;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 (`port` 0 or absent: a free one) and resolves once it does. */
export async function listenOrigin(opts: {
  port?: number;
  tls?: { key: string; cert: string };
  ready: Promise<void>;
}): Promise<OriginListener> {
  const slot: { handler?: Handler } = {};
  const listener: Handler = (req, res) => {
    if (slot.handler) slot.handler(req, res);
    else void opts.ready.then(() => slot.handler?.(req, res));
  };
  const server: Server = opts.tls
    ? createHttpsServer({ key: opts.tls.key, cert: opts.tls.cert }, listener)
    : createHttpServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    url: `${opts.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    handle: (h) => (slot.handler = h),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
