/**
 * A minimal broker socket for tests of the client side alone: speaks gaps.md's protocol
 * (SUB_DATA / SUB_ORD text frames, "ping" → "pong", binary packet frames) over a real
 * WebSocket, and can drop or stall connections. The sandbox is the full peer; this one
 * lets a unit test control every frame.
 */
import { once } from 'node:events';
import { WebSocketServer, type WebSocket } from 'ws';

/** A test broker socket and its controls. */
export interface FakeDataSocket {
  url: string;
  /** Symbols currently subscribed on the symbolUpdate connections. */
  subscribed: Set<string>;
  /** Every text frame the client sent, parsed. */
  received: unknown[];
  /** How many connections of each type were opened. */
  opened: { symbolUpdate: number; orderUpdate: number };
  /** Sends a binary frame to every symbolUpdate connection. */
  sendFrame(bytes: Uint8Array): void;
  /** Sends a text frame to every orderUpdate connection. */
  sendOrder(text: string): void;
  /** Closes every connection abruptly. */
  drop(): void;
  /** Closes every connection with this close code (4001: token invalid). */
  closeWith(code: number): void;
  /** While true, pings get no pong and nothing else is sent. */
  stalled: boolean;
  /** While true, new connections are refused at the handshake (503): the socket stays down. */
  refusing: boolean;
  /** Resolves when a connection of this type has opened `count` times in all. */
  waitOpened(type: 'symbolUpdate' | 'orderUpdate', count: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts the fake socket on a loopback port. */
export async function startFakeDataSocket(): Promise<FakeDataSocket> {
  const wss = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    verifyClient: (_info, done) => done(!fake.refusing, 503),
  });
  await once(wss, 'listening');
  const port = (wss.address() as { port: number }).port;
  const byType = { symbolUpdate: new Set<WebSocket>(), orderUpdate: new Set<WebSocket>() };
  const waiters: Array<() => void> = [];
  const fake: FakeDataSocket = {
    url: `ws://127.0.0.1:${port}/socket/v2/dataSock`,
    subscribed: new Set(),
    received: [],
    opened: { symbolUpdate: 0, orderUpdate: 0 },
    stalled: false,
    refusing: false,
    sendFrame(bytes) {
      if (fake.stalled) return;
      for (const ws of byType.symbolUpdate) ws.send(bytes, { binary: true });
    },
    sendOrder(text) {
      if (fake.stalled) return;
      for (const ws of byType.orderUpdate) ws.send(text);
    },
    drop() {
      for (const set of Object.values(byType)) for (const ws of set) ws.terminate();
    },
    closeWith(code) {
      for (const set of Object.values(byType)) for (const ws of set) ws.close(code, 'test');
    },
    waitOpened(type, count) {
      return new Promise((resolve) => {
        const check = () => {
          if (fake.opened[type] >= count) resolve();
          else waiters.push(check);
        };
        check();
      });
    },
    async close() {
      fake.drop();
      await new Promise<void>((r) => wss.close(() => r()));
    },
  };
  wss.on('connection', (ws, req) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const type = url.searchParams.get('type');
    if (type !== 'symbolUpdate' && type !== 'orderUpdate') return ws.close(1008, 'type');
    if (!url.searchParams.get('access_token')) return ws.close(1008, 'token');
    byType[type].add(ws);
    fake.opened[type]++;
    if (type === 'symbolUpdate') fake.subscribed.clear();
    ws.on('close', () => byType[type].delete(ws));
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      const msg: unknown = JSON.parse(String(data));
      fake.received.push(msg);
      if (msg === 'ping') {
        if (!fake.stalled) ws.send('pong');
        return;
      }
      const m = msg as { T?: string; TLIST?: string[]; SUB_T?: number };
      if (m.T === 'SUB_DATA')
        for (const s of m.TLIST ?? []) {
          if (m.SUB_T === 1) fake.subscribed.add(s);
          else fake.subscribed.delete(s);
        }
    });
    for (const w of waiters.splice(0)) w();
  });
  return fake;
}

/** Polls `check` until it returns true or `ms` pass; fails with `what` when it never does. */
export async function eventually(what: string, check: () => boolean, ms = 3_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
