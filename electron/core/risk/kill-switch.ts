/**
 * The kill switch: one act that stops trading from this app for the rest of the trading day.
 * In this order: the stop is recorded (on disk, before anything is sent, so nothing new
 * slips out while it works and a restart keeps it), every pending order is cancelled, every
 * intraday position (INTRADAY, CO, BO) is exited. Cancels and exits are the order service's
 * own actions (cancel-many, exit-all or exit-one), so they are journaled, sent once,
 * reconciled when an answer is lost and watched for late arrivals like any other.
 *
 * The broker's v2 API has no kill switch of its own (nor does v3: its SDK offers a smart-exit
 * trigger, not a trading block), so the stop is Tickdesk's: the broker's own terminal still
 * trades. A daily limit that acts (loss-limit-monitor) uses this same path.
 */
import { OrderStatus } from '../../../shared/broker/enums';
import type { Order, OrderIntent, Positions } from '../../../shared/broker/models';
import { AppError } from '../../../shared/ipc/errors';
import type { KillOutcome, StopReason, TradingBlock } from '../../../shared/risk/risk-limits';
import type { BlockStore } from './block-store';
import { nextTradingDayStart } from './trading-day';

/** Products that are intraday by nature: what the kill switch exits (CNC and MARGIN stay). */
const INTRADAY_PRODUCTS: ReadonlySet<string> = new Set(['INTRADAY', 'CO', 'BO']);

/** How many times the book is read again for orders that appeared while cancelling. */
const CANCEL_PASSES = 2;

/** The order actions and reads the kill switch uses (the order service and broker client). */
export interface KillSwitchDeps {
  orders: {
    cancelMany(ids: string[]): Promise<OrderIntent[]>;
    exit(positionId: string | null): Promise<OrderIntent>;
    observeOrders(book: Order[]): void;
    observePositions(p: Positions): void;
  };
  reads: {
    getOrders(o: { priority: 'order'; fresh: true }): Promise<Order[]>;
    getPositions(o: { priority: 'order'; fresh: true }): Promise<Positions>;
  };
  store: BlockStore;
  now: () => number;
  /** The account logged in now, or null. */
  accountId: () => string | null;
  /** The stop changed (the status bar, the risk panel). */
  onChange: (block: TradingBlock | null) => void;
  log: {
    info(m: string, f?: Record<string, unknown>): void;
    warn(m: string, f?: Record<string, unknown>): void;
  };
}

/** The kill switch of the core. */
export interface KillSwitch {
  /** Stops trading for the day, cancels pending orders and exits intraday positions. */
  engage(reason: StopReason): Promise<KillOutcome>;
  /**
   * Stops trading for the day without cancelling or exiting anything: for a limit whose exits
   * the broker carries out itself (v3's smart exit), so Tickdesk never exits a second time.
   */
  block(reason: StopReason): TradingBlock | null;
  /** The stop in force for the logged-in account now, or null (what the order path asks). */
  current(): TradingBlock | null;
}

const DONE = new Set(['done', 'confirmed-done']);

/** Builds the kill switch over the order service. */
export function createKillSwitch(d: KillSwitchDeps): KillSwitch {
  let running: Promise<KillOutcome> | null = null;

  function current(): TradingBlock | null {
    const id = d.accountId();
    return id ? d.store.current(id, d.now()) : null;
  }

  async function cancelPending(): Promise<OrderIntent[]> {
    const out: OrderIntent[] = [];
    const tried = new Set<string>();
    for (let pass = 0; pass < CANCEL_PASSES; pass++) {
      const book = await d.reads.getOrders({ priority: 'order', fresh: true });
      d.orders.observeOrders(book);
      // Cover and bracket exit legs are not cancellable: exiting their position closes them.
      const ids = book
        .filter((o) => o.status === OrderStatus.Pending && o.parentId === null && !tried.has(o.id))
        .map((o) => o.id);
      if (ids.length === 0) break;
      for (const id of ids) tried.add(id);
      out.push(...(await d.orders.cancelMany(ids)));
    }
    return out;
  }

  async function exitIntraday(): Promise<OrderIntent[]> {
    const positions = await d.reads.getPositions({ priority: 'order', fresh: true });
    d.orders.observePositions(positions);
    const open = positions.positions.filter((p) => p.netQty !== 0);
    const intraday = open.filter((p) => INTRADAY_PRODUCTS.has(p.productType));
    if (intraday.length === 0) return [];
    // Everything open is intraday: the broker's exit-all, one request.
    if (intraday.length === open.length) return [await d.orders.exit(null)];
    const out: OrderIntent[] = [];
    for (const p of intraday) out.push(await d.orders.exit(p.id));
    return out;
  }

  /** The stop in force, or a new one written before anything else happens. */
  function record(accountId: string, reason: StopReason): TradingBlock {
    const now = d.now();
    const held = d.store.current(accountId, now);
    if (held) return held;
    const block = { accountId, reason, at: now, until: nextTradingDayStart(now) };
    d.store.put(block);
    d.log.info('risk: trading stopped', { reason, until: new Date(block.until).toISOString() });
    d.onChange(block);
    return block;
  }

  async function run(reason: StopReason): Promise<KillOutcome> {
    const accountId = d.accountId();
    if (!accountId)
      throw new AppError(
        'not-logged-in',
        'Log in first: the kill switch acts on the account logged in.',
        {
          action: 'login',
        },
      );
    const block = record(accountId, reason);
    const cancels = await cancelPending();
    const exits = await exitIntraday();
    const cancelled = cancels.filter((i) => DONE.has(i.status)).length;
    const exited = exits.filter((i) => DONE.has(i.status)).length;
    const unsettled = cancels.length - cancelled + (exits.length - exited);
    if (unsettled) d.log.warn('risk: some cancels or exits did not go through', { unsettled });
    const parts = [
      `${cancelled} order${cancelled === 1 ? '' : 's'} cancelled`,
      exits.length === 1 && exits[0]?.action === 'exit-all'
        ? exited
          ? 'intraday positions exited'
          : 'the exit of intraday positions did not go through'
        : `${exited} position${exited === 1 ? '' : 's'} exited`,
    ];
    if (unsettled) parts.push(`${unsettled} not confirmed: see the order book`);
    return { block, cancelled, exited, unsettled, summary: parts.join(', ') + '.' };
  }

  return {
    engage(reason) {
      // A second press while one runs joins it: one stop, one set of cancels and exits.
      running ??= run(reason).finally(() => {
        running = null;
      });
      return running;
    },
    block(reason) {
      const accountId = d.accountId();
      return accountId ? record(accountId, reason) : null;
    },
    current,
  };
}
