/**
 * The pre-check of CNC sells against what the account holds and has authorized for sale
 * (eDIS), before anything is sent: the broker would refuse the order after it was sent, with
 * a reason the trader cannot act on from the ticket (issue 17 #3). The rule itself is shared
 * with the sandbox (shared/broker/demat-sell.ts); this module only gathers its inputs:
 * holdings and the eDIS history from the broker (read at most every 30 s while the ticket is
 * typed, and afresh just before a CNC sell is sent, with the order book), open orders and
 * today's positions otherwise from what the order service already saw. Every exchange line
 * of one ISIN counts as the same shares.
 *
 * It never blocks on what it cannot read: without holdings there is no check, and without
 * the eDIS history (an app without the eDIS permission) only the quantity is checked; the
 * broker still refuses on its own.
 *
 * DDPI (a standing demat instruction, v3's profile says it) replaces the daily eDIS: with it
 * the eDIS finding is dropped and the quantity one kept. The profile is read only when the
 * check would otherwise ask for eDIS (no extra request for any other order), with the
 * snapshot. Unknown DDPI (a v2 profile, a failed read) counts as none: eDIS is asked for as
 * before, since sending would be refused by a broker that does need it.
 */
import { OrderStatus, Side } from '../../../../shared/broker/enums';
import { checkDematSell, type DematStock } from '../../../../shared/broker/demat-sell';
import type {
  EdisDetail,
  Holdings,
  Order,
  Positions,
  PrecheckViolation,
  Profile,
} from '../../../../shared/broker/models';
import type { OrderDraft } from '../../../../shared/broker/rules';
import { istDayKey } from '../../../../shared/format/ist';
import type { ReadOptions } from '../../broker/broker-client';

/** The broker reads the check needs (the BrokerClient satisfies it). */
export interface DematSellReads {
  getHoldings(o?: ReadOptions): Promise<Holdings>;
  getEdisDetails(o?: ReadOptions): Promise<EdisDetail[]>;
  /** The profile, for its DDPI; absent: DDPI unknown (eDIS asked for). */
  getProfile?(o?: ReadOptions): Promise<Pick<Profile, 'ddpi'>>;
}

/** Dependencies of `createDematSells`. */
export interface DematSellsDeps {
  reads: DematSellReads;
  /** The ISIN of a ticker from the symbol master: NSE and BSE lines of a company share shares. */
  isinOf(ticker: string): string | undefined;
  /** The order book and positions as the order service last saw them. */
  orders(): Iterable<Order>;
  /**
   * Reads the order book afresh (just before a CNC sell is sent): a sell that filled or was
   * cancelled while pushed updates were not arriving must not count against the next one.
   * Absent, or failing: the book as last seen.
   */
  readOrders?(): Promise<Iterable<Order>>;
  positions(): Positions | undefined;
  now(): number;
  /** How old a read may be for the as-you-type check (ms); default 30 s. */
  maxAgeMs?: number;
  /** Where a failed read is noted (the core's logger). */
  warn?(message: string, fields?: Record<string, unknown>): void;
}

/** What was last read from the broker; null parts could not be read. */
interface Snapshot {
  holdings: Holdings | null;
  edis: EdisDetail[] | null;
  /** The book read with them (a fresh check); null: the book as the order service last saw it. */
  orders?: Iterable<Order> | null;
  /** The account's DDPI as read with this snapshot (once, when first needed); null: unknown. */
  ddpi?: Promise<boolean | null>;
  at: number;
}

/** The check as the order service uses it. */
export interface DematSells {
  /**
   * Violations of a draft that is a CNC sell (none for any other order). `fresh` reads the
   * broker now (just before sending); otherwise a read up to `maxAgeMs` old is used.
   */
  check(draft: OrderDraft, o?: { fresh?: boolean }): Promise<PrecheckViolation[]>;
  /**
   * The same for a basket, in order: each CNC sell counts the basket's earlier sells of the
   * same shares as already on their way, so two rows cannot each sell the whole holding.
   */
  checkMany(drafts: readonly OrderDraft[], o?: { fresh?: boolean }): Promise<PrecheckViolation[][]>;
  /** Forgets the last read (an eDIS authorization just ended, an order filled). */
  invalidate(): void;
}

/** True for a CNC sell: the only order that draws on demat shares. */
export function isDematSell(d: Pick<OrderDraft, 'productType' | 'side'>): boolean {
  return d.productType === 'CNC' && d.side === Side.Sell;
}

/** The stock of one ticker's shares from the reads; null when the holdings are unknown. */
export function dematStockOf(
  ticker: string,
  snap: Pick<Snapshot, 'holdings' | 'edis' | 'orders'>,
  deps: Pick<DematSellsDeps, 'isinOf' | 'orders' | 'positions'>,
  now: number,
): DematStock | null {
  if (!snap.holdings) return null;
  const isin = deps.isinOf(ticker);
  // Every exchange line of one ISIN draws on the same shares (holdings, today's buys, sells).
  const same = (t: string) => t === ticker || (!!isin && deps.isinOf(t) === isin);
  const held = snap.holdings.holdings
    .filter((h) => same(h.symbol))
    .reduce((n, h) => n + Math.max(0, h.remainingQty), 0);
  // Net over the lines: bought 2 on BSE and sold 2 on NSE today leaves none bought.
  const boughtToday = Math.max(
    0,
    (deps.positions()?.positions ?? [])
      .filter((p) => same(p.symbol) && p.productType === 'CNC')
      .reduce((n, p) => n + p.netQty, 0),
  );
  let pendingSells = 0;
  for (const o of snap.orders ?? deps.orders()) {
    const open = o.status === OrderStatus.Pending || o.status === OrderStatus.Transit;
    if (open && o.productType === 'CNC' && o.side === Side.Sell && same(o.symbol))
      pendingSells += Math.max(0, o.remainingQty);
  }
  return { held, boughtToday, pendingSells, authorized: authorizedLeft(snap.edis, isin, now) };
}

/**
 * Demat quantity of an ISIN authorized for sale today and not yet used: successful
 * authorizations whose validity has not ended, less what sells have used of them.
 */
export function authorizedLeft(
  edis: EdisDetail[] | null,
  isin: string | undefined,
  now: number,
): number | null {
  if (!edis || !isin) return null;
  const today = istDayKey(now);
  return edis
    .filter(
      (e) =>
        e.isin === isin &&
        e.status.trim().toUpperCase() === 'SUCCESS' &&
        (e.endDate === null || e.endDate >= today) &&
        (e.startDate === null || e.startDate <= today),
    )
    .reduce((n, e) => n + Math.max(0, e.qty - e.qtyUtilized), 0);
}

/** Builds the CNC-sell pre-check over the broker reads; see the module comment. */
export function createDematSells(deps: DematSellsDeps): DematSells {
  const maxAgeMs = deps.maxAgeMs ?? 30_000;
  let last: Snapshot | null = null;
  let reading: Promise<Snapshot> | null = null;

  async function read(fresh: boolean): Promise<Snapshot> {
    const o: ReadOptions = fresh ? { priority: 'order', fresh: true } : {};
    const [h, e, b] = await Promise.allSettled([
      deps.reads.getHoldings(o),
      deps.reads.getEdisDetails(o),
      fresh && deps.readOrders ? deps.readOrders() : Promise.resolve(null),
    ]);
    if (h.status === 'rejected' || e.status === 'rejected' || b.status === 'rejected')
      deps.warn?.('orders: CNC sell pre-check could not read', {
        holdings: h.status === 'rejected',
        edis: e.status === 'rejected',
        orders: b.status === 'rejected',
      });
    const snap: Snapshot = {
      holdings: h.status === 'fulfilled' ? h.value : null,
      edis: e.status === 'fulfilled' ? e.value : null,
      at: deps.now(),
    };
    // The fresh book serves this check only; later ones use the order service's own view.
    last = snap;
    return { ...snap, orders: b.status === 'fulfilled' ? b.value : null };
  }

  function snapshot(fresh: boolean): Promise<Snapshot> {
    if (!fresh && last && deps.now() - last.at <= maxAgeMs) return Promise.resolve(last);
    if (!fresh && reading) return reading;
    const run = read(fresh).finally(() => {
      if (reading === run) reading = null;
    });
    if (!fresh) reading = run;
    return run;
  }

  /** The snapshot's DDPI, read once per snapshot and only when an eDIS finding needs it. */
  function ddpiOf(snap: Snapshot, fresh: boolean): Promise<boolean | null> {
    const get = deps.reads.getProfile;
    if (!get) return Promise.resolve(null);
    snap.ddpi ??= get
      .call(deps.reads, fresh ? { priority: 'order', fresh: true } : {})
      .then((p) => p.ddpi)
      .catch(() => {
        deps.warn?.('orders: CNC sell pre-check could not read the profile (DDPI)');
        return null;
      });
    return snap.ddpi;
  }

  async function checkMany(
    drafts: readonly OrderDraft[],
    o: { fresh?: boolean } = {},
  ): Promise<PrecheckViolation[][]> {
    const sells = drafts.map((d) => isDematSell(d) && d.qty > 0);
    if (!sells.some(Boolean)) return drafts.map(() => []);
    const snap = await snapshot(o.fresh === true);
    const now = deps.now();
    // Shares (by ISIN, else ticker) the basket's earlier sells already take, and the
    // authorization they already use.
    const taken = new Map<string, { qty: number; demat: number }>();
    const found = drafts.map((d, i) => {
      if (!sells[i]) return [];
      const stock = dematStockOf(d.symbol, snap, deps, now);
      if (!stock) return [];
      const key = deps.isinOf(d.symbol) || d.symbol;
      const before = taken.get(key) ?? { qty: 0, demat: 0 };
      const check = checkDematSell(
        d.qty,
        {
          ...stock,
          pendingSells: stock.pendingSells + before.qty,
          authorized: stock.authorized === null ? null : stock.authorized - before.demat,
        },
        d.symbol,
      );
      taken.set(key, { qty: before.qty + d.qty, demat: before.demat + check.fromDemat });
      return check.violations;
    });
    if (!found.some((vs) => vs.some((v) => v.field === 'edis'))) return found;
    // DDPI makes eDIS unneeded: only the eDIS findings go, the quantity ones stay.
    if ((await ddpiOf(snap, o.fresh === true)) !== true) return found;
    return found.map((vs) => vs.filter((v) => v.field !== 'edis'));
  }

  return {
    async check(draft, o = {}) {
      return (await checkMany([draft], o))[0] ?? [];
    },
    checkMany,
    invalidate() {
      last = null;
    },
  };
}
