import type { IpcError, IpcResult } from '../../../shared/ipc/errors';

/**
 * One piece of account data the screens show (order book, positions...), with its last
 * good value kept through a failed refresh: a trader should still see the book while a
 * rate-limit wait or a reconnect runs, with the error next to it.
 */
export class Resource<T> {
  // Raw: values are replaced whole, never mutated, and a 10,000-row book must not be
  // wrapped in a proxy per row.
  data = $state.raw<T | null>(null);
  error = $state<IpcError | null>(null);
  loading = $state(false);
  loadedAt = $state<number | null>(null);
  /** Called with every new value (fetched or pushed), for follow-up work such as polling a settling order. */
  onLoaded: ((value: T) => void) | null = null;
  #fetch: () => Promise<IpcResult<T>>;
  #inFlight: Promise<void> | null = null;
  #again = false;

  constructor(fetch: () => Promise<IpcResult<T>>) {
    this.#fetch = fetch;
  }

  /** Fetches now; a call during a fetch schedules one more, so the result is never stale. */
  load(): Promise<void> {
    if (this.#inFlight) {
      this.#again = true;
      return this.#inFlight;
    }
    this.#inFlight = this.#run().finally(() => {
      this.#inFlight = null;
      if (this.#again) {
        this.#again = false;
        void this.load();
      }
    });
    return this.#inFlight;
  }

  /** Takes a value pushed by the main process (portfolio.changed) without a round trip. */
  set(value: T): void {
    this.data = value;
    this.error = null;
    this.loadedAt = Date.now();
    this.onLoaded?.(value);
  }

  clear(): void {
    this.data = null;
    this.error = null;
    this.loadedAt = null;
  }

  async #run(): Promise<void> {
    this.loading = true;
    try {
      const r = await this.#fetch();
      if (r.ok) this.set(r.data);
      else this.error = r.error;
    } finally {
      this.loading = false;
    }
  }
}

/**
 * The text for an empty table: loading, never loaded (logged out or expired before the
 * first fetch), or genuinely empty. "No holdings" must never be shown for "not loaded".
 * Once read, an empty table says why it is empty (nothing today, or filters that match
 * nothing) even while a refresh runs: the rows already read are the truth until the next
 * read lands, and a 10,000-order book read again for seconds must not look unread.
 */
export function emptyText(
  r: Pick<Resource<unknown>, 'loading' | 'loadedAt' | 'error'>,
  none: string,
): string {
  if (r.loadedAt !== null) return none;
  if (r.loading) return 'Loading…';
  return r.error ? 'Could not load this yet.' : 'Not loaded yet: log in to see it.';
}
