/**
 * The HTTP layer of the broker client, built on the platform `fetch`.
 *
 * It exists to make four safety rules impossible to forget in any endpoint: HTTPS to every
 * non-loopback host; the Authorization header only ever goes to the broker's own origin
 * (redirects are refused, never followed); every request has a time limit; every failure
 * is a typed BrokerError, with transport failures marked ambiguous.
 */
import { BrokerError } from './broker-error';
import { ErrorCode } from '../../../shared/broker/errors';

/** The session secret pair; comes from the auth/session service, never stored here. */
export interface Credentials {
  appId: string;
  accessToken: string;
}

/** Supplies the current credentials, or undefined when logged out. */
export type CredentialsProvider = () => Credentials | undefined | Promise<Credentials | undefined>;

/** Timer functions, injectable so tests run on a fake clock. */
export interface TransportTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** HTTP methods the spec uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request as the endpoints describe it. */
export interface TransportRequest {
  method: HttpMethod;
  /** Path under the base URL, starting with '/'. */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Largest answer body read, in bytes (default: the transport's `maxBodyBytes`). */
  maxBytes?: number;
}

/** A parsed JSON answer with its status, whatever the envelope says. */
export interface TransportResponse {
  status: number;
  body: unknown;
}

/** Constructor dependencies of the transport. */
export interface HttpTransportOptions {
  /** The broker's base URL ({base_url} of the spec). */
  baseUrl: string;
  credentials: CredentialsProvider;
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Default time limit per request (ms). */
  timeoutMs?: number;
  /** Default largest answer body read, in bytes (DEFAULT_MAX_BODY_BYTES). */
  maxBodyBytes?: number;
  timers?: TransportTimers;
  /** Called when the broker says the session is no longer valid (401 codes), so the session service can react. */
  onAuthFailure?: (err: BrokerError) => void;
  /** Told about every request once it has ended, success or not: the request log's one hook. */
  onExchange?: (e: ExchangeRecord) => void;
}

/**
 * One finished request, as the request log records it: never a query, body or header, so
 * nothing secret. `code` is the envelope's code (a negative broker code on failure).
 */
export interface ExchangeRecord {
  method: HttpMethod;
  path: string;
  /** HTTP status, or null when no answer came (timeout, dropped connection). */
  status: number | null;
  code: number | null;
  /** Milliseconds from sending to the parsed answer or the failure. */
  ms: number;
  /** The typed failure kind (`broker`, `timeout`, `network`, ...), null on an answer. */
  failure: string | null;
}

/** The transport: `send` returns any JSON answer, `request` only success envelopes. */
export interface HttpTransport {
  readonly origin: string;
  /** Sends and parses; throws BrokerError only for transport failures and refused redirects. */
  send(req: TransportRequest): Promise<TransportResponse>;
  /** Sends and returns the success envelope; every failure envelope becomes a BrokerError. */
  request(req: TransportRequest): Promise<Record<string, unknown>>;
}

/**
 * Largest answer read by default: far above any real one (a day's order book of ten
 * thousand rows is about 10 MB), low enough that a runaway answer cannot take the app's
 * memory or stall it while it parses (issue 18 #5: an 88 MB quotes answer took 700 MB).
 */
export const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;

/**
 * Reads a body as text, refusing it once it is over `limit` bytes: first by its declared
 * Content-Length (nothing read), then by the bytes actually read (a missing or lying header).
 */
async function readCapped(res: Response, limit: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    void res.body?.cancel().catch(() => undefined);
    throw BrokerError.tooLarge(res.status, limit);
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.byteLength;
    if (read > limit) {
      void reader.cancel().catch(() => undefined);
      throw BrokerError.tooLarge(res.status, limit);
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** True when the URL may carry a session: HTTPS, or plain HTTP to this computer only. */
export function isAllowedBrokerUrl(url: URL): boolean {
  if (url.protocol === 'https:') return true;
  return (
    url.protocol === 'http:' && (LOOPBACK_HOSTS.has(url.hostname) || /^127\./.test(url.hostname))
  );
}

/** Reads a Retry-After header (seconds or an HTTP date) as milliseconds from now. */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (!value) return null;
  const t = value.trim();
  if (/^\d+(\.\d+)?$/.test(t)) return Math.round(Number(t) * 1000);
  const at = Date.parse(t);
  return Number.isFinite(at) ? Math.max(0, at - nowMs) : null;
}

const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function describeFetchError(err: unknown): { detail: string; reachedServer: boolean } {
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  const code = cause?.code ?? (err as { code?: string })?.code ?? '';
  const detail = code || cause?.message || (err instanceof Error ? err.message : 'network error');
  return { detail, reachedServer: !NOT_SENT_CODES.has(code) };
}

/** Creates the transport; throws BrokerError('insecure') at once for a non-HTTPS remote URL. */
export function createHttpTransport(opts: HttpTransportOptions): HttpTransport {
  const base = new URL(opts.baseUrl);
  if (!isAllowedBrokerUrl(base)) throw BrokerError.insecure(opts.baseUrl);
  const basePrefix = base.href.replace(/\/+$/, '');
  const doFetch = opts.fetch ?? globalThis.fetch;
  const timers: TransportTimers = opts.timers ?? {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  };
  const defaultTimeout = opts.timeoutMs ?? 10_000;
  const defaultMaxBytes = opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;

  function urlFor(req: TransportRequest): URL {
    if (!req.path.startsWith('/') || req.path.startsWith('//')) {
      throw BrokerError.malformedPayload(`bad request path ${req.path}`);
    }
    const url = new URL(basePrefix + req.path);
    for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, v);
    if (url.origin !== base.origin) throw BrokerError.insecure(url.href);
    return url;
  }

  async function send(req: TransportRequest): Promise<TransportResponse> {
    const url = urlFor(req);
    const creds = await opts.credentials();
    if (!creds) throw BrokerError.notLoggedIn();
    if (!opts.onExchange) return exchange(req, url, creds);
    const started = performance.now();
    const report = (status: number | null, code: number | null, failure: string | null) => {
      const ms = Math.round(performance.now() - started);
      opts.onExchange?.({ method: req.method, path: req.path, status, code, ms, failure });
    };
    try {
      const res = await exchange(req, url, creds);
      const code = asRecord(res.body).code;
      report(res.status, typeof code === 'number' ? code : null, null);
      return res;
    } catch (err) {
      if (err instanceof BrokerError) report(err.httpStatus, err.code || null, err.kind);
      else report(null, null, 'internal');
      throw err;
    }
  }

  async function exchange(
    req: TransportRequest,
    url: URL,
    creds: Credentials,
  ): Promise<TransportResponse> {
    const headers: Record<string, string> = {
      Authorization: `${creds.appId}:${creds.accessToken}`,
      Accept: 'application/json',
    };
    let body: string | undefined;
    if (req.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(req.body);
    }
    const timeoutMs = req.timeoutMs ?? defaultTimeout;
    const controller = new AbortController();
    let timedOut = false;
    const timer = timers.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort();
    req.signal?.addEventListener('abort', onCallerAbort, { once: true });
    try {
      let res: Response;
      try {
        res = await doFetch(url, {
          method: req.method,
          headers,
          body,
          redirect: 'manual',
          signal: controller.signal,
        });
      } catch (err) {
        if (timedOut) throw BrokerError.timeout(timeoutMs);
        if (controller.signal.aborted) throw BrokerError.aborted();
        const { detail, reachedServer } = describeFetchError(err);
        throw BrokerError.network(detail, reachedServer);
      }
      if ((res.status >= 300 && res.status < 400) || res.type === 'opaqueredirect') {
        void res.body?.cancel().catch(() => undefined);
        throw BrokerError.redirect(res.status, res.headers.get('location') ?? '');
      }
      let text: string;
      try {
        text = await readCapped(res, req.maxBytes ?? defaultMaxBytes);
      } catch (err) {
        if (err instanceof BrokerError) throw err;
        if (timedOut) throw BrokerError.timeout(timeoutMs);
        if (controller.signal.aborted) throw BrokerError.aborted();
        throw BrokerError.network(describeFetchError(err).detail, true);
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        if (res.status === 429) {
          throw BrokerError.fromEnvelope(
            429,
            -353,
            '',
            parseRetryAfter(res.headers.get('retry-after'), Date.now()),
          );
        }
        if (res.status === 401) throw authFailed(BrokerError.fromEnvelope(401, null, ''));
        throw BrokerError.malformed(res.status, `not JSON (${text.length} bytes)`);
      }
      // Notified here, not by the caller, so multi-order answers (read through send) count too.
      if (res.status === 401) authFailed(envelopeError(res.status, parsed));
      if (res.status === 429) {
        const env = asRecord(parsed);
        throw BrokerError.fromEnvelope(
          429,
          typeof env.code === 'number' ? env.code : ErrorCode.RateLimited,
          typeof env.message === 'string' ? env.message : '',
          parseRetryAfter(res.headers.get('retry-after'), Date.now()),
        );
      }
      return { status: res.status, body: parsed };
    } finally {
      timers.clearTimeout(timer);
      req.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  function authFailed(err: BrokerError): BrokerError {
    opts.onAuthFailure?.(err);
    return err;
  }

  async function request(req: TransportRequest): Promise<Record<string, unknown>> {
    const res = await send(req);
    const env = asRecord(res.body);
    if (res.status < 400 && env.s === 'ok') return env;
    if (res.status < 400 && env.s !== 'error') {
      throw BrokerError.malformed(res.status, 'answer without a success or failure envelope');
    }
    const err = envelopeError(res.status, env);
    // A 200 carrying an auth code (not seen, but cheap to honour) still ends the session.
    if (res.status !== 401 && err.isAuthFailure) authFailed(err);
    throw err;
  }

  return { origin: base.origin, send, request };
}

/** The typed error of a failure envelope (a 2xx carrying s='error' is treated as 400). */
function envelopeError(status: number, body: unknown): BrokerError {
  const env = asRecord(body);
  const code =
    typeof env.code === 'number'
      ? env.code
      : typeof env.code === 'string' && /^-?\d+$/.test(env.code)
        ? Number(env.code)
        : null;
  return BrokerError.fromEnvelope(
    status >= 400 ? status : 400,
    code,
    typeof env.message === 'string' ? env.message : '',
  );
}

function asRecord(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : {};
}
