/**
 * Downloads one symbol master file with a conditional request (ETag / If-Modified-Since),
 * progress in bytes and rows as it streams, and retries with exponential backoff on
 * network errors, timeouts, 429 and 5xx. A 4xx other than 408/429 is not retried: asking
 * again will not fix a wrong URL.
 */
import type { MasterFile } from '../../../shared/broker/instrument';

/** What is remembered about the last good copy of a file. */
export interface FileMeta {
  etag?: string;
  lastModified?: string;
  bytes: number;
  rows: number;
  fetchedAt: string;
}

/** Progress and retry events, for the UI's progress bar and for the log. */
export type DownloadEvent =
  | { type: 'progress'; file: MasterFile; bytes: number; rows: number; totalBytes?: number }
  | { type: 'not-modified'; file: MasterFile }
  | { type: 'retry'; file: MasterFile; attempt: number; delayMs: number; reason: string }
  | { type: 'downloaded'; file: MasterFile; bytes: number; rows: number };

/** Outcome of one file's download. */
export type DownloadOutcome =
  | { status: 'modified'; body: Uint8Array; meta: FileMeta }
  | { status: 'not-modified' }
  | { status: 'failed'; reason: string; attempts: number };

/** The injected pieces this needs. */
export interface DownloadDeps {
  fetch: typeof fetch;
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
  /** 0..1; injected so backoff is deterministic in tests. */
  random?: () => number;
}

/** Retry and timeout policy. */
export interface DownloadPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  timeoutMs: number;
}

/** Defaults: 4 attempts, 1 s doubling to at most 30 s, 60 s per attempt. */
export const DEFAULT_DOWNLOAD_POLICY: DownloadPolicy = {
  maxAttempts: 4,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  timeoutMs: 60_000,
};

/** The master base URL is not HTTPS and not loopback. */
export class InsecureMasterUrlError extends Error {
  override readonly name = 'InsecureMasterUrlError';
}

/**
 * The URL of one file (`<FILE>.csv`, or another name under the same base such as the JSON
 * master `<FILE>_sym_master.json`), refusing plain HTTP to anything but loopback.
 */
export function masterFileUrl(base: string, file: MasterFile, name = `${file}.csv`): URL {
  const url = new URL(`${base.replace(/\/+$/, '')}/${name}`);
  const loopback =
    url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new InsecureMasterUrlError(
      `symbol master URL must use HTTPS (got ${url.protocol}//${url.hostname})`,
    );
  }
  return url;
}

class RetryableError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** Downloads one file; never throws for network or HTTP trouble (see the outcome). */
export async function downloadMasterFile(
  base: string,
  file: MasterFile,
  previous: FileMeta | undefined,
  deps: DownloadDeps,
  onEvent: (e: DownloadEvent) => void,
  policy: DownloadPolicy = DEFAULT_DOWNLOAD_POLICY,
): Promise<DownloadOutcome> {
  const url = masterFileUrl(base, file);
  for (let attempt = 1; ; attempt++) {
    try {
      return await attemptOnce(url, file, previous, deps, onEvent, policy);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const retryable = !(err instanceof FatalError);
      if (!retryable || attempt >= policy.maxAttempts)
        return { status: 'failed', reason, attempts: attempt };
      const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
      const jitter = backoff * 0.2 * (deps.random ?? Math.random)();
      const delayMs = Math.round(
        Math.max(
          err instanceof RetryableError && err.retryAfterMs !== undefined ? err.retryAfterMs : 0,
          backoff + jitter,
        ),
      );
      onEvent({ type: 'retry', file, attempt, delayMs, reason });
      await deps.sleep(delayMs);
    }
  }
}

class FatalError extends Error {}

async function attemptOnce(
  url: URL,
  file: MasterFile,
  previous: FileMeta | undefined,
  deps: DownloadDeps,
  onEvent: (e: DownloadEvent) => void,
  policy: DownloadPolicy,
): Promise<DownloadOutcome> {
  const headers: Record<string, string> = { 'accept-encoding': 'gzip', accept: 'text/csv, */*' };
  if (previous?.etag) headers['if-none-match'] = previous.etag;
  if (previous?.lastModified) headers['if-modified-since'] = previous.lastModified;
  let res: Response;
  try {
    res = await deps.fetch(url, { headers, signal: AbortSignal.timeout(policy.timeoutMs) });
  } catch (err) {
    throw new RetryableError(
      `${file}: ${err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err)}`,
    );
  }
  if (res.status === 304) {
    await res.body?.cancel();
    onEvent({ type: 'not-modified', file });
    return { status: 'not-modified' };
  }
  if (res.status === 429 || res.status >= 500 || res.status === 408) {
    await res.body?.cancel();
    const ra = Number(res.headers.get('retry-after'));
    throw new RetryableError(
      `${file}: HTTP ${res.status}`,
      Number.isFinite(ra) && ra > 0 ? ra * 1000 : undefined,
    );
  }
  if (res.status !== 200 || !res.body) {
    await res.body?.cancel();
    throw new FatalError(`${file}: HTTP ${res.status}`);
  }
  const encoded = res.headers.get('content-encoding');
  const lengthHeader = Number(res.headers.get('content-length'));
  const totalBytes =
    !encoded && Number.isFinite(lengthHeader) && lengthHeader > 0 ? lengthHeader : undefined;
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let rows = 0;
  let lastReport = 0;
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      chunks.push(chunk);
      bytes += chunk.length;
      for (let k = chunk.indexOf(10); k >= 0; k = chunk.indexOf(10, k + 1)) rows++;
      if (bytes - lastReport >= 256 * 1024) {
        lastReport = bytes;
        onEvent({ type: 'progress', file, bytes, rows, ...(totalBytes ? { totalBytes } : {}) });
      }
    }
  } catch (err) {
    throw new RetryableError(
      `${file}: download interrupted (${err instanceof Error ? err.message : String(err)})`,
    );
  }
  if (bytes === 0) throw new RetryableError(`${file}: empty response`);
  const body = Buffer.concat(chunks, bytes);
  if (body[body.length - 1] !== 10) rows++;
  onEvent({ type: 'progress', file, bytes, rows, ...(totalBytes ? { totalBytes } : {}) });
  onEvent({ type: 'downloaded', file, bytes, rows });
  const etag = res.headers.get('etag') ?? undefined;
  const lastModified = res.headers.get('last-modified') ?? undefined;
  return {
    status: 'modified',
    body,
    meta: {
      ...(etag ? { etag } : {}),
      ...(lastModified ? { lastModified } : {}),
      bytes,
      rows,
      fetchedAt: deps.now().toISOString(),
    },
  };
}
