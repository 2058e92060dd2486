/**
 * A strategy's payoff (issue 22 #4): what a basket of option and futures legs is worth at
 * expiry and today across underlying prices, where it breaks even, its most and least, and
 * the premium it takes in or pays out. The expiry payoff is piecewise linear with corners
 * only at the strikes, so breakevens and extremes are computed exactly from those corners
 * and the slope beyond the last one, never read off a sampled curve.
 */
import { Side, type SideCode } from '../broker/enums';
import { contractMultiplierOf, type ValueScale } from '../broker/order-value';
import { black76, type OptionRight } from './black76';

/** The parts of a contract a leg's size depends on (a SymbolInfo has them). */
export interface LegContract extends ValueScale {
  lotSize: number;
}

/**
 * A leg's signed quantity as the payoff and the strategy's ₹ Greeks take it, in rupees per
 * point of its price: lots × lot size × the contract's multiplier (an MCX CRUDEOIL lot holds
 * 100 barrels priced per barrel, a USDINR lot USD 1,000 priced per dollar), negative when
 * sold. Null when the contract's multiplier is not known: such a leg is never sized as if it
 * were 1 (shared/broker/order-value.ts).
 */
export function legQty(side: SideCode, lots: number, c: LegContract): number | null {
  const m = contractMultiplierOf(c);
  if (m === null) return null;
  return (side === Side.Buy ? 1 : -1) * lots * Math.max(1, c.lotSize) * m;
}

/** One leg: quantity in rupees per point (`legQty`), positive bought, negative sold. */
export type PayoffLeg =
  | {
      kind: 'option';
      right: OptionRight;
      strike: number;
      qty: number;
      /** Price paid (bought) or received (sold) per unit. */
      premium: number;
      /** Implied volatility for the "today" curve; null when none is known (then the leg is held at expiry value). */
      vol: number | null;
      /** Years to this leg's expiry, for the "today" curve. */
      years: number;
    }
  | { kind: 'future'; qty: number; price: number };

/** The strategy's profit or loss at expiry with the underlying at `s`. */
export function payoffAtExpiry(legs: readonly PayoffLeg[], s: number): number {
  let total = 0;
  for (const l of legs) {
    if (l.kind === 'future') total += l.qty * (s - l.price);
    else {
      const intrinsic = Math.max(0, l.right === 'CE' ? s - l.strike : l.strike - s);
      total += l.qty * (intrinsic - l.premium);
    }
  }
  return total;
}

/**
 * The profit or loss if the underlying were at `s` now: each option at its Black-76 value
 * on the forward s·e^(carry·t) (carry = rate − dividend yield for a spot, 0 for a future)
 * with its own volatility and time left, at `rate`. A leg with no volatility is valued at
 * its intrinsic value (what it is worth at expiry).
 */
export function payoffToday(
  legs: readonly PayoffLeg[],
  s: number,
  rate: number,
  carry = 0,
): number {
  let total = 0;
  for (const l of legs) {
    if (l.kind === 'future') total += l.qty * (s - l.price);
    else {
      const value =
        l.vol !== null && l.years > 0
          ? black76({
              right: l.right,
              forward: s * Math.exp(carry * l.years),
              strike: l.strike,
              years: l.years,
              rate,
              vol: l.vol,
            })
          : Math.max(0, l.right === 'CE' ? s - l.strike : l.strike - s);
      total += l.qty * (value - l.premium);
    }
  }
  return total;
}

/** The most or least the strategy can make at expiry: an amount, or unbounded (said in words on screen). */
export type Extreme = { bounded: true; value: number; at: number } | { bounded: false };

/** What the payoff panel states about a strategy. */
export interface PayoffSummary {
  /** Underlying prices where the expiry payoff crosses zero, ascending. */
  breakevens: number[];
  maxProfit: Extreme;
  maxLoss: Extreme;
  /** Premium taken in (positive) or paid out (negative) when the option legs are opened. */
  netPremium: number;
}

/** Breakevens, extremes and net premium, exactly, from the payoff's corners. */
export function payoffSummary(legs: readonly PayoffLeg[]): PayoffSummary {
  const corners = [
    0,
    ...new Set(legs.flatMap((l) => (l.kind === 'option' ? [l.strike] : []))),
  ].sort((a, b) => a - b);
  // Beyond the last strike every call and future gains one per unit; puts are flat.
  let slope = 0;
  for (const l of legs) if (l.kind === 'future' || l.right === 'CE') slope += l.qty;
  const values = corners.map((c) => payoffAtExpiry(legs, c));
  const breakevens: number[] = [];
  const add = (x: number) => {
    if (!breakevens.some((b) => Math.abs(b - x) < 1e-9 * Math.max(1, x))) breakevens.push(x);
  };
  for (let i = 0; i < corners.length; i++) {
    const a = corners[i]!;
    const va = values[i]!;
    if (va === 0) add(a);
    if (i + 1 < corners.length) {
      const b = corners[i + 1]!;
      const vb = values[i + 1]!;
      if (va * vb < 0) add(a + ((b - a) * va) / (va - vb));
    }
  }
  const last = corners.at(-1)!;
  const vLast = values.at(-1)!;
  if (slope !== 0 && vLast * slope < 0) add(last - vLast / slope);
  breakevens.sort((a, b) => a - b);

  let hi = 0;
  let lo = 0;
  for (let i = 1; i < values.length; i++) {
    if (values[i]! > values[hi]!) hi = i;
    if (values[i]! < values[lo]!) lo = i;
  }
  const netPremium = legs.reduce(
    (sum, l) => (l.kind === 'option' ? sum - l.qty * l.premium : sum),
    0,
  );
  return {
    breakevens,
    maxProfit:
      slope > 0 ? { bounded: false } : { bounded: true, value: values[hi]!, at: corners[hi]! },
    maxLoss:
      slope < 0 ? { bounded: false } : { bounded: true, value: values[lo]!, at: corners[lo]! },
    netPremium,
  };
}

/** One point of the plotted curves. */
export interface PayoffPoint {
  price: number;
  expiry: number;
  today: number;
}

/**
 * `n` evenly spaced points over [from, to] with both curves, plus the strikes themselves
 * (so the expiry line's corners are drawn sharp), ascending and unique.
 */
export function payoffCurve(
  legs: readonly PayoffLeg[],
  from: number,
  to: number,
  n: number,
  rate: number,
  carry = 0,
): PayoffPoint[] {
  const xs = new Set<number>();
  const step = (to - from) / Math.max(1, n - 1);
  for (let i = 0; i < n; i++) xs.add(Math.round((from + i * step) * 100) / 100);
  for (const l of legs)
    if (l.kind === 'option' && l.strike >= from && l.strike <= to) xs.add(l.strike);
  return [...xs]
    .filter((x) => x >= 0)
    .sort((a, b) => a - b)
    .map((price) => ({
      price,
      expiry: payoffAtExpiry(legs, price),
      today: payoffToday(legs, price, rate, carry),
    }));
}
