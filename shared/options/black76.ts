/**
 * Black-76: the price of a European option on a forward (or futures) price. Indian index and
 * stock options settle in cash against the underlying at expiry, so pricing them on the
 * forward F = S·e^(rT) with this formula is the market's own convention; MCX and currency
 * options are options on futures, which is what Black-76 was written for. Pure functions,
 * price only: the sandbox's price model and the app's Greeks both build on them.
 */

/** Which side of an option: a call (`CE`) or a put (`PE`), as the exchange names them. */
export type OptionRight = 'CE' | 'PE';

/** The inputs of one Black-76 price. */
export interface Black76Input {
  right: OptionRight;
  /** Forward (futures) price of the underlying for the option's expiry, > 0. */
  forward: number;
  /** Strike price, > 0. */
  strike: number;
  /** Time to expiry in years (365-day); at or below 0 the option is worth its intrinsic value. */
  years: number;
  /** Annualised volatility, e.g. 0.14 for 14%. */
  vol: number;
  /** Continuously compounded annual rate used to discount the payoff, e.g. 0.065. */
  rate: number;
}

/**
 * Standard normal cumulative distribution, by the Abramowitz–Stegun 7.1.26 erf approximation
 * refined to about 1e-7 absolute error: ample for prices quoted to a tick.
 */
export function normCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const poly =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-z * z);
  return x >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

/**
 * The Black-76 price of a call or put: e^(−rT)·[F·N(d1) − K·N(d2)] for a call and
 * e^(−rT)·[K·N(−d2) − F·N(−d1)] for a put. Call minus put is e^(−rT)·(F − K) for every
 * volatility (put-call parity), which the sandbox's option chain relies on.
 */
export function black76Price(p: Black76Input): number {
  const { forward: f, strike: k, years: t, vol, rate } = p;
  if (!(f > 0) || !(k > 0)) throw new RangeError('forward and strike must be above 0');
  const disc = Math.exp(-rate * Math.max(0, t));
  if (!(t > 0) || !(vol > 0)) {
    const intrinsic = p.right === 'CE' ? Math.max(0, f - k) : Math.max(0, k - f);
    return disc * intrinsic;
  }
  const sd = vol * Math.sqrt(t);
  const d1 = (Math.log(f / k) + 0.5 * sd * sd) / sd;
  const d2 = d1 - sd;
  return p.right === 'CE'
    ? disc * (f * normCdf(d1) - k * normCdf(d2))
    : disc * (k * normCdf(-d2) - f * normCdf(-d1));
}
