/**
 * Implied volatility from an option's premium under Black-76: Newton's method on σ, kept
 * inside a bracket that shrinks every step and falling back to bisection whenever a Newton
 * step would leave it or vega is too small to trust. A premium outside the no-arbitrage
 * bounds has no volatility: the answer then says why, in named codes the screen turns into
 * words, never a NaN.
 */
import { d1d2, undiscountedBlack, type OptionRight } from './black76';
import { normPdf } from './normal';

/** Why a premium has no implied volatility. */
export const IV_REFUSALS = {
  /** A price, forward, strike or time that is not a positive finite number. */
  badInput: 'bad-input',
  /** Expiry reached or passed: nothing left to imply. */
  expired: 'expired',
  /** Premium below intrinsic value (discounted): an arbitrage, or a stale price. */
  belowIntrinsic: 'below-intrinsic',
  /** Premium equal to intrinsic value: no time value, so any volatility near 0 fits. */
  noTimeValue: 'no-time-value',
  /** Premium at or above the forward (call) or strike (put), discounted: no volatility reaches it. */
  aboveMaximum: 'above-maximum',
  /** The solver did not converge inside its bounds (should not happen; said rather than guessed). */
  noConvergence: 'no-convergence',
} as const;
/** One refusal code. */
export type IvRefusal = (typeof IV_REFUSALS)[keyof typeof IV_REFUSALS];

/** The solver's answer: a volatility (a year, 0.15 = 15 %) or the reason there is none. */
export type IvResult =
  { ok: true; vol: number; iterations: number } | { ok: false; reason: IvRefusal };

/** What the solver needs: the premium paid today and Black-76's other inputs. */
export interface IvInput {
  right: OptionRight;
  premium: number;
  forward: number;
  strike: number;
  years: number;
  rate: number;
  /**
   * The contract's tick: a premium up to one tick below the intrinsic value is a price at
   * parity rounded to the tick (no time value), not an arbitrage. Absent: no allowance.
   */
  tick?: number;
}

/** The volatilities the solver searches between (0.1 % to 1000 % a year). */
export const IV_MIN = 1e-3;
/** Upper end of the search (1000 % a year). */
export const IV_MAX = 10;
const MAX_ITERATIONS = 100;

/** Words for a refusal, for a cell's tooltip or a leg's note. */
export function ivRefusalText(reason: IvRefusal): string {
  switch (reason) {
    case 'bad-input':
      return 'No implied volatility: the price, underlying or expiry is missing';
    case 'expired':
      return 'No implied volatility: the option has expired';
    case 'below-intrinsic':
      return 'No implied volatility: the premium is below the intrinsic value';
    case 'no-time-value':
      return 'No implied volatility: the premium has no time value';
    case 'above-maximum':
      return 'No implied volatility: the premium is above what any volatility gives';
    case 'no-convergence':
      return 'No implied volatility: the solver did not settle';
  }
}

/**
 * σ such that Black-76 gives `premium`. Works on the out-of-the-money side (an in-the-money
 * premium less its forward intrinsic is the out-of-the-money one of the other right, by
 * parity), where the price is all time value and the solver loses no digits to intrinsic.
 */
export function impliedVol(p: IvInput): IvResult {
  const { premium, forward: f, strike: k, years: t, rate: r } = p;
  if (![premium, f, k, t, r].every(Number.isFinite) || premium < 0 || f <= 0 || k <= 0)
    return { ok: false, reason: IV_REFUSALS.badInput };
  if (t <= 0) return { ok: false, reason: IV_REFUSALS.expired };
  const target = premium * Math.exp(r * t);
  const intrinsic = Math.max(0, p.right === 'CE' ? f - k : k - f);
  const cap = p.right === 'CE' ? f : k;
  // A relative tolerance on the bounds: a premium typed to the tick is "at" intrinsic.
  const eps = 1e-12 * Math.max(f, k);
  const slack = Math.max(eps, (p.tick ?? 0) * Math.exp(r * t));
  if (target < intrinsic - slack) return { ok: false, reason: IV_REFUSALS.belowIntrinsic };
  if (target <= intrinsic + eps) return { ok: false, reason: IV_REFUSALS.noTimeValue };
  if (target >= cap - eps) return { ok: false, reason: IV_REFUSALS.aboveMaximum };

  // The out-of-the-money right and its price (time value only).
  const otm: OptionRight = k >= f ? 'CE' : 'PE';
  const goal = target - intrinsic;
  const sqrtT = Math.sqrt(t);
  let lo = IV_MIN;
  let hi = IV_MAX;
  const priceAt = (v: number) => undiscountedBlack(otm, f, k, t, v);
  if (priceAt(hi) < goal) return { ok: false, reason: IV_REFUSALS.aboveMaximum };
  if (priceAt(lo) > goal) return { ok: true, vol: lo, iterations: 0 };

  // Brenner–Subrahmanyam's at-the-money guess, √(2π/t)·C/F, corrected for moneyness.
  const x = Math.log(f / k);
  let v = Math.sqrt((2 * Math.PI) / t) * (goal / Math.sqrt(f * k));
  v = Math.max(v, Math.sqrt((2 * Math.abs(x)) / t));
  if (!(v > lo && v < hi)) v = 0.3;
  for (let i = 1; i <= MAX_ITERATIONS; i++) {
    const diff = priceAt(v) - goal;
    if (Math.abs(diff) <= 1e-12 * Math.max(goal, 1e-300) || Math.abs(diff) < 1e-14 * f)
      return { ok: true, vol: v, iterations: i };
    if (diff > 0) hi = v;
    else lo = v;
    const [d1] = d1d2(f, k, t, v);
    const vega = f * normPdf(d1) * sqrtT;
    let next = vega > 1e-300 ? v - diff / vega : NaN;
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (Math.abs(next - v) < 1e-14 * v) return { ok: true, vol: next, iterations: i };
    v = next;
  }
  return hi - lo < 1e-9
    ? { ok: true, vol: 0.5 * (lo + hi), iterations: MAX_ITERATIONS }
    : { ok: false, reason: IV_REFUSALS.noConvergence };
}
