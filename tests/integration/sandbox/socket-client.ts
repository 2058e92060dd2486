/**
 * A test client for the sandbox's socket: opens a connection of one type with the session's
 * token, collects every frame, and waits for the frame a test expects. Binary frames are
 * decoded with the broker's official SDK (`fyers-api-v2`, its `unPackUDP`), primed with the
 * token → symbol map from a quotes answer exactly as the SDK primes itself.
 */
import { createRequire } from 'node:module';
import WebSocket from 'ws';
import { socketConnectUrl, type SocketType } from '../../../shared/marketdata/socket-protocol';
import type { Session } from './helpers';

/** One SDK-decoded packet. */
export interface SdkPacket {
  n: string;
  fy: number;
  fycode: number;
  v: Record<string, unknown>;
}
/** What the SDK makes of a binary frame. */
export interface SdkFrame {
  s: string;
  d: Record<'7202' | '7208' | '31038', SdkPacket[]> | unknown[];
}

const require = createRequire(import.meta.url);
const sdk = require('fyers-api-v2/helper/helper.js') as {
  getGlobalFiresDict: Record<string, string>;
  unPackUDP(resp: { data: ArrayBuffer }): SdkFrame;
};

/** Teaches the SDK decoder the tokens of these symbols through a real quotes request. */
export async function primeSdk(s: Session, symbols: string[]): Promise<void> {
  for (let k = 0; k < symbols.length; k += 50) {
    const r = await s.call(
      'GET',
      `${s.sb.dataUrl}quotes/?symbols=${encodeURIComponent(symbols.slice(k, k + 50).join(','))}`,
    );
    for (const item of r.json.d as { n: string; s: string; v: { fyToken: string } }[])
      if (item.s === 'ok') sdk.getGlobalFiresDict[item.v.fyToken] = item.n;
  }
}

/** Decodes one binary frame with the SDK. */
export function sdkDecode(bytes: Buffer): SdkFrame {
  const data = new ArrayBuffer(bytes.length);
  new Uint8Array(data).set(bytes);
  return sdk.unPackUDP({ data });
}

/** All packets of an SDK-decoded frame, in frame order within each code group. */
export function packetsOf(f: SdkFrame): SdkPacket[] {
  if (f.s !== 'ok') throw new Error(`SDK could not decode the frame: ${JSON.stringify(f.d)}`);
  const d = f.d as Record<'7202' | '7208' | '31038', SdkPacket[]>;
  return [...d['7202'], ...d['7208'], ...d['31038']];
}

/** A received frame. */
export type Frame =
  { binary: true; bytes: Buffer; at: number } | { binary: false; text: string; at: number };

/** An open test connection. */
export interface TestSocket {
  ws: WebSocket;
  frames: Frame[];
  /** Resolves with the first frame at index >= `from` that matches, or rejects after `ms`. */
  waitFor(match: (f: Frame) => boolean, ms?: number, from?: number): Promise<Frame>;
  /** Resolves once the server closed or cut the connection. */
  closed: Promise<{ code: number }>;
  send(text: string): void;
  close(): void;
}

/** Opens a socket of `type` for the session (rejects with the HTTP status on refusal). */
export function openSocket(s: Session, type: SocketType, token = s.token): Promise<TestSocket> {
  const ws = new WebSocket(socketConnectUrl(s.sb.socketUrl, type, s.appId, token, 'tests'));
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data: Buffer, isBinary) => {
    frames.push(
      isBinary
        ? { binary: true, bytes: data, at: Date.now() }
        : { binary: false, text: data.toString('utf8'), at: Date.now() },
    );
    for (const w of waiters) w();
  });
  const closed = new Promise<{ code: number }>((resolve) =>
    ws.on('close', (code) => resolve({ code })),
  );
  const t: TestSocket = {
    ws,
    frames,
    closed,
    send: (text) => ws.send(text),
    close: () => ws.terminate(),
    waitFor(match, ms = 3_000, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const f = frames.slice(from).find(match);
          if (!f) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(f);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching frame within ${ms} ms (${frames.length} frames seen)`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(t));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => reject(Object.assign(new Error(body), { status: res.statusCode, body })));
    });
    ws.once('error', reject);
  });
}
