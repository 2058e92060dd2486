import type {
  Funds,
  Holdings,
  MarketStatus,
  Order,
  Positions,
  Profile,
  Trade,
} from '../../../shared/broker/models';
import type { SkippedRow } from '../../../shared/broker/skipped-row';
import { backend } from '../lib/backend';
import { quotes } from '../marketdata/quotes.svelte';
import { OrderReplica } from '../orders/order-replica';
import { Resource } from '../lib/resource.svelte';
import { session } from '../session/session.svelte';
import { OrderStatus } from '../../../shared/broker/enums';

/**
 * The account views' data, refreshed on login, on `portfolio.changed` and after every
 * order action. One store so that the order ticket, the positions screen and the eDIS
 * screen all read the same holdings and funds instead of fetching their own copies.
 */
class PortfolioStore {
  #replica = new OrderReplica();
  /** The order book: one snapshot on load, then only the changed rows (portfolio.ordersDelta). */
  orders = new Resource<Order[]>(async () => {
    // Holding a version, ask only for what changed (it comes as a delta); else the book.
    const since = this.#replica.version;
    const r = await backend().portfolio.orderBook(
      since === null ? { refresh: true } : { refresh: true, since },
    );
    if (!r.ok) return r;
    const { version, orders } = r.data;
    if (orders) this.#replica.applySnapshot({ version, orders });
    return { ok: true, data: this.#replica.rows() };
  });
  trades = new Resource<Trade[]>(() => backend().portfolio.trades());
  positions = new Resource<Positions>(() => backend().portfolio.positions());
  holdings = new Resource<Holdings>(() => backend().portfolio.holdings());
  funds = new Resource<Funds>(() => backend().portfolio.funds());
  market = new Resource<MarketStatus[]>(() => backend().portfolio.marketStatus());
  profile = new Resource<Profile>(() => backend().portfolio.profile());
  /** Rows the main process could not read and left out of their view (shown as a warning). */
  skipped = $state<SkippedRow[]>([]);
  #unsubscribe: (() => void) | null = null;
  #unsubscribeSkipped: (() => void) | null = null;
  #unsubscribeDelta: (() => void) | null = null;
  #resyncing = false;
  #tradesTimer: ReturnType<typeof setTimeout> | null = null;
  #transitTimer: ReturnType<typeof setTimeout> | null = null;
  #transitChecks = 0;

  init(): void {
    this.orders.onLoaded = (orders) => this.#followTransit(orders);
    this.#unsubscribe?.();
    this.#unsubscribe = backend().on.portfolio.changed((change) => {
      if (change.positions) this.positions.set(change.positions);
    });
    this.#unsubscribeSkipped?.();
    this.#unsubscribeSkipped = backend().on.portfolio.rowSkipped((row) => {
      this.skipped = [...this.skipped, row].slice(-50);
    });
    this.#unsubscribeDelta?.();
    this.#unsubscribeDelta = backend().on.portfolio.ordersDelta((delta) => {
      const outcome = this.#replica.applyDelta(delta);
      if (outcome.kind === 'gap') void this.#resync();
      if (outcome.kind !== 'applied') return;
      this.orders.set(this.#replica.rows());
      // The trade book only needs a request when something was filled.
      if (outcome.filled) this.#refreshTradesSoon();
    });
  }

  /** A delta went missing: take the main process's copy (no broker request). */
  async #resync(): Promise<void> {
    if (this.#resyncing) return;
    this.#resyncing = true;
    try {
      const r = await backend().portfolio.orderBook({ refresh: false });
      const orders = r.ok ? r.data.orders : null;
      if (!r.ok || !orders) return;
      if (this.#replica.applySnapshot({ version: r.data.version, orders }))
        this.#refreshTradesSoon();
      this.orders.set(this.#replica.rows());
    } finally {
      this.#resyncing = false;
    }
  }

  /** Everything the account screens show; only while the session can read the account. */
  async refreshAll(): Promise<void> {
    if (session.can.viewProfile && !this.profile.data) void this.profile.load();
    if (!session.can.viewAccount) return;
    await Promise.all([
      this.orders.load(),
      this.trades.load(),
      this.positions.load(),
      this.holdings.load(),
      this.funds.load(),
      this.market.load(),
    ]);
  }

  /** What an order action can change: the books and positions (funds follow fills). */
  async afterAction(): Promise<void> {
    if (!session.can.viewAccount) return;
    await Promise.all([this.orders.load(), this.positions.load(), this.funds.load()]);
    this.#refreshTradesSoon();
  }

  clear(): void {
    this.skipped = [];
    this.#replica.clear();
    for (const r of [
      this.orders,
      this.trades,
      this.positions,
      this.holdings,
      this.funds,
      this.market,
    ])
      r.clear();
  }

  /**
   * An order in Transit (sent, no exchange acknowledgement yet) usually settles within a
   * second or two; look again a few times, slower each time, rather than show a stale
   * status until the next background refresh.
   */
  #followTransit(orders: Order[]): void {
    if (!orders.some((o) => o.status === OrderStatus.Transit)) {
      this.#transitChecks = 0;
      return;
    }
    if (this.#transitTimer || this.#transitChecks >= 6) return;
    const delay = 1000 * 2 ** Math.min(this.#transitChecks, 3);
    this.#transitChecks++;
    this.#transitTimer = setTimeout(() => {
      this.#transitTimer = null;
      if (session.can.viewAccount) void this.orders.load();
    }, delay);
  }

  #refreshTradesSoon(): void {
    if (this.#tradesTimer) clearTimeout(this.#tradesTimer);
    this.#tradesTimer = setTimeout(() => void this.trades.load(), 400);
  }
}

/** The app's one copy of the account data. */
export const portfolio = new PortfolioStore();

/**
 * The freshest last-traded price known for a ticker: the live quote (market data), else what
 * the account data carries (positions, then holdings, then the order book); null when none.
 */
export function lastKnownLtp(ticker: string): number | null {
  const live = quotes.get(ticker)?.ltp;
  if (live) return live;
  const fromPosition = portfolio.positions.data?.positions.find((p) => p.symbol === ticker)?.ltp;
  if (fromPosition) return fromPosition;
  const fromHolding = portfolio.holdings.data?.holdings.find((h) => h.symbol === ticker)?.ltp;
  if (fromHolding) return fromHolding;
  const fromOrder = portfolio.orders.data?.find((o) => o.symbol === ticker && o.ltp)?.ltp;
  return fromOrder ?? null;
}
