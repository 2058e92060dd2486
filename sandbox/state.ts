/**
 * Everything the simulated broker knows about its one demo account and its market, in one
 * object that route handlers, the matching engine and the test controls share. A reset
 * replaces the mutable parts while keeping the immutable symbol master, apps and clock.
 */
import { DepthDepletion } from './market/depth-depletion';
import type { Instrument } from '../shared/broker/instrument';
import type { SimClock } from './clock';
import type { FundsFigures } from './account/funds';
import { START_LIMITS, computeFunds, type StartLimits } from './account/funds';
import { chargesByLedger } from './account/charges';
import type { HoldingSeed } from './account/holdings';
import { seedHoldings } from './account/holdings';
import type { PositionFigures } from './account/position-ledger';
import { PositionLedger, figures } from './account/position-ledger';
import { EdisStore } from './edis/store';
import type { InstrumentIndex } from './market/instrument-index';
import { PriceBook } from './market/price-book';
import { SessionBoard } from './market/sessions';
import { OrderBook } from './orders/book';
import { DayArchive } from './history/day-record';

/** The mutable broker state plus its fixed inputs. */
export class SandboxState {
  readonly prices: PriceBook;
  readonly sessions = new SessionBoard();
  readonly book = new OrderBook();
  readonly positions = new PositionLedger();
  readonly edis = new EdisStore();
  /** What our own trades took from each book, refilling over the steps. */
  readonly depletion = new DepthDepletion();
  /** The closed trading days the history endpoints answer over. */
  readonly archive = new DayArchive();
  holdings: HoldingSeed[] = [];
  /** Start-of-day limits of the current trading day. */
  startLimits: StartLimits = { ...START_LIMITS };
  /** Trading day (IST date of the last 06:00 boundary) the books belong to; 0 before the first check. */
  tradingDay = 0;
  /**
   * The account has a standing demat instruction (DDPI, or an old POA): CNC sells of demat
   * shares need no eDIS authorization, neither from the ticket nor when a GTT triggers. Off by
   * default (the demo account authorizes per day, as most retail accounts without DDPI do); a
   * test control sets it (`POST /__sandbox/demat`). Account set-up, so a reset keeps it off.
   */
  ddpi = false;

  constructor(
    readonly seed: number,
    readonly clock: SimClock,
    readonly index: InstrumentIndex,
    basePriceOf?: (ticker: string) => number | undefined,
  ) {
    this.prices = new PriceBook(seed, index, basePriceOf, () => clock.now());
    this.holdings = seedHoldings(seed, index, (i) => this.prices.ltp(i));
  }

  /** Current time of the simulation clock (UTC ms). */
  now(): number {
    return this.clock.now();
  }

  /** Last traded price of an instrument. */
  ltp(i: Instrument): number {
    return this.prices.ltp(i);
  }

  /** Positions with averages and P&L at current prices. */
  positionFigures(): PositionFigures[] {
    return this.positions.list().map((a) => figures(a, this.ltp(a.instrument)));
  }

  /** The funds ledger, derived from positions, open orders and the day's charges. */
  funds(): FundsFigures {
    const orders = this.book.list();
    return computeFunds(
      this.positionFigures(),
      orders,
      (i) => this.ltp(i),
      this.startLimits,
      chargesByLedger(orders),
    );
  }

  /** The demat holding of an instrument, if the account has one. */
  holdingOf(i: Instrument): HoldingSeed | undefined {
    return this.holdings.find(
      (h) => h.instrument === i || (i.isin !== '' && h.instrument.isin === i.isin),
    );
  }

  /** Start-of-day holding quantity of an instrument not yet sold today. */
  holdingRemaining(i: Instrument): number {
    const h = this.holdingOf(i);
    if (!h) return 0;
    const sold = this.positions
      .list()
      .filter((a) => a.instrument.isin === h.instrument.isin)
      .reduce((sum, a) => sum + a.carriedQty, 0);
    return Math.max(0, h.quantity - sold);
  }

  /**
   * Net CNC quantity of an instrument's shares bought today, over every exchange line of its
   * ISIN (bought on BSE, sold on NSE: the same shares, no eDIS needed).
   */
  cncBoughtToday(i: Instrument): number {
    const net = this.positions
      .list()
      .filter(
        (a) =>
          a.productType === 'CNC' &&
          (a.instrument === i || (i.isin !== '' && a.instrument.isin === i.isin)),
      )
      .reduce((n, a) => n + a.buyQty - a.sellQty, 0);
    return Math.max(0, net);
  }

  /** Back to the start-of-day state: no orders, trades or positions; fresh prices and holdings. */
  reset(): void {
    this.book.clear();
    this.positions.clear();
    this.edis.clear();
    this.depletion.clear();
    this.archive.clear();
    this.sessions.clear();
    this.prices.reset();
    this.startLimits = { ...START_LIMITS };
    this.tradingDay = 0;
    this.ddpi = false;
    this.holdings = seedHoldings(this.seed, this.index, (i) => this.prices.ltp(i));
  }
}
