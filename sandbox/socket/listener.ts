/**
 * The sandbox's socket service on its own port (gaps.md: socket services are not reached
 * through the REST base). It accepts WebSocket upgrades on `/socket/v2/dataSock` only,
 * authenticates the `access_token=<app_id>:<access_token>` query exactly like the REST
 * Authorization header, and hands each accepted connection, with its `type`, to the feed that
 * serves it. A refused upgrade gets the failure envelope as an HTTP answer, so a client can
 * tell an expired token from a wrong path.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { ErrorCode } from '../../shared/broker/errors';
import { SOCKET_PATH, SocketType } from '../../shared/marketdata/socket-protocol';
import { BrokerFailure, fail } from '../failure';
import type { AuthContext } from '../http/types';

/** Accepts or refuses one upgrade: returns who is connecting or throws a BrokerFailure. */
export type SocketAuthenticator = (accessToken: string, kind: SocketType) => AuthContext;

/** Serves one accepted connection. */
export type ConnectionHandler = (ws: WebSocket, kind: SocketType, auth: AuthContext) => void;

/**
 * Another socket at its own path on the same port (the v3 order and data sockets): it
 * authenticates from the upgrade request itself (a header, not the v2 query) or throws a
 * BrokerFailure, and serves the connection. A route without `authenticate` takes every
 * upgrade: its protocol authenticates inside the connection (the v3 data socket).
 */
export interface PathRoute {
  authenticate?(req: IncomingMessage): AuthContext;
  /**
   * The route answers WebSocket pings itself (RFC 6455 control frames) instead of the library
   * answering them, so a test control can stall a connection the way a half-open one looks:
   * open, but nothing comes back, not even a pong.
   */
  manualPong?: boolean;
  handle(ws: WebSocket, auth: AuthContext | undefined, req: IncomingMessage): void;
}

/** A listening socket service. */
export interface SocketListener {
  /** e.g. ws://127.0.0.1:PORT/socket/v2/dataSock */
  url: string;
  /** Starts accepting connections (upgrades that arrive before wait for it). */
  attach(auth: SocketAuthenticator, handler: ConnectionHandler): void;
  /** Serves another socket at `path` (e.g. `/trade/v3`); its URL is `origin + path`. */
  route(path: string, r: PathRoute): void;
  /** ws(s)://127.0.0.1:PORT, for the URLs of routed paths. */
  origin: string;
  /** Closes every connection and the port. */
  close(): Promise<void>;
}

function refuse(socket: Duplex, status: number, code: number, message: string): void {
  const body = JSON.stringify({ s: 'error', code, message });
  const reason =
    (
      {
        401: 'Unauthorized',
        403: 'Forbidden',
        404: 'Not Found',
        500: 'Internal Server Error',
      } as Record<number, string>
    )[status] ?? 'Bad Request';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Refuses an upgrade for a failure: its own envelope, or a 500 for anything unexpected. */
function refuseFailure(socket: Duplex, e: unknown): void {
  if (e instanceof BrokerFailure) return refuse(socket, e.http, e.code, e.message);
  console.error(`[sandbox] internal error on a socket upgrade: ${(e as Error).stack ?? String(e)}`);
  refuse(socket, 500, ErrorCode.ExchangeNotProcessed, 'Internal error in the sandbox broker');
}

function parseKind(t: string | null): SocketType {
  const k = SocketType.safeParse(t);
  if (k.success) return k.data;
  return fail(
    ErrorCode.InvalidParameters,
    `type must be symbolUpdate or orderUpdate, not ${t === null ? 'missing' : JSON.stringify(t)}`,
  );
}

/** Opens the socket port on 127.0.0.1 (TLS when given a key and certificate). */
export async function listenSocket(opts: {
  port?: number;
  tls?: { key: string; cert: string };
}): Promise<SocketListener> {
  const server: Server = opts.tls
    ? createHttpsServer({ key: opts.tls.key, cert: opts.tls.cert })
    : createHttpServer();
  server.on('request', (_req, res) => {
    res.writeHead(426, { 'content-type': 'application/json; charset=utf-8' });
    res.end(
      JSON.stringify({
        s: 'error',
        code: ErrorCode.InvalidParameters,
        message: `This is the socket service: open a WebSocket to ${SOCKET_PATH}`,
      }),
    );
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  /** For routes that answer pings themselves (`PathRoute.manualPong`). */
  const wssManualPong = new WebSocketServer({
    noServer: true,
    maxPayload: 1024 * 1024,
    autoPong: false,
  });
  let attached: { auth: SocketAuthenticator; handler: ConnectionHandler } | undefined;
  const routes = new Map<string, PathRoute>();
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const routed = routes.get(url.pathname);
    if (routed) return upgradeRouted(routed, req, socket, head);
    if (url.pathname !== SOCKET_PATH)
      return refuse(socket, 404, ErrorCode.InvalidParameters, `No socket at ${url.pathname}`);
    let kind: SocketType;
    let auth: AuthContext;
    try {
      kind = parseKind(url.searchParams.get('type'));
      const token = url.searchParams.get('access_token');
      if (!token)
        fail(ErrorCode.TokenAuthFailed, 'access_token is missing; send <app_id>:<access_token>');
      auth = attached!.auth(token, kind);
    } catch (e) {
      return refuseFailure(socket, e);
    }
    wss.handleUpgrade(req, socket, head, (ws) => attached!.handler(ws, kind, auth));
  };
  const upgradeRouted = (r: PathRoute, req: IncomingMessage, socket: Duplex, head: Buffer) => {
    let auth: AuthContext | undefined;
    try {
      auth = r.authenticate?.(req);
    } catch (e) {
      return refuseFailure(socket, e);
    }
    (r.manualPong ? wssManualPong : wss).handleUpgrade(req, socket, head, (ws) =>
      r.handle(ws, auth, req),
    );
  };
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    if (attached) upgrade(req, socket, head);
    else void ready.then(() => upgrade(req, socket, head));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  let closed: Promise<void> | undefined;
  const origin = `${opts.tls ? 'wss' : 'ws'}://127.0.0.1:${port}`;
  return {
    url: `${origin}${SOCKET_PATH}`,
    origin,
    route(path, r) {
      routes.set(path, r);
    },
    attach(auth, handler) {
      attached = { auth, handler };
      markReady();
    },
    close() {
      closed ??= new Promise<void>((resolve) => {
        for (const server of [wss, wssManualPong]) {
          for (const ws of server.clients) ws.terminate();
          server.close();
        }
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
