/**
 * Loopback redirect capture (RFC 8252 §7.3): a one-shot HTTP listener on 127.0.0.1.
 *
 * The broker redirects the system browser to http://127.0.0.1:<port>/<path>?auth_code=…
 * This listener accepts exactly one GET on exactly that path, answers the browser with a
 * small "you can close this tab" page, and closes. Anything else (other paths, favicon
 * probes, other methods) gets a 404, and a reply whose state is not this login's a 400;
 * neither ends the wait. It gives up after a
 * timeout (5 minutes by default) so a forgotten login never leaves a port open.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LoginError } from './errors';
import type { Timers } from './ports';
import { systemTimers } from './ports';

/** Options of `startLoopbackCapture`. */
export interface LoopbackCaptureOptions {
  /** The exact path to accept, e.g. `/callback`. */
  path: string;
  /** 0 (default) for an ephemeral port; a fixed port when the broker needs the exact registered one. */
  port?: number;
  timeoutMs?: number;
  timers?: Timers;
  /**
   * Whether a request on the path is the reply this login waits for (its `state` matches).
   * One that is not is answered 400 and ignored: the wait goes on until the right reply or
   * the timeout, so a stray or forged local request cannot end the trader's login.
   */
  accepts?: (url: URL) => boolean;
}

/** A running capture: the redirect URI to send to the broker, and the awaited result. */
export interface LoopbackCapture {
  /** `http://127.0.0.1:<port><path>`, the redirect_uri to use for this login. */
  readonly redirectUri: string;
  /** The port the listener got (the registered one, or an ephemeral one). */
  readonly port: number;
  /** Resolves with the full redirect URL the browser requested (query included). */
  readonly result: Promise<string>;
  /** Stop waiting: rejects `result` with `reason` (default `cancelled`) and closes the port. */
  cancel(reason?: 'cancelled' | 'superseded'): void;
}

/** Default wait for the browser: 5 minutes, the lifetime of an auth code. */
export const LOOPBACK_TIMEOUT_MS = 5 * 60 * 1000;

const DONE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tickdesk</title>
<style>body{font:16px system-ui,sans-serif;margin:4rem auto;max-width:32rem;color:#222}</style></head>
<body><h1>Tickdesk</h1><p>The login reply has reached Tickdesk. You can close this tab and return to the app.</p></body></html>`;

function answer(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    // The URL holds the auth code: never leak it to another page through the Referer.
    'Referrer-Policy': 'no-referrer',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    Connection: 'close',
  });
  res.end(body);
}

/** Start listening; resolves once the port is bound so the redirect URI is known. */
export async function startLoopbackCapture(opts: LoopbackCaptureOptions): Promise<LoopbackCapture> {
  const timers = opts.timers ?? systemTimers;
  const timeoutMs = opts.timeoutMs ?? LOOPBACK_TIMEOUT_MS;
  const path = opts.path || '/';
  let settle: { resolve: (url: string) => void; reject: (e: Error) => void } | null = null;
  const result = new Promise<string>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // Callers attach their own handler; this keeps an early cancel from being "unhandled".
  result.catch(() => undefined);
  let done = false;
  let timer: unknown = null;

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (done) return answer(res, 410, '<p>This login is already finished.</p>');
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== path) {
      return answer(res, 404, '<p>Not found.</p>');
    }
    if (opts.accepts && !opts.accepts(url)) {
      return answer(
        res,
        400,
        '<p>This reply does not belong to the login Tickdesk is waiting for; it was ignored.</p>',
      );
    }
    answer(res, 200, DONE_PAGE);
    finish(() => settle?.resolve(`http://127.0.0.1:${port}${url.pathname}${url.search}`));
  });
  server.keepAliveTimeout = 1;

  const finish = (action: () => void): void => {
    if (done) return;
    done = true;
    if (timer !== null) timers.clearTimeout(timer);
    server.close();
    server.closeIdleConnections?.();
    action();
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) =>
      reject(
        new LoginError(
          'listener-failed',
          `Could not listen on 127.0.0.1: ${(err as Error).message}`,
        ),
      ),
    );
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  timer = timers.setTimeout(() => {
    finish(() => settle?.reject(new LoginError('timeout', 'No login reply arrived in time.')));
  }, timeoutMs);

  return {
    redirectUri: `http://127.0.0.1:${port}${path}`,
    port,
    result,
    cancel(reason = 'cancelled') {
      finish(() =>
        settle?.reject(
          new LoginError(
            reason,
            reason === 'superseded' ? 'A newer login replaced this one.' : 'Login cancelled.',
          ),
        ),
      );
    },
  };
}
