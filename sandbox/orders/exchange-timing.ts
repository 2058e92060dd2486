/**
 * When the simulated exchange answers: how long an order stays in Transit before the exchange
 * acknowledges it (a latency distribution with a heavy tail), and which acknowledged orders
 * the exchange then rejects a moment later (a late rejection), so the app's order feed and
 * reconciliation meet what a real broker sends: Transit → Pending → Rejected.
 *
 * Time is counted in market steps (one step per tick, 250 ms by default), so a frozen test
 * clock that moves only by the tick control still sees every transition. Each order's draw is
 * a pure function of the seed and the order's sequence number: a test run is repeatable.
 */
import type { Instrument } from '../../shared/broker/instrument';
import { OrderType, Segment } from '../../shared/broker/enums';
import { roundToTick } from '../../shared/broker/rules';
import { randomAt } from '../market/hash-random';
import type { SimOrder } from './model';

/** A latency distribution: most answers near `typicalMs`, a `tailChance` share up to `tailMaxMs`. */
export interface LatencyProfile {
  /** Typical acknowledgement time, ms (drawn uniformly from half to one and a half times it). */
  typicalMs: number;
  /** Share of orders in the slow tail, 0..1. */
  tailChance: number;
  /** Slowest tail answer, ms (tail answers are drawn from 500 ms up to this). */
  tailMaxMs: number;
}

/** The default: tens of milliseconds, one order in twenty-five takes 0.5–3 s (*inferred*). */
export const REALISTIC_LATENCY: LatencyProfile = {
  typicalMs: 40,
  tailChance: 0.04,
  tailMaxMs: 3000,
};

/** The calm market (`--latency easy`): every order is acknowledged on the next step. */
export const EASY_LATENCY: LatencyProfile = { typicalMs: 0, tailChance: 0, tailMaxMs: 0 };

/** Named latency profiles of the CLI and options. */
export const LATENCY_PROFILES = { realistic: REALISTIC_LATENCY, easy: EASY_LATENCY } as const;

/** A latency profile's name. */
export type LatencyName = keyof typeof LATENCY_PROFILES;

const ACK_SALT = 0x1a7e4c1;
const TAIL_SALT = 0x5eed7a11;
/**
 * The cash market's widest circuit band, as a share of the price: NSE and BSE bands are 2%,
 * 5%, 10% or 20% of the previous close (most liquid stocks have none, only a 10% dynamic
 * operating range the exchange widens in steps). The realistic width of the sandbox's range
 * (`POST /__sandbox/exchange {priceRange: 0.2}`).
 */
export const CIRCUIT_PRICE_RANGE = 0.2;
/**
 * Half-width of the exchange's price range around the market by default, as a share of the
 * price (*inferred*): the widest real circuit band, so a limit the real exchange would refuse
 * is refused here too (docs/sandbox.md "Price range"; issue 20).
 */
export const EXCHANGE_PRICE_RANGE = CIRCUIT_PRICE_RANGE;
/** The widths the control accepts (a share of the price). */
export const PRICE_RANGE_LIMITS = { min: 0.01, max: 1 } as const;
/** Steps between the acknowledgement and a late rejection (a moment: 1 to 3 steps). */
const REJECT_STEPS_MIN = 1;
const REJECT_STEPS_SPREAD = 3;

/** Milliseconds the exchange takes to acknowledge the order with sequence number `seq`. */
export function ackLatencyMs(p: LatencyProfile, seed: number, seq: number): number {
  const tail = randomAt(seed, TAIL_SALT, seq) < p.tailChance;
  const u = randomAt(seed, ACK_SALT, seq);
  if (tail) return 500 + u * Math.max(0, p.tailMaxMs - 500);
  return p.typicalMs * (0.5 + u);
}

/** Market steps an answer of `ms` takes on a `stepMs` ticker: at least the next step. */
export function stepsFor(ms: number, stepMs: number): number {
  return Math.max(1, Math.ceil(ms / Math.max(1, stepMs)));
}

/**
 * The exchange's own checks, made after the broker accepted the order: a cash-market limit or
 * trigger price outside the exchange's operating range (the broker's risk system does not
 * check it, the exchange does). The range is taken as `range` (EXCHANGE_PRICE_RANGE) around the market
 * price at acknowledgement (*inferred*: the exchange's dynamic band flexes with the market;
 * its exact reference is not published to us). Returns the reason, or undefined.
 */
export function exchangeVerdict(
  o: Pick<SimOrder, 'type' | 'limitPrice' | 'stopPrice'> & { instrument: Instrument },
  reference: number,
  range: number = EXCHANGE_PRICE_RANGE,
): string | undefined {
  const i = o.instrument;
  if (i.segment !== Segment.CapitalMarket || !(reference > 0)) return undefined;
  const tick = i.tickSize > 0 ? i.tickSize : 0.05;
  const low = Math.max(tick, roundToTick(reference * (1 - range), tick));
  const high = roundToTick(reference * (1 + range), tick);
  const usesLimit = o.type === OrderType.Limit || o.type === OrderType.StopLimit;
  const usesStop = o.type === OrderType.Stop || o.type === OrderType.StopLimit;
  for (const [name, p] of [
    ['limit', usesLimit ? o.limitPrice : 0],
    ['trigger', usesStop ? o.stopPrice : 0],
  ] as const) {
    if (p > 0 && (p < low || p > high))
      return `Rejected by the exchange: the ${name} price ${p} is outside the exchange's price range ${low.toFixed(2)}-${high.toFixed(2)}`;
  }
  return undefined;
}

/** The exchange's timing over one sandbox: profile, forced late rejections, and per-order draws. */
export class ExchangeTiming {
  private forced: string[] = [];
  /** Half-width of the exchange's price range (a share of the price); a test may widen it. */
  priceRange = EXCHANGE_PRICE_RANGE;

  constructor(
    private readonly seed: number,
    public profile: LatencyProfile,
    /** Real milliseconds per market step (the ticker's period). */
    public stepMs: number,
  ) {}

  /** Steps from placement to acknowledgement for the order with sequence number `seq`. */
  ackSteps(seq: number): number {
    return stepsFor(ackLatencyMs(this.profile, this.seed, seq), this.stepMs);
  }

  /** Steps from acknowledgement to a late rejection, for the order with sequence number `seq`. */
  rejectSteps(seq: number): number {
    return (
      REJECT_STEPS_MIN +
      Math.min(
        REJECT_STEPS_SPREAD - 1,
        Math.floor(randomAt(this.seed, ACK_SALT ^ TAIL_SALT, seq) * REJECT_STEPS_SPREAD),
      )
    );
  }

  /** Makes the exchange reject the next acknowledged order(s) with this reason (test control). */
  rejectNext(reason: string): void {
    this.forced.push(reason);
  }

  /** The reason the next acknowledged order is rejected for, if a test armed one. */
  takeForced(): string | undefined {
    return this.forced.shift();
  }

  /** Back to no armed rejections and the default price range (test reset); the profile stays. */
  reset(): void {
    this.forced = [];
    this.priceRange = EXCHANGE_PRICE_RANGE;
  }
}
