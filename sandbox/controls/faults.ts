/**
 * Per-route fault injection for tests of the client's failure handling: delay, drop the
 * connection before the handler runs, run the handler and then drop the response (the action
 * happened, the client never heard), answer 500, answer 201 "sent, no acknowledgement",
 * answer malformed JSON, drop the connection and carry the request out `delayMs` later on
 * the sandbox clock (a late arrival: the broker acts after its client has gone; default
 * 20 s), ignore the query filter of a read (a broker answering `?id=` with the whole
 * book), or pad a list answer with `items` rows nobody asked for (`padded`: a quotes
 * answer of 400,000 unrequested symbols, 88 MB). Each fault lets `skip` requests of its route pass untouched (default 0; e.g. the
 * second request of a split basket), then fires `times` times (default 1) and disarms.
 */

/** The fault modes of the test controls. */
export type FaultMode =
  | 'delay'
  | 'drop-before'
  | 'drop-after-commit'
  | 'http500'
  | 'ack201'
  | 'malformed'
  | 'late-arrival'
  | 'unfiltered'
  | 'padded';

/** One armed fault. */
export interface Fault {
  route: string;
  mode: FaultMode;
  delayMs: number;
  remaining: number;
  /** Requests of the route still to let pass before the fault fires. */
  skip: number;
  /** `padded`: how many unrequested rows to add to the answer's list. */
  items: number;
}

/** Most rows a `padded` fault may add (about 220 MB of quotes). */
export const MAX_PADDED_ITEMS = 1_000_000;

const MODES: readonly FaultMode[] = [
  'delay',
  'drop-before',
  'drop-after-commit',
  'http500',
  'ack201',
  'malformed',
  'late-arrival',
  'unfiltered',
  'padded',
];

/** How many faults actually fired (were applied to a request), in total and by mode. */
export interface FiredFaults {
  total: number;
  byMode: Partial<Record<FaultMode, number>>;
}

/**
 * Armed faults by route key `METHOD /path`, and a count of those that fired: a test that
 * arms a fault no request meets has injected nothing, so campaigns count what fired.
 */
export class FaultTable {
  private faults = new Map<string, Fault>();
  private readonly firedCount: FiredFaults = { total: 0, byMode: {} };

  /** Arms a fault; throws a readable Error on bad input (the control answers 400 with it). */
  arm(input: Record<string, unknown>): Fault {
    const route = input.route;
    if (typeof route !== 'string' || !/^(GET|POST|PUT|PATCH|DELETE) \/\S*$/.test(route)) {
      throw new Error('route must look like "POST /api/v2/orders"');
    }
    const mode = input.mode as FaultMode;
    if (!MODES.includes(mode)) throw new Error(`mode must be one of ${MODES.join(', ')}`);
    const delayMs =
      input.delayMs === undefined
        ? mode === 'late-arrival'
          ? 20_000
          : 1000
        : Number(input.delayMs);
    if (!Number.isFinite(delayMs) || delayMs < 0 || delayMs > 120_000)
      throw new Error('delayMs must be 0..120000');
    const times = input.times === undefined ? 1 : Number(input.times);
    if (!Number.isInteger(times) || times < 1)
      throw new Error('times must be a whole number of at least 1');
    const skip = input.skip === undefined ? 0 : Number(input.skip);
    if (!Number.isInteger(skip) || skip < 0 || skip > 1000)
      throw new Error('skip must be a whole number 0..1000');
    const items = input.items === undefined ? 1000 : Number(input.items);
    if (!Number.isInteger(items) || items < 1 || items > MAX_PADDED_ITEMS)
      throw new Error(`items must be a whole number 1..${MAX_PADDED_ITEMS}`);
    const f: Fault = { route, mode, delayMs, remaining: times, skip, items };
    this.faults.set(route, f);
    return f;
  }

  /** Takes the fault for a route (counting one use), if one is armed. */
  take(route: string): Fault | undefined {
    const f = this.faults.get(route);
    if (!f) return undefined;
    if (f.skip > 0) {
      f.skip -= 1;
      return undefined;
    }
    f.remaining -= 1;
    if (f.remaining <= 0) this.faults.delete(route);
    // A zero delay changes nothing (tests arm it to disarm a route): not a fault that fired.
    if (!(f.mode === 'delay' && f.delayMs === 0)) {
      this.firedCount.total++;
      this.firedCount.byMode[f.mode] = (this.firedCount.byMode[f.mode] ?? 0) + 1;
    }
    return f;
  }

  /** The faults that fired since the sandbox started. */
  fired(): FiredFaults {
    return { total: this.firedCount.total, byMode: { ...this.firedCount.byMode } };
  }

  /** Disarms all faults. */
  clear(): void {
    this.faults.clear();
  }
}
