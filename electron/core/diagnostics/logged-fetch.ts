/**
 * Wraps `fetch` so every broker request made outside the broker client (the login code
 * exchange, the logout revoke, symbol master downloads) reaches the request log too: the
 * log must hold every request the app sends the broker, not only the API client's.
 *
 * Only the method, the URL path (never the query, which can carry an auth code), the status,
 * the broker code of a JSON answer, the duration and the failure kind are recorded.
 */
import type { ExchangeRecord, HttpMethod } from '../broker/http-transport';

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

function methodOf(input: string | URL | Request, init?: RequestInit): HttpMethod {
  const m = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  return (['GET', 'POST', 'PUT', 'DELETE'] as const).find((x) => x === m) ?? 'GET';
}

function pathOf(input: string | URL | Request): string {
  try {
    return new URL(input instanceof Request ? input.url : String(input)).pathname;
  } catch {
    return '(unparsable url)';
  }
}

/** The broker code of a small JSON answer, read from a clone so the caller still has the body. */
async function codeOf(res: Response): Promise<number | null> {
  if (!(res.headers.get('content-type') ?? '').includes('json')) return null;
  try {
    const body = (await res.clone().json()) as { code?: unknown };
    return typeof body.code === 'number' ? body.code : null;
  } catch {
    return null;
  }
}

/** `fetch`, with each request reported to `record` once it has an answer or has failed. */
export function loggedFetch(
  fetchFn: Fetch,
  record: (e: ExchangeRecord) => void,
  now: () => number = () => performance.now(),
): Fetch {
  return async (input, init) => {
    const started = now();
    const base = { method: methodOf(input, init), path: pathOf(input) };
    const report = (status: number | null, code: number | null, failure: string | null) => {
      try {
        record({ ...base, status, code, ms: Math.round(now() - started), failure });
      } catch {
        // Logging must never fail the request.
      }
    };
    let res: Response;
    try {
      res = await fetchFn(input, init);
    } catch (err) {
      const name = err instanceof Error ? err.name : '';
      report(null, null, name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network');
      throw err;
    }
    report(res.status, await codeOf(res), null);
    return res;
  };
}
