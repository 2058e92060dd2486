/**
 * The simulated last traded price of every instrument: a seeded random walk advanced one step
 * per market tick for the underlyings (cash instruments, indices, commodity and currency
 * futures); futures and options on them follow their underlying through one price model
 * (./price-model.ts: carry for futures, Black-76 on a volatility surface for options). Walks are computed lazily: an instrument nobody looks at costs nothing,
 * and the first read catches it up to the current step. Because each step's randomness is a
 * pure function of (seed, ticker, step), the price of an instrument at a step does not depend
 * on when or in which order instruments were read.
 *
 * The same catch-up also keeps each walk's day statistics (high, low, volume, turnover, open
 * interest, minute candles), so the quotes, the socket's packets, the history candles and the
 * fills all read one market.
 *
 * Two prices per instrument: the book's centre (the walk, plus the decaying push of our own
 * aggressive trades, ./trade-impact.ts), around which the depth is quoted and the market's
 * own trade of each step prints; and the last traded price, which is that step trade or a
 * later print of ours (`trade`), until the next step's trade.
 */
import type { Instrument } from '../../shared/broker/instrument';
import { basePrice } from './base-price';
import { hashString, randomAt } from './hash-random';
import type { InstrumentIndex } from './instrument-index';
import type { Derivation } from './price-model';
import { derivationOf, modelPrice } from './price-model';
import { Segment } from '../../shared/broker/enums';
import type { OwnPrint } from './trade-impact';
import { IMPACT_KEPT_PER_STEP, IMPACT_SHARE } from './trade-impact';

/** One minute of one instrument's trading. */
export interface MinuteBar {
  /** Start of the minute, epoch ms. */
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
}

/** What the walk knows about an instrument's day so far (prices on the tick grid). */
export interface DayStats {
  open: number;
  high: number;
  low: number;
  /** Units traded since the start (or the last reset). */
  volume: number;
  /** Sum of units × price, for the average traded price. */
  turnover: number;
  /** Units of the last step's trade. */
  lastQty: number;
  /** When the last step happened, epoch ms. */
  lastTradeAt: number;
  /** Open interest now and at the start (derivatives; 0 otherwise). */
  openInterest: number;
  prevOpenInterest: number;
  /** Minute candles, oldest first; the last one is the current minute. */
  bars: readonly MinuteBar[];
}

interface Walk extends DayStats {
  key: number;
  step: number;
  price: number;
  base: number;
  bars: MinuteBar[];
  /** Units per step, on average (0 for indices, which do not trade). */
  liquidity: number;
  lot: number;
  /** A derived instrument's premium over its model price, set by a price pin (0 otherwise). */
  pin: number;
  /** The last trade's price on the tick grid: the step's own trade or a later one of ours. */
  last: number;
  /** Our trades' push on the book's centre (price units), decaying step by step. */
  impact: number;
  /** This step's furthest aggressive prints of ours above (≥ 0) and below (≤ 0) the centre. */
  pushUp: number;
  pushDown: number;
}

/** Per-step volatility of the walk (about 0.06% a step). */
const STEP_SIGMA = 0.0006;
const MINUTE_MS = 60_000;
const OI_SALT = 0x27d4eb2f;

/**
 * The price on the tick grid, at least one tick: the same number as `roundToTick` (for ticks
 * of up to six decimals) without its string round trip, because the walk rounds every step
 * of every catch-up.
 */
export function onGrid(price: number, tick: number): number {
  const v = Math.round(Math.round(price / tick) * tick * 1e6) / 1e6;
  return v < tick ? tick : v;
}

/** Whether an instrument is an index (priced, never traded). */
export function isIndex(i: Instrument): boolean {
  return i.ticker.endsWith('-INDEX');
}

/** Whether an instrument is a derivative (carries open interest). */
export function isDerivative(i: Instrument): boolean {
  return i.segment !== Segment.CapitalMarket;
}

/** Lazily evaluated random-walk prices for all instruments. */
export class PriceBook {
  private walks = new Map<string, Walk>();
  /** Each instrument's derivation (null: it walks on its own); the master never changes. */
  private derivations = new Map<string, Derivation | null>();
  private stepNo = 0;
  /** When each step happened (index = step), epoch ms. */
  private stepTimes: number[];

  constructor(
    private readonly seed: number,
    private readonly index: InstrumentIndex,
    /** Starting prices supplied by the master generator, when it has them. */
    private readonly basePriceOf: (ticker: string) => number | undefined = () => undefined,
    /** The simulation clock, for the minute candles. */
    private readonly now: () => number = Date.now,
  ) {
    this.stepTimes = [now()];
  }

  /** Current simulation step (number of ticks since start or reset). */
  get step(): number {
    return this.stepNo;
  }

  /** How many instruments have been priced since the start or reset: the simulation's cost. */
  get priced(): number {
    return this.walks.size;
  }

  /** Advances every walk by `n` steps (lazily). */
  advance(n = 1): void {
    const k = Math.max(0, Math.floor(n));
    const t = this.now();
    for (let j = 0; j < k; j++) this.stepTimes.push(t);
    this.stepNo += k;
  }

  /** How an instrument follows its underlying, if it does. */
  derivation(i: Instrument): Derivation | undefined {
    let d = this.derivations.get(i.ticker);
    if (d === undefined) {
      d = derivationOf(i, this.index) ?? null;
      this.derivations.set(i.ticker, d);
    }
    return d ?? undefined;
  }

  private create(i: Instrument): Walk {
    const d = this.derivation(i);
    const tick = i.tickSize > 0 ? i.tickSize : 0.05;
    const base = d
      ? Math.max(tick, modelPrice(i, d, this.walk(d.underlying).base, this.stepTimes[0]!))
      : (this.basePriceOf(i.ticker) ?? basePrice(i, this.seed, this.index));
    const key = hashString(i.ticker);
    const lot = Math.max(1, i.lotSize);
    const p = this.round(i, base);
    const u = randomAt(this.seed, key ^ OI_SALT, -3);
    const oi = isDerivative(i) && !isIndex(i) ? Math.round(500 + 20_000 * u) * lot : 0;
    const liquidity = isIndex(i) ? 0 : isDerivative(i) ? 4 * lot : Math.round(50 + 950 * u);
    const t0 = this.stepTimes[0]!;
    return {
      key,
      step: 0,
      price: base,
      base,
      open: p,
      high: p,
      low: p,
      volume: 0,
      turnover: 0,
      lastQty: 0,
      lastTradeAt: t0,
      openInterest: oi,
      prevOpenInterest: oi,
      bars: [{ t: t0 - (t0 % MINUTE_MS), o: p, h: p, l: p, c: p, v: 0 }],
      liquidity,
      lot,
      pin: 0,
      last: p,
      impact: 0,
      pushUp: 0,
      pushDown: 0,
    };
  }

  private round(i: Instrument, price: number): number {
    return onGrid(price, i.tickSize > 0 ? i.tickSize : 0.05);
  }

  private walk(i: Instrument): Walk {
    let w = this.walks.get(i.ticker);
    if (!w) {
      w = this.create(i);
      this.walks.set(i.ticker, w);
    }
    const tick = i.tickSize > 0 ? i.tickSize : 0.05;
    const d = this.derivation(i);
    if (d) return this.follow(i, w, d, tick);
    while (w.step < this.stepNo) {
      const u = randomAt(this.seed, w.key, w.step);
      // Mean-reverting towards the base keeps long demo sessions within a sane band.
      const drift = 0.002 * Math.log(w.base / w.price);
      w.price = Math.max(
        tick,
        w.price * Math.exp((u - 0.5) * 2 * STEP_SIGMA * Math.sqrt(3) + drift * STEP_SIGMA * 10),
      );
      w.step++;
      this.settleImpact(w, tick);
      this.record(w, onGrid(this.centreOf(w, tick), tick), u, this.stepTimes[w.step] ?? this.now());
    }
    return w;
  }

  /** Where the book is quoted now: the walk plus our trades' push, at least a tick. */
  private centreOf(w: Walk, tick: number): number {
    return Math.max(tick, w.price + w.impact);
  }

  /**
   * One step of our trades' push: what is left of it decays, the last step's furthest
   * aggressive prints add theirs (./trade-impact.ts). Under a quarter tick it is gone.
   */
  private settleImpact(w: Walk, tick: number): void {
    const push = IMPACT_SHARE * (w.pushUp + w.pushDown);
    w.impact = w.impact * IMPACT_KEPT_PER_STEP + push;
    w.pushUp = 0;
    w.pushDown = 0;
    if (Math.abs(w.impact) < tick / 4) w.impact = 0;
  }

  /**
   * A derived instrument's catch-up: each step it trades at the model price of its
   * underlying's price now (an instrument nobody read for a while catches up at today's
   * underlying, not along its past path), and a pin of the underlying between steps moves it
   * at once, so an option never lags its underlying.
   */
  private follow(i: Instrument, w: Walk, d: Derivation, tick: number): Walk {
    const under = this.walk(d.underlying);
    const priceAt = (at: number) => Math.max(tick, modelPrice(i, d, under.price, at) + w.pin);
    while (w.step < this.stepNo) {
      const u = randomAt(this.seed, w.key, w.step);
      w.step++;
      const at = this.stepTimes[w.step] ?? this.now();
      w.price = priceAt(at);
      this.settleImpact(w, tick);
      this.record(w, onGrid(this.centreOf(w, tick), tick), u, at);
    }
    const now = priceAt(this.stepTimes[this.stepNo] ?? this.now());
    if (onGrid(now, tick) !== onGrid(w.price, tick)) {
      w.price = now;
      w.last = onGrid(this.centreOf(w, tick), tick);
      w.lastTradeAt = under.lastTradeAt;
      this.mark(w, w.last, 0, under.lastTradeAt);
    }
    return w;
  }

  /**
   * Books one step's trade into the day statistics and the minute candles. The volume and the
   * open-interest change come from low bits of the step's own random number (the price move
   * uses its high bits), so a step costs one random draw however much it records.
   */
  private record(w: Walk, p: number, u: number, at: number): void {
    const bits = Math.floor(u * 4294967296);
    let qty = 0;
    if (w.liquidity > 0) {
      const v = (bits & 0xffff) / 65536;
      qty = Math.max(1, Math.round((w.liquidity * (0.2 + 1.6 * v)) / w.lot)) * w.lot;
    }
    if (w.prevOpenInterest > 0) {
      const o = ((bits >>> 16) & 0xff) / 256;
      w.openInterest = Math.max(0, w.openInterest + Math.round((o - 0.45) * 4) * w.lot);
    }
    w.volume += qty;
    w.turnover += qty * p;
    w.lastQty = qty;
    w.lastTradeAt = at;
    w.last = p;
    this.mark(w, p, qty, at);
  }

  private mark(w: Walk, p: number, qty: number, at: number): void {
    w.high = Math.max(w.high, p);
    w.low = Math.min(w.low, p);
    const t = at - (at % MINUTE_MS);
    const bar = w.bars[w.bars.length - 1]!;
    if (bar.t >= t) {
      bar.h = Math.max(bar.h, p);
      bar.l = Math.min(bar.l, p);
      bar.c = p;
      bar.v += qty;
    } else w.bars.push({ t, o: p, h: p, l: p, c: p, v: qty });
  }

  /** Last traded price on the tick grid. */
  ltp(i: Instrument): number {
    return this.walk(i).last;
  }

  /**
   * The price the book is quoted around now, on the tick grid: the walk plus what is left of
   * our trades' push. The depth every view shows and the fills meet is built around it.
   */
  centre(i: Instrument): number {
    const tick = i.tickSize > 0 ? i.tickSize : 0.05;
    return onGrid(this.centreOf(this.walk(i), tick), tick);
  }

  /**
   * One of our fills as the exchange prints it (./trade-impact.ts): it is the last trade now
   * (price, quantity, time, the day's volume, turnover, high, low and minute candle), and an
   * aggressive one pushes the book's centre from the next step on. Other instruments,
   * whatever their relation to this one, are not touched.
   */
  trade(i: Instrument, print: OwnPrint): void {
    if (!(print.qty > 0) || isIndex(i)) return;
    const w = this.walk(i);
    const tick = i.tickSize > 0 ? i.tickSize : 0.05;
    const p = onGrid(print.price, tick);
    if (print.aggressive) {
      const gap = p - this.centreOf(w, tick);
      if (gap > 0) w.pushUp = Math.max(w.pushUp, gap);
      else w.pushDown = Math.min(w.pushDown, gap);
    }
    const at = this.now();
    w.volume += print.qty;
    w.turnover += print.qty * p;
    w.lastQty = print.qty;
    w.lastTradeAt = at;
    w.last = p;
    this.mark(w, p, print.qty, at);
  }

  /** The step-0 price, used as the previous close for change and change-percent. */
  reference(i: Instrument): number {
    return this.walk(i).base;
  }

  /** The instrument's day so far, caught up to the current step (read-only view). */
  stats(i: Instrument): Readonly<DayStats> {
    return this.walk(i);
  }

  /**
   * Pins the price (test control); the walk continues from there. It is the last trade now,
   * so quotes carry the time of the new price (a client keeps the newer of two prices).
   */
  setLtp(i: Instrument, price: number): void {
    const w = this.walk(i);
    // A derived instrument keeps following its underlying, at this premium over its model.
    if (this.derivation(i)) w.pin += price - w.price;
    w.price = price;
    // The pin names the price now: no push of our trades is left on it.
    w.impact = 0;
    w.pushUp = 0;
    w.pushDown = 0;
    w.last = this.round(i, price);
    const at = this.now();
    w.lastTradeAt = at;
    this.mark(w, w.last, 0, at);
  }

  /** Forgets all walks and restarts at step 0 (test reset). */
  reset(): void {
    this.walks.clear();
    this.stepNo = 0;
    this.stepTimes = [this.now()];
  }
}
