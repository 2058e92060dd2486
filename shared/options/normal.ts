/**
 * The standard normal distribution, to double precision, for Black-76 and its implied
 * volatility. `Math` has no erf; the usual five-term approximation (Abramowitz–Stegun
 * 7.1.26, absolute error 1.5e-7) is too coarse for the far wings of a chain, where an
 * out-of-the-money premium is itself a few times 1e-4 of the strike and the solver would
 * chase the approximation's noise.
 */

const INV_SQRT_2PI = 0.3989422804014327;

/** Density φ(x). */
export function normPdf(x: number): number {
  return INV_SQRT_2PI * Math.exp(-0.5 * x * x);
}

/**
 * Φ(x), by Hart's rational approximation (1968, algorithm 5666, as given by G. West,
 * "Better approximations to cumulative normal functions", Wilmott 2005): accurate to about
 * 1e-15 absolute and, computed on |x| from the tail, good relative accuracy far out in the
 * tail too (Φ(-8) ≈ 6.2e-16 comes out right, not 0).
 */
export function normCdf(x: number): number {
  if (Number.isNaN(x)) return NaN;
  const a = Math.abs(x);
  let tail: number;
  if (a > 37) tail = 0;
  else {
    const e = Math.exp(-0.5 * a * a);
    if (a < 7.07106781186547) {
      let n = 3.52624965998911e-2 * a + 0.700383064443688;
      n = n * a + 6.37396220353165;
      n = n * a + 33.912866078383;
      n = n * a + 112.079291497871;
      n = n * a + 221.213596169931;
      n = n * a + 220.206867912376;
      let d = 8.83883476483184e-2 * a + 1.75566716318264;
      d = d * a + 16.064177579207;
      d = d * a + 86.7807322029461;
      d = d * a + 296.564248779674;
      d = d * a + 637.333633378831;
      d = d * a + 793.826512519948;
      d = d * a + 440.413735824752;
      tail = (e * n) / d;
    } else {
      let b = a + 0.65;
      b = a + 4 / b;
      b = a + 3 / b;
      b = a + 2 / b;
      b = a + 1 / b;
      tail = e / b / 2.506628274631;
    }
  }
  return x > 0 ? 1 - tail : tail;
}
