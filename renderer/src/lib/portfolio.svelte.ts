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
import { backend } from './backend';
import { quotes } from './quotes.svelte';
import { Resource } from './resource.svelte';
import { session } from './session.svelte';
import { OrderStatus } from '../../../shared/broker/enums';

/**
 * The account views' data, refreshed on login, on `portfolio.changed` and after every
 * order action. One store so that the order ticket, the positions screen and the eDIS
 * screen all read the same holdings and funds instead of fetching their own copies.
 */
class PortfolioStore {
  orders = new Resource<Order[]>(() => backend().portfolio.orders());
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
  #tradesTimer: ReturnType<typeof setTimeout> | null = null;
  #transitTimer: ReturnType<typeof setTimeout> | null = null;
  #transitChecks = 0;

  init(): void {
    this.orders.onLoaded = (orders) => this.#followTransit(orders);
    this.#unsubscribe?.();
    this.#unsubscribe = backend().on.portfolio.changed((change) => {
      if (change.orders) {
        const filled = fillsChanged(this.orders.data, change.orders);
        this.orders.set(change.orders);
        // The background refresher pushes the book every few seconds; the trade book only
        // needs a request when something was filled.
        if (filled) this.#refreshTradesSoon();
      }
      if (change.positions) this.positions.set(change.positions);
    });
    this.#unsubscribeSkipped?.();
    this.#unsubscribeSkipped = backend().on.portfolio.rowSkipped((row) => {
      this.skipped = [...this.skipped, row].slice(-50);
    });
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

/** Whether any order gained a fill (or appeared already filled) between two reads of the book. */
function fillsChanged(before: Order[] | null, after: Order[]): boolean {
  const filledBefore = new Map((before ?? []).map((o) => [o.id, o.filledQty]));
  return after.some((o) => o.filledQty > (filledBefore.get(o.id) ?? 0));
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
