/**
 * The simulated exchange: on every market tick it acknowledges Transit orders once their
 * latency has passed (and rejects, a moment later, those the exchange refuses), triggers stop
 * orders, fills market and crossed limit orders from the book (sandbox/orders/fill-model.ts:
 * a walk of the depth, large orders over several ticks), cancels the unfilled rest of IOC orders, releases after-market orders at the open,
 * expires DAY orders at the close, adds bracket and cover exit legs (bracket-legs.ts) with
 * one-cancels-other, and exits and squares off positions (position-exits.ts) before the
 * close. Fills update the position ledger and, as trades on the exchange, print on the
 * market (own-prints.ts) unless own trades are `easy`.
 */
import type { ExchangeCode, MarketStatusValue, SegmentCode } from '../../shared/broker/enums';
import type { Instrument } from '../../shared/broker/instrument';
import { figures } from '../account/position-ledger';
import { rollOver, tradingDayOf } from '../account/rollover';
import type { PositionAcc } from '../account/position-ledger';
import { MARKETS, inSquareOffWindow } from '../market/sessions';
import { protectionPrice } from '../market/market-protection';
import type { SandboxState } from '../state';
import { istDayKey } from '../time/ist';
import { ExchangeTiming, REALISTIC_LATENCY, exchangeVerdict } from './exchange-timing';
import type { LatencyProfile } from './exchange-timing';
import { FillModel } from './fill-model';
import { addExitLegs } from './bracket-legs';
import { exitOrder, exitingQty } from './position-exits';
import type { OrderSource, SimOrder } from './model';
import type { OwnTradesName } from '../market/trade-impact';
import { OwnPrints } from './own-prints';
import { isOpen, remainingQty } from './model';
import { OrderStatus, OrderType, Side } from '../../shared/broker/enums';

const INTRADAY_PRODUCTS = new Set(['INTRADAY', 'CO', 'BO']);

/** Runs the market simulation over a SandboxState. */
export class MatchingEngine {
  private prevStatus = new Map<string, MarketStatusValue>();
  private squaredOff = new Set<string>();
  private readonly tickWatchers = new Set<() => void>();
  private readonly stepWatchers = new Set<() => void>();
  private readonly dayWatchers = new Set<() => void>();
  /** Our fills on the tape: each prints on the market (`prints.mode` switches it). */
  readonly prints: OwnPrints;
  /** How fills are priced: the one module a market-price-protection check wraps. */
  readonly fills: FillModel;
  /** When the exchange answers: acknowledgement latency and late rejections. */
  readonly timing: ExchangeTiming;

  constructor(
    private readonly s: SandboxState,
    timing: { latency?: LatencyProfile; stepMs?: number; ownTrades?: OwnTradesName } = {},
  ) {
    this.prints = new OwnPrints(s, timing.ownTrades ?? 'realistic');
    this.fills = new FillModel(s);
    this.timing = new ExchangeTiming(
      s.seed,
      timing.latency ?? REALISTIC_LATENCY,
      timing.stepMs ?? 250,
    );
  }

  /** Calls `fn` after every tick call (once per call, however many steps): the socket pushes then. */
  onTick(fn: () => void): () => void {
    this.tickWatchers.add(fn);
    return () => this.tickWatchers.delete(fn);
  }

  /** Calls `fn` after every market step's matching (the GTT desk triggers on the new prices). */
  onStep(fn: () => void): () => void {
    this.stepWatchers.add(fn);
    return () => this.stepWatchers.delete(fn);
  }

  /** Calls `fn` after each 06:00 IST rollover (standing instructions start the new day afresh). */
  onNewDay(fn: () => void): () => void {
    this.dayWatchers.add(fn);
    return () => this.dayWatchers.delete(fn);
  }

  /** Advances the market `n` steps: each step moves prices, then acknowledges and matches orders. */
  tick(n = 1): void {
    this.prints.step(() => {
      for (let k = 0; k < n; k++) {
        this.s.prices.advance(1);
        this.housekeeping();
        this.acknowledge();
        this.rejectLate();
        this.matchAll();
        for (const fn of this.stepWatchers) fn();
      }
    });
    for (const fn of this.tickWatchers) fn();
  }

  /** Whether the clock-driven intraday square-off of this instrument's market has begun today. */
  inSquareOff(i: Instrument): boolean {
    const now = this.s.now();
    return (
      !this.s.sessions.isOverridden(i.exchange, i.segment) &&
      inSquareOffWindow(i.exchange, i.segment, now)
    );
  }

  /** Status of the market an instrument trades in. */
  marketOpen(i: Instrument): boolean {
    return this.s.sessions.status(i.exchange, i.segment, this.s.now()) === 'OPEN';
  }

  /**
   * Session transitions that depend only on the clock and the market controls: release
   * after-market orders at the open, square off intraday positions before (or at) the close,
   * expire live DAY orders once a market is closed. Called on every tick, before every API
   * request and after every clock or market control.
   */
  housekeeping(): void {
    const now = this.s.now();
    const day = tradingDayOf(now);
    if (this.s.tradingDay !== 0 && day > this.s.tradingDay) {
      rollOver(this.s);
      for (const fn of this.dayWatchers) fn();
    }
    if (day !== this.s.tradingDay) this.s.tradingDay = day;
    for (const m of MARKETS) {
      const key = `${m.exchange}:${m.segment}`;
      const st = this.s.sessions.status(m.exchange, m.segment, now);
      const prev = this.prevStatus.get(key);
      this.prevStatus.set(key, st);
      const dayKey = `${key}:${istDayKey(now)}`;
      if (st === 'OPEN') {
        for (const o of this.s.book.orders.values()) {
          if (
            o.waitingForOpen &&
            o.instrument.exchange === m.exchange &&
            o.instrument.segment === m.segment
          ) {
            o.waitingForOpen = false;
          }
        }
        const overridden = this.s.sessions.isOverridden(m.exchange, m.segment);
        if (
          !overridden &&
          inSquareOffWindow(m.exchange, m.segment, now) &&
          !this.squaredOff.has(dayKey)
        ) {
          this.squaredOff.add(dayKey);
          this.squareOff(m.exchange, m.segment);
        }
      } else {
        // At the close nothing intraday may stay open, even if it was opened after the square-off.
        if (prev === 'OPEN') {
          this.squaredOff.add(dayKey);
          this.squareOff(m.exchange, m.segment);
        }
        for (const o of this.s.book.orders.values()) {
          if (
            isOpen(o) &&
            !o.waitingForOpen &&
            o.instrument.exchange === m.exchange &&
            o.instrument.segment === m.segment
          ) {
            if (o.validity === 'DAY')
              this.end(o, OrderStatus.Expired, 'Order expired at market close');
            else
              this.end(
                o,
                OrderStatus.Canceled,
                'IOC order cancelled: the market closed before it could trade',
              );
          }
        }
      }
    }
  }

  /**
   * Transit orders whose latency has passed become Pending. The exchange's own checks run
   * now: an order they refuse stays Pending for a moment, then turns Rejected (rejectLate).
   */
  private acknowledge(): void {
    const step = this.s.prices.step;
    for (const o of this.s.book.orders.values()) {
      if (o.status !== OrderStatus.Transit || (o.ackStep ?? 0) > step) continue;
      o.status = OrderStatus.Pending;
      o.message = o.waitingForOpen
        ? 'After market order pending until the market opens'
        : 'Pending';
      const reason =
        this.timing.takeForced() ??
        exchangeVerdict(o, this.s.ltp(o.instrument), this.timing.priceRange);
      if (reason) o.lateReject = { step: step + this.timing.rejectSteps(o.slNo), reason };
      this.s.book.changed(o);
    }
  }

  /** Rejects the acknowledged orders whose late rejection is due. */
  private rejectLate(): void {
    const step = this.s.prices.step;
    for (const o of this.s.book.orders.values()) {
      if (o.lateReject && o.lateReject.step <= step && isOpen(o))
        this.end(o, OrderStatus.Rejected, o.lateReject.reason);
    }
  }

  private matchAll(): void {
    for (const o of [...this.s.book.orders.values()]) {
      if (
        o.status !== OrderStatus.Pending ||
        o.waitingForOpen ||
        o.lateReject ||
        !this.marketOpen(o.instrument)
      )
        continue;
      this.matchOne(o);
    }
  }

  private matchOne(o: SimOrder): void {
    const ltp = this.s.ltp(o.instrument);
    if ((o.type === OrderType.Stop || o.type === OrderType.StopLimit) && !o.triggered) {
      const hit = o.side === Side.Buy ? ltp >= o.stopPrice : ltp <= o.stopPrice;
      if (hit) o.triggered = true;
    }
    const stopWaiting =
      (o.type === OrderType.Stop || o.type === OrderType.StopLimit) && !o.triggered;
    // A protected market order takes the book only up to its protection price (MPP).
    const protectedEdge = this.protectionOf(o, ltp);
    if (!stopWaiting) {
      const resting = o.rested === true;
      const slices = this.fills.slices(o, resting, protectedEdge ?? undefined);
      if (protectedEdge !== null && slices.length === 0)
        this.restBeyondProtection(o, protectedEdge);
      // A resting limit is hit at its own price: it gave liquidity, so it pushes nothing.
      const passive = resting && (o.type === OrderType.Limit || o.type === OrderType.StopLimit);
      for (const slice of slices) this.fill(o, slice.qty, slice.price, !passive);
      if (isOpen(o)) o.rested = true;
    }
    if (o.validity === 'IOC' && o.status === OrderStatus.Pending) {
      this.end(
        o,
        1,
        o.filledQty > 0
          ? 'IOC order partially filled; remaining quantity cancelled'
          : 'IOC order cancelled: not filled immediately',
      );
    }
  }

  /**
   * The protection price of a trader's market order (API, not an exit leg or square-off),
   * fixed from the last price the first time it can trade: the order has then reached the
   * exchange (an after-market order at the open). Null for every other order.
   */
  private protectionOf(o: SimOrder, ltp: number): number | null {
    if (o.type !== OrderType.Market || o.source !== 'API' || o.parentId) return null;
    o.protectionPrice ??= protectionPrice(o.instrument, o.side, ltp);
    return o.protectionPrice;
  }

  /** Says once why a market order rests: the price is beyond its protection. */
  private restBeyondProtection(o: SimOrder, edge: number): void {
    const message = `Market price protection: not traded beyond ${edge.toFixed(2)}; the order waits for the price to come back within the band`;
    if (o.message === message) return;
    o.message = message;
    this.s.book.changed(o);
  }

  /**
   * Records a fill of `qty` at `price`, prints it on the market (`aggressive`: it walked the
   * book), updates positions, and finishes the order if complete.
   */
  fill(o: SimOrder, qty: number, price: number, aggressive = true): void {
    if (qty <= 0) return;
    const now = this.s.now();
    if (o.productType === 'CNC' && o.side === Side.Sell) {
      const todayLong = this.s.cncBoughtToday(o.instrument);
      const fromHoldings = Math.min(
        Math.max(0, qty - todayLong),
        this.s.holdingRemaining(o.instrument),
      );
      const h = this.s.holdingOf(o.instrument);
      if (h && fromHoldings > 0)
        this.s.positions.carryInHolding(o.instrument, fromHoldings, h.costPrice);
    }
    const t = this.s.book.addTrade(o, qty, price, now);
    this.prints.print(o.instrument, qty, price, aggressive);
    this.s.positions.applyTrade(t);
    o.filledQty += qty;
    o.tradedValue += qty * price;
    if (o.filledQty >= o.qty) {
      o.status = OrderStatus.Traded;
      o.message = 'Traded';
      this.s.book.changed(o);
      this.afterEnd(o);
    } else {
      o.message = `Partially filled ${o.filledQty} of ${o.qty}`;
      this.s.book.changed(o);
    }
  }

  /** Moves an open order to a terminal status (Cancelled, Rejected or Expired) with a message. */
  end(
    o: SimOrder,
    status: typeof OrderStatus.Canceled | typeof OrderStatus.Rejected | typeof OrderStatus.Expired,
    message: string,
  ): void {
    if (!isOpen(o)) return;
    o.status = status;
    o.message = message;
    o.waitingForOpen = false;
    this.s.book.changed(o);
    this.afterEnd(o);
  }

  private afterEnd(o: SimOrder): void {
    if (o.leg === 'entry' && o.filledQty > 0) addExitLegs(this.s, o);
    if ((o.leg === 'stop' || o.leg === 'target') && o.status === OrderStatus.Traded) {
      for (const sib of this.s.book.orders.values()) {
        if (sib !== o && sib.parentId === o.parentId && isOpen(sib))
          this.end(sib, OrderStatus.Canceled, 'Cancelled: the other exit leg was executed');
      }
    }
  }

  /**
   * Flattens one position with a market order that meets the book like any other: it walks
   * the opposite side now, and what the five levels cannot take waits for the next steps (a
   * partial exit the trader sees). At the close (the market no longer open) the rest trades at
   * once at the worst level's price: nothing intraday may stay open overnight. Open exit legs
   * of the same product are cancelled first so they cannot fill against a flat position, and
   * the quantity an earlier exit is still working on is not exited twice.
   */
  flatten(acc: PositionAcc, source: OrderSource, reason: string): SimOrder | undefined {
    const net = acc.buyQty - acc.sellQty - exitingQty(this.s, acc);
    if (net === 0) return undefined;
    for (const o of this.s.book.orders.values()) {
      if (
        o.parentId &&
        isOpen(o) &&
        o.instrument === acc.instrument &&
        o.productType === acc.productType
      )
        this.end(o, OrderStatus.Canceled, reason);
    }
    const o = exitOrder(this.s, acc, net, source, reason);
    this.matchOne(o);
    if (isOpen(o) && !this.marketOpen(acc.instrument)) this.fillRestAtClose(o);
    return o;
  }

  /** The square-off at the close: what the book could not take trades at its worst level now. */
  private fillRestAtClose(o: SimOrder): void {
    const b = this.fills.book(o.instrument);
    const side = o.side === Side.Buy ? b.asks : b.bids;
    const worst = [...side].reverse().find((l) => l.price > 0)?.price ?? this.s.ltp(o.instrument);
    this.fill(o, remainingQty(o), worst);
  }

  /** Cancels open intraday orders and flattens intraday positions of one market. */
  squareOff(exchange: ExchangeCode, segment: SegmentCode): void {
    const inMarket = (i: Instrument) => i.exchange === exchange && i.segment === segment;
    for (const o of this.s.book.orders.values()) {
      if (
        isOpen(o) &&
        !o.waitingForOpen &&
        INTRADAY_PRODUCTS.has(o.productType) &&
        inMarket(o.instrument)
      ) {
        this.end(o, OrderStatus.Canceled, 'Cancelled by the automatic intraday square-off');
      }
    }
    for (const acc of this.s.positions.list()) {
      if (
        INTRADAY_PRODUCTS.has(acc.productType) &&
        inMarket(acc.instrument) &&
        figures(acc, 0).netQty !== 0
      ) {
        this.flatten(acc, 'SQUAREOFF', 'Intraday position squared off before the close');
      }
    }
  }

  /** Forgets session history (test reset). */
  reset(): void {
    this.prevStatus.clear();
    this.squaredOff.clear();
    this.fills.reset();
    this.timing.reset();
  }
}
