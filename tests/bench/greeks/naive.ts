/**
 * The alternative the greeks bench pairs against: the implied-volatility solve most option
 * tools start with, one strike at a time. Bisection on σ over [0.001, 5] against the full
 * (in-the-money included) Black-76 price, Φ by the Abramowitz–Stegun 7.1.26 erf (error
 * 1.5e-7), until the price is within 1e-6, and the Greeks by bumping and repricing. No
 * bounds check: a premium below intrinsic or above the maximum comes back as an edge of the
 * search range, the number such a tool puts on screen. This is the approach of the npm
 * package `implied-volatility` 1.0.0 (a binary search on `black-scholes` 1.1.0, matched to the
 * cent, always returning an estimate), written out here because the project does not depend
 * on it; the Black-76 form (on the forward) replaces its Black–Scholes one.
 */
type Right = 'CE' | 'PE';

function erf(x: number): number {
  const s = x < 0 ? -1 : 1;
  const a = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * a);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-a * a);
  return s * y;
}

const cdf = (x: number) => 0.5 * (1 + erf(x / Math.SQRT2));

function price(right: Right, f: number, k: number, t: number, r: number, v: number): number {
  const sd = v * Math.sqrt(t);
  const d1 = (Math.log(f / k) + 0.5 * sd * sd) / sd;
  const d2 = d1 - sd;
  const df = Math.exp(-r * t);
  return right === 'CE' ? df * (f * cdf(d1) - k * cdf(d2)) : df * (k * cdf(-d2) - f * cdf(-d1));
}

/** σ by bisection, then delta, gamma, theta (a day) and vega (a point) by finite differences. */
export function naiveFigures(
  right: Right,
  f: number,
  k: number,
  t: number,
  r: number,
  premium: number,
): { iv: number; delta: number; gamma: number; theta: number; vega: number } {
  let lo = 0.001;
  let hi = 5;
  let v = 0.5 * (lo + hi);
  for (let i = 0; i < 200; i++) {
    v = 0.5 * (lo + hi);
    const p = price(right, f, k, t, r, v);
    if (Math.abs(p - premium) < 1e-6) break;
    if (p > premium) hi = v;
    else lo = v;
  }
  const h = f * 1e-4;
  const up = price(right, f + h, k, t, r, v);
  const mid = price(right, f, k, t, r, v);
  const down = price(right, f - h, k, t, r, v);
  const day = 1 / 365;
  return {
    iv: v,
    delta: (up - down) / (2 * h),
    gamma: (up - 2 * mid + down) / (h * h),
    theta: t > day ? price(right, f, k, t - day, r, v) - mid : 0,
    vega: price(right, f, k, t, r, v + 0.01) - mid,
  };
}
