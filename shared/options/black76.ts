/**
 * Black-76: the price of a European option on a futures or forward price. NSE index and
 * stock options are European and settle against the spot at expiry, which is the futures
 * price of the same expiry at expiry; pricing on the forward (the future of that expiry, or
 * spot carried at the rate less the dividend yield) folds carry and dividends into one
 * input, so the same formula serves index, stock, currency and commodity options.
 *
 * One home for the formula: the sandbox's volatility surface and the app's implied
 * volatility and Greeks both price with this.
 */
import { normCdf } from './normal';

export { normCdf };

/** Call or put, as the symbol master names the option types. */
export type OptionRight = 'CE' | 'PE';

/** What Black-76 needs: forward F, strike K, years to expiry t, rate r (continuous, a year), volatility σ (a year). */
export interface Black76Input {
  right: OptionRight;
  forward: number;
  strike: number;
  years: number;
  rate: number;
  vol: number;
}

/** d1 and d2 of the formula (finite for positive inputs). */
export function d1d2(
  forward: number,
  strike: number,
  years: number,
  vol: number,
): [number, number] {
  const sd = vol * Math.sqrt(years);
  const d1 = (Math.log(forward / strike) + 0.5 * sd * sd) / sd;
  return [d1, d1 - sd];
}

/**
 * The undiscounted price E[(F−K)+] or E[(K−F)+]: the premium without the e^(−rt) factor.
 * At zero time or zero volatility it is the intrinsic value.
 */
export function undiscountedBlack(
  right: OptionRight,
  forward: number,
  strike: number,
  years: number,
  vol: number,
): number {
  if (!(years > 0) || !(vol > 0))
    return Math.max(0, right === 'CE' ? forward - strike : strike - forward);
  const [d1, d2] = d1d2(forward, strike, years, vol);
  return right === 'CE'
    ? forward * normCdf(d1) - strike * normCdf(d2)
    : strike * normCdf(-d2) - forward * normCdf(-d1);
}

/** The premium today: e^(−rt) times the undiscounted price (at or past expiry, the intrinsic value undiscounted). */
export function black76(p: Black76Input): number {
  return (
    Math.exp(-p.rate * Math.max(0, p.years)) *
    undiscountedBlack(p.right, p.forward, p.strike, p.years, p.vol)
  );
}

/**
 * The same price for callers that must not go on with a bad forward or strike (the
 * sandbox's price model): a non-positive one is refused by name rather than priced as NaN.
 */
export function black76Price(p: Black76Input): number {
  if (!(p.forward > 0) || !(p.strike > 0))
    throw new RangeError('forward and strike must be above 0');
  return black76(p);
}

/**
 * The forward of a spot carried to expiry: S·e^((r−q)t), r the rate and q the dividend
 * yield, both continuous. Used when no future of the option's expiry is priced.
 */
export function forwardFromSpot(
  spot: number,
  rate: number,
  dividendYield: number,
  years: number,
): number {
  return spot * Math.exp((rate - dividendYield) * years);
}
