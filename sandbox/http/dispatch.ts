/**
 * The request pipeline shared by every route: parse the URL and body, serve master files,
 * apply armed faults, run session housekeeping, authenticate, rate-limit, check the permission
 * template, call the handler, and write the reply. Keeping the order of these steps in one
 * place is what makes every endpoint answer 401, 429 and 403 the same way.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '../../shared/broker/errors';
import type { AppSpec } from '../auth/apps';
import { authenticate, requirePermission } from '../auth/authorize';
import type { CredentialStore } from '../auth/credentials';
import type { SimClock } from '../clock';
import type { Fault, FaultTable } from '../controls/faults';
import type { RegisteredIps } from '../controls/registered-ips';
import type { RequestCounts } from '../controls/request-counts';
import type { RowPatchTable } from '../controls/row-patches';
import { paddedAnswer } from '../controls/padded-answer';
import type { RateLimiter } from '../limits/rate-limiter';
import { limitKey } from '../limits/limit-key';
import { guard } from './envelope';
import type { MasterFileServer } from './master-files';
import type { Reply, RequestCtx, Route } from './types';

/** What the pipeline needs. */
export interface DispatchDeps {
  routes: Route[];
  apps: AppSpec[];
  creds: CredentialStore;
  clock: SimClock;
  limiter: RateLimiter;
  faults: FaultTable;
  /** Test-only odd rows in list answers (see controls/row-patches.ts). */
  rowPatches?: RowPatchTable;
  /** Absent on listeners that serve no master files (the depository's). */
  masterFiles?: MasterFileServer;
  /** Runs before every API request (session transitions after clock jumps). */
  beforeEach(): void;
  /** Timers of delayed responses, so close() can cancel them. */
  timers: Set<NodeJS.Timeout>;
  /** Waits on the simulation clock's own timer when it has one (a test's virtual clock). */
  simSleep?: (ms: number) => Promise<void>;
  /** The app's registered static IPs: order actions from other peers are refused. */
  registeredIps?: RegisteredIps;
  /** Counts the requests that reached each API route (test controls only). */
  requestCounts?: RequestCounts;
  /** Receives one line per finished request (method, path without query, status, ms); never bodies or headers. */
  requestLog?: (line: string) => void;
  /** Where an internal error is reported; the app hosting the Demo sandbox passes its logger. */
  onInternalError?: (line: string) => void;
}

const MAX_BODY = 1_000_000;
const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseBody(raw: string, contentType: string): { ok: true; body: unknown } | { ok: false } {
  if (raw.trim() === '') return { ok: true, body: undefined };
  // JSON text is JSON whatever its label: the v3 SDK's data socket posts symbol-token's JSON
  // under axios's default form type (docs/broker-v3.md, "symbol-token").
  if (contentType.includes('application/x-www-form-urlencoded') && !/^\s*[{[]/.test(raw)) {
    return { ok: true, body: Object.fromEntries(new URLSearchParams(raw)) };
  }
  try {
    return { ok: true, body: JSON.parse(raw) };
  } catch {
    return { ok: false };
  }
}

function write(res: ServerResponse, r: Reply, method: string): void {
  const headers: Record<string, string> = { ...SECURITY_HEADERS, ...r.headers };
  let body: Buffer | string = '';
  if (r.json !== undefined) {
    body = JSON.stringify(r.json);
    headers['content-type'] = 'application/json; charset=utf-8';
  } else if (r.html !== undefined) {
    body = r.html;
    headers['content-type'] = 'text/html; charset=utf-8';
  } else if (r.raw !== undefined) body = r.raw;
  if (headers['content-length'] === undefined && r.status !== 304)
    headers['content-length'] = String(Buffer.byteLength(body));
  res.writeHead(r.status, headers);
  res.end(method === 'HEAD' ? undefined : body);
}

const envelope = (
  status: number,
  code: number,
  message: string,
  headers?: Record<string, string>,
): Reply => ({
  status,
  json: { s: 'error', code, message },
  ...(headers ? { headers } : {}),
});

/** Creates the node:http request listener. */
export function createDispatcher(
  d: DispatchDeps,
): (req: IncomingMessage, res: ServerResponse) => void {
  const table = new Map<string, Route>();
  const paths = new Set<string>();
  for (const r of d.routes) {
    table.set(`${r.method} ${r.path}`, r);
    paths.add(r.path);
  }
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        d.timers.delete(t);
        resolve();
      }, ms);
      d.timers.add(t);
    });

  /** Resolves once the sandbox clock has moved `ms` on (it may be frozen, scaled or real). */
  const sleepSim = (ms: number) => {
    if (d.simSleep) return d.simSleep(ms);
    const due = d.clock.now() + ms;
    return new Promise<void>((resolve) => {
      const poll = () => {
        if (d.clock.now() >= due) return resolve();
        const t = setTimeout(() => {
          d.timers.delete(t);
          poll();
        }, 10);
        d.timers.add(t);
      };
      poll();
    });
  };

  async function run(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // When the request reached the broker: what its rate limits count (not when its body was read).
    let arrivedAt = d.clock.now();
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const master = await d.masterFiles?.handle(url.pathname, method, req.headers);
    if (master) return write(res, master, method);
    const route = table.get(`${method === 'HEAD' ? 'GET' : method} ${url.pathname}`);
    if (!route) {
      if (paths.has(url.pathname))
        return write(
          res,
          envelope(405, ErrorCode.InvalidParameters, `${method} is not allowed on ${url.pathname}`),
          method,
        );
      return write(
        res,
        envelope(404, ErrorCode.InvalidParameters, `No such endpoint: ${method} ${url.pathname}`),
        method,
      );
    }
    if (!url.pathname.startsWith('/__sandbox/'))
      d.requestCounts?.count(`${route.method} ${route.path}`);
    const fault: Fault | undefined = url.pathname.startsWith('/__sandbox/')
      ? undefined
      : d.faults.take(`${route.method} ${route.path}`);
    if (fault?.mode === 'drop-before') {
      req.socket.destroy();
      return;
    }
    if (fault?.mode === 'delay') await sleep(fault.delayMs);
    if (fault?.mode === 'http500') {
      return write(
        res,
        envelope(
          500,
          ErrorCode.ExchangeConnection,
          'Internal server error (injected fault): the request was not processed',
        ),
        method,
      );
    }
    let raw: string;
    try {
      raw = await readBody(req);
    } catch {
      return write(
        res,
        envelope(413, ErrorCode.InvalidParameters, 'request body larger than 1 MB'),
        method,
      );
    }
    const parsed = parseBody(raw, String(req.headers['content-type'] ?? ''));
    if (!parsed.ok)
      return write(
        res,
        envelope(400, ErrorCode.InvalidParameters, 'request body is not valid JSON'),
        method,
      );
    const query = new URLSearchParams(url.searchParams);
    if (fault?.mode === 'unfiltered') query.delete('id');
    const ctx: RequestCtx = {
      method,
      path: url.pathname,
      query,
      headers: req.headers,
      body: parsed.body,
    };
    if (fault?.mode === 'late-arrival') {
      // The client hears nothing (its connection drops now); the broker acts later anyway.
      req.socket.destroy();
      await sleepSim(fault.delayMs);
      arrivedAt = d.clock.now();
    }
    d.beforeEach();
    const answered = await guard(() => {
      if (route.access === 'user') {
        // Counted before authentication: the broker counts what reaches it (limit-key.ts).
        const key = limitKey(req.headers, d.creds, req.socket.remoteAddress);
        const adm = d.limiter.admit(key, arrivedAt);
        if (!adm.ok)
          return envelope(429, ErrorCode.RateLimited, adm.message, {
            'retry-after': String(adm.retryAfterSec),
          });
        const auth = authenticate(req.headers, d.apps, d.creds, d.clock.now());
        requirePermission(auth, route.level ?? 2, route.operation ?? route.path);
        d.registeredIps?.check(route, req.socket.remoteAddress);
        ctx.auth = auth;
      }
      return route.handle(ctx);
    });
    const patched = d.rowPatches?.apply(`${route.method} ${route.path}`, answered) ?? answered;
    const reply = fault?.mode === 'padded' ? paddedAnswer(patched, fault.items) : patched;
    if (fault?.mode === 'drop-after-commit' || fault?.mode === 'late-arrival') {
      req.socket.destroy();
      return;
    }
    if (fault?.mode === 'ack201' && reply.json && typeof reply.json === 'object') {
      const j = reply.json as Record<string, unknown>;
      if (j.s === 'ok') {
        return write(
          res,
          {
            status: 201,
            json: {
              ...j,
              code: 201,
              message:
                'Sent to the exchange; no acknowledgement yet. Check the order book before acting again.',
            },
          },
          method,
        );
      }
    }
    if (fault?.mode === 'malformed') {
      return write(
        res,
        {
          status: reply.status,
          raw: '{"s":"ok","code":200,"message":"',
          headers: { 'content-type': 'application/json' },
        },
        method,
      );
    }
    write(res, reply, method);
  }

  return (req, res) => {
    if (d.requestLog) {
      const t0 = performance.now();
      const what = `${req.method ?? '?'} ${(req.url ?? '/').split('?')[0]}`;
      res.on('close', () =>
        d.requestLog?.(
          `${what} ${res.writableFinished ? res.statusCode : 'dropped'} ${Math.round(performance.now() - t0)}ms`,
        ),
      );
    }
    run(req, res).catch((e: unknown) => {
      (d.onInternalError ?? console.error)(
        `[sandbox] internal error on ${req.method} ${req.url?.split('?')[0]}: ${(e as Error).stack ?? String(e)}`,
      );
      if (!res.headersSent)
        write(
          res,
          envelope(500, ErrorCode.ExchangeNotProcessed, 'Internal error in the sandbox broker'),
          'GET',
        );
      else res.destroy();
    });
  };
}
