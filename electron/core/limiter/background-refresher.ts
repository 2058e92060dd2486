/**
 * Keeps the order book and positions fresh without spending the request budget.
 *
 * While an order is pending (or an order action is unconfirmed) the trader needs to see
 * fills quickly, so it refreshes fast; otherwise slowly. Each refresh is a background-
 * priority request, so the scheduler lets it use only part of each window, and when the
 * day's budget runs low the interval stretches so what is left lasts until IST midnight.
 */
import type { Order, Positions } from '../../../shared/broker/models';
import { systemClock } from './clock';
import type { Clock } from './clock';
import type { BudgetState } from '../../../shared/ipc/channels/budget';
import { OrderStatus } from '../../../shared/broker/enums';

/** The reads the refresher needs (the broker client satisfies this). */
export interface RefreshSource {
  getOrders(o: { priority: 'background' }): Promise<Order[]>;
  getPositions(o: { priority: 'background' }): Promise<Positions>;
}

/** Constructor dependencies and tuning. */
export interface BackgroundRefresherOptions {
  source: RefreshSource;
  /** Budget state, to stretch the interval when the day's budget runs low. */
  budget: () => BudgetState;
  clock?: Clock;
  /** Interval while orders are pending (default 2 s). */
  fastMs?: number;
  /** Interval otherwise (default 15 s). */
  slowMs?: number;
  /** Share of the remaining day budget the refresher may plan to use (default 0.5). */
  dayShare?: number;
  /** Below this share of the day's limit left, the interval stretches to fit (default 0.3). */
  lowWater?: number;
  /** True while the order service has unconfirmed actions: refresh fast regardless of the book. */
  hasActiveIntents?: () => boolean;
  /**
   * True while the broker pushes order updates (the order socket is open): the refresher
   * then reads nothing on its own and only backs the socket up (`catchUp`).
   */
  pushLive?: () => boolean;
  /**
   * True while something waits on a positions change that no pushed order update announces
   * (a conversion watched for a late arrival): positions are then still read at the slow pace.
   */
  positionsWanted?: () => boolean;
  onOrders?: (orders: Order[]) => void;
  onPositions?: (positions: Positions) => void;
  onError?: (err: unknown) => void;
}

/** Handle of the running refresher. */
export interface BackgroundRefresher {
  start(): void;
  stop(): void;
  /** Stops for good and resolves once a refresh in progress has finished. */
  dispose(): Promise<void>;
  /** Refresh soon (after an order action), still within the interval rules of the scheduler. */
  poke(): void;
  /** Read once even while updates are pushed (the push channel reopened and may have missed some). */
  catchUp(): void;
  /** The interval the next refresh will wait (ms), for the UI and tests. */
  currentIntervalMs(): number;
}

/** Statuses still open at the broker: while one is in the book the refresher runs fast. */
const PENDING = new Set<number>([OrderStatus.Transit, OrderStatus.Pending]);

/** Creates the refresher (stopped); see the module comment for its pacing rules. */
export function createBackgroundRefresher(opts: BackgroundRefresherOptions): BackgroundRefresher {
  const clock = opts.clock ?? systemClock;
  const fastMs = opts.fastMs ?? 2000;
  const slowMs = opts.slowMs ?? 15_000;
  const dayShare = opts.dayShare ?? 0.5;
  const lowWater = opts.lowWater ?? 0.3;
  let running = false;
  let busy = false;
  let inFlight: Promise<void> = Promise.resolve();
  let timer: unknown = undefined;
  let pending = false;
  /** Filled quantity per order at the last positions read: positions change only with fills. */
  let fillsAtPositions: string | null = null;
  let positionsReadAt = -Infinity;

  function intervalMs(): number {
    const base = pending || opts.hasActiveIntents?.() ? fastMs : slowMs;
    const b = opts.budget();
    const remaining = b.day.limit - b.day.used;
    // Plenty left: refresh at the chosen pace (the scheduler's day cap for background still
    // holds). Running low: stretch so two requests a cycle fit in our share until midnight IST.
    if (remaining >= b.day.limit * lowWater) return base;
    const left = Math.max(0, remaining * dayShare);
    const msLeft = Math.max(0, Date.parse(b.day.resetsAt) - clock.now());
    const budgetFloor = left >= 2 ? (msLeft / left) * 2 : msLeft;
    return Math.max(base, Math.ceil(budgetFloor));
  }

  function schedule(ms: number): void {
    if (!running) return;
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = clock.setTimeout(() => {
      timer = undefined;
      inFlight = cycle();
    }, ms);
  }

  let forced = false;

  async function cycle(): Promise<void> {
    if (!running || busy) return;
    if (opts.pushLive?.() && !forced) {
      // Pushed updates carry every order change; polling would only spend the budget.
      if (opts.positionsWanted?.() && clock.now() - positionsReadAt >= slowMs) {
        busy = true;
        try {
          await readPositions();
        } finally {
          busy = false;
        }
      }
      schedule(slowMs);
      return;
    }
    forced = false;
    busy = true;
    try {
      // The order book first: positions move only when something fills, so they are read
      // when the fills changed, or at the slow pace, not every fast cycle (half the requests
      // while orders are pending).
      const orders = await opts.source.getOrders({ priority: 'background' }).then(
        (value) => ({ ok: true as const, value }),
        (reason: unknown) => ({ ok: false as const, reason }),
      );
      let fills: string | null = null;
      if (orders.ok) {
        pending = orders.value.some((o) => PENDING.has(o.status));
        fills = orders.value.map((o) => `${o.id}:${o.filledQty}`).join(',');
        opts.onOrders?.(orders.value);
      } else opts.onError?.(orders.reason);
      const due =
        fills === null || fills !== fillsAtPositions || clock.now() - positionsReadAt >= slowMs;
      if (due) await readPositions(fills);
    } finally {
      busy = false;
      schedule(forced ? 0 : intervalMs());
    }
  }

  /** Reads positions; `fills` is the book's fills they now reflect (none on a push-only read). */
  async function readPositions(fills?: string | null): Promise<void> {
    try {
      const positions = await opts.source.getPositions({ priority: 'background' });
      opts.onPositions?.(positions);
      if (fills !== undefined) fillsAtPositions = fills;
      positionsReadAt = clock.now();
    } catch (err) {
      opts.onError?.(err);
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    stop() {
      running = false;
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
    },
    async dispose() {
      running = false;
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
      await inFlight;
    },
    poke() {
      if (!running || busy || opts.pushLive?.()) return;
      schedule(0);
    },
    catchUp() {
      if (!running) return;
      forced = true;
      if (!busy) schedule(0);
    },
    currentIntervalMs: intervalMs,
  };
}
