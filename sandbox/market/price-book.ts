/**
 * The simulated last traded price of every instrument: a seeded random walk advanced one step
 * per market tick. Walks are computed lazily: an instrument nobody looks at costs nothing,
 * and the first read catches it up to the current step. Because each step's randomness is a
 * pure function of (seed, ticker, step), the price of an instrument at a step does not depend
 * on when or in which order instruments were read.
 */
import type { Instrument } from '../../shared/broker/instrument';
import { roundToTick } from '../../shared/broker/rules';
import { basePrice } from './base-price';
import { hashString, randomAt } from './hash-random';
import type { InstrumentIndex } from './instrument-index';

interface Walk {
  key: number;
  step: number;
  price: number;
  base: number;
}

/** Per-step volatility of the walk (about 0.06% a step). */
const STEP_SIGMA = 0.0006;

/** Lazily evaluated random-walk prices for all instruments. */
export class PriceBook {
  private walks = new Map<string, Walk>();
  private stepNo = 0;

  constructor(
    private readonly seed: number,
    private readonly index: InstrumentIndex,
    /** Starting prices supplied by the master generator, when it has them. */
    private readonly basePriceOf: (ticker: string) => number | undefined = () => undefined,
  ) {}

  /** Current simulation step (number of ticks since start or reset). */
  get step(): number {
    return this.stepNo;
  }

  /** Advances every walk by `n` steps (lazily). */
  advance(n = 1): void {
    this.stepNo += Math.max(0, Math.floor(n));
  }

  private walk(i: Instrument): Walk {
    let w = this.walks.get(i.ticker);
    if (!w) {
      const base = this.basePriceOf(i.ticker) ?? basePrice(i, this.seed, this.index);
      w = { key: hashString(i.ticker), step: 0, price: base, base };
      this.walks.set(i.ticker, w);
    }
    const floor = i.tickSize > 0 ? i.tickSize : 0.05;
    while (w.step < this.stepNo) {
      const u = randomAt(this.seed, w.key, w.step);
      // Mean-reverting towards the base keeps long demo sessions within a sane band.
      const drift = 0.002 * Math.log(w.base / w.price);
      w.price = Math.max(
        floor,
        w.price * Math.exp((u - 0.5) * 2 * STEP_SIGMA * Math.sqrt(3) + drift * STEP_SIGMA * 10),
      );
      w.step++;
    }
    return w;
  }

  /** Last traded price on the tick grid. */
  ltp(i: Instrument): number {
    const tick = i.tickSize > 0 ? i.tickSize : 0.05;
    return Math.max(tick, roundToTick(this.walk(i).price, tick));
  }

  /** The step-0 price, used as the previous close for change and change-percent. */
  reference(i: Instrument): number {
    return this.walk(i).base;
  }

  /** Pins the price (test control); the walk continues from there. */
  setLtp(i: Instrument, price: number): void {
    const w = this.walk(i);
    w.price = price;
  }

  /** Forgets all walks and restarts at step 0 (test reset). */
  reset(): void {
    this.walks.clear();
    this.stepNo = 0;
  }
}
