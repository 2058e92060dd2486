/**
 * Black-76 Greeks, in the units a trader reads: delta and gamma per unit of the futures
 * (forward) price, theta in premium per calendar day, vega in premium per volatility point
 * (1 %). These are the conventions of py_vollib's `black.greeks.analytical`, which the tests
 * check against. Delta is on the forward, so a futures leg's delta is simply 1 per unit and
 * a basket of options and futures sums on one footing.
 */
import { d1d2, type OptionRight } from './black76';
import { normCdf, normPdf } from './normal';

/** One option's (per unit) or one basket's (summed, quantity-weighted) Greeks. */
export interface Greeks {
  delta: number;
  gamma: number;
  /** Premium change per calendar day. */
  theta: number;
  /** Premium change per volatility point. */
  vega: number;
}

/** Zero Greeks, the start of a sum. */
export const NO_GREEKS: Greeks = Object.freeze({ delta: 0, gamma: 0, theta: 0, vega: 0 });

/** Per-unit Greeks of one option at volatility `vol`; at or past expiry, the intrinsic's (delta 0/±1, the rest 0). */
export function black76Greeks(
  right: OptionRight,
  forward: number,
  strike: number,
  years: number,
  rate: number,
  vol: number,
): Greeks {
  if (!(years > 0) || !(vol > 0)) {
    const itm = right === 'CE' ? forward > strike : forward < strike;
    return { delta: itm ? (right === 'CE' ? 1 : -1) : 0, gamma: 0, theta: 0, vega: 0 };
  }
  const df = Math.exp(-rate * years);
  const sqrtT = Math.sqrt(years);
  const [d1, d2] = d1d2(forward, strike, years, vol);
  const pdf = normPdf(d1);
  const gamma = (df * pdf) / (forward * vol * sqrtT);
  const vega = forward * df * pdf * sqrtT * 0.01;
  const decay = (forward * df * pdf * vol) / (2 * sqrtT);
  let delta: number;
  let thetaYear: number;
  if (right === 'CE') {
    delta = df * normCdf(d1);
    thetaYear = -decay + rate * forward * df * normCdf(d1) - rate * strike * df * normCdf(d2);
  } else {
    delta = -df * normCdf(-d1);
    thetaYear = -decay - rate * forward * df * normCdf(-d1) + rate * strike * df * normCdf(-d2);
  }
  return { delta, gamma, theta: thetaYear / 365, vega };
}

/** Adds `qty` units of `g` to `sum` (in place, for summing a chain or basket without garbage). */
export function addGreeks(sum: Greeks, g: Greeks, qty: number): Greeks {
  sum.delta += g.delta * qty;
  sum.gamma += g.gamma * qty;
  sum.theta += g.theta * qty;
  sum.vega += g.vega * qty;
  return sum;
}
