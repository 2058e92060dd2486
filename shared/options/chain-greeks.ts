/**
 * Implied volatility and Greeks for what a screen shows: one option from its premium, a
 * chain's strikes, and sums over legs. The renderer runs this per frame on the prices it
 * holds (the bench times 200 strikes); everything is plain numbers so it can be timed and
 * tested without a screen.
 */
import { forwardFromSpot, type OptionRight } from './black76';
import { addGreeks, black76Greeks, NO_GREEKS, type Greeks } from './greeks';
import { impliedVol, IV_REFUSALS, type IvRefusal } from './implied-vol';
import type { OptionAssumptions } from '../settings/option-assumptions';

/** Milliseconds in the 365-day year the Greeks' time is counted in (theta is per calendar day). */
export const YEAR_MS = 365 * 24 * 3600 * 1000;

/** Where the forward came from, for the line that names the assumptions. */
export type ForwardBasis = 'future' | 'spot-carried';

/** Everything the options of one expiry share. */
export interface PricingContext {
  forward: number;
  forwardBasis: ForwardBasis;
  years: number;
  rate: number;
}

/**
 * The shared inputs of one expiry: the forward is the underlying's price when that is a
 * future, else the spot carried at the rate less the dividend yield. Null when there is no
 * usable underlying price; an expired context (years ≤ 0) still comes back, and every
 * option in it is then refused as expired.
 */
export function pricingContext(p: {
  underlyingPrice: number | null | undefined;
  underlyingIsFuture: boolean;
  expiryMs: number;
  nowMs: number;
  assumptions: OptionAssumptions;
}): PricingContext | null {
  const u = p.underlyingPrice;
  if (typeof u !== 'number' || !Number.isFinite(u) || u <= 0) return null;
  const years = (p.expiryMs - p.nowMs) / YEAR_MS;
  const rate = p.assumptions.ratePct / 100;
  const q = p.assumptions.dividendYieldPct / 100;
  return p.underlyingIsFuture
    ? { forward: u, forwardBasis: 'future', years, rate }
    : {
        forward: forwardFromSpot(u, rate, q, Math.max(0, years)),
        forwardBasis: 'spot-carried',
        years,
        rate,
      };
}

/** One option's implied volatility and per-unit Greeks, or why there are none. */
export type OptionFigures =
  { ok: true; iv: number; greeks: Greeks } | { ok: false; reason: IvRefusal };

/** The figures of one option at `premium` (its last price); a missing premium is bad input. */
export function optionFigures(
  right: OptionRight,
  strike: number,
  premium: number | null | undefined,
  ctx: PricingContext,
  tick?: number,
): OptionFigures {
  if (typeof premium !== 'number') return { ok: false, reason: IV_REFUSALS.badInput };
  const iv = impliedVol({
    right,
    premium,
    tick,
    strike,
    forward: ctx.forward,
    years: ctx.years,
    rate: ctx.rate,
  });
  if (!iv.ok) return iv;
  return {
    ok: true,
    iv: iv.vol,
    greeks: black76Greeks(right, ctx.forward, strike, ctx.years, ctx.rate, iv.vol),
  };
}

/** One chain row's prices in, its call's and put's figures out (null where the contract is missing). */
export interface ChainPrices {
  strike: number;
  ce: number | null | undefined;
  pe: number | null | undefined;
  hasCe: boolean;
  hasPe: boolean;
}

/** The figures of every strike of a chain (`tick`: the options' tick, see IvInput). */
export function chainFigures(
  rows: readonly ChainPrices[],
  ctx: PricingContext,
  tick?: number,
): { ce: OptionFigures | null; pe: OptionFigures | null }[] {
  return rows.map((r) => ({
    ce: r.hasCe ? optionFigures('CE', r.strike, r.ce, ctx, tick) : null,
    pe: r.hasPe ? optionFigures('PE', r.strike, r.pe, ctx, tick) : null,
  }));
}

/**
 * Quantity-weighted Greeks of legs (units, signed: negative for short); a leg without
 * figures is counted in `missing` rather than silently left out of a total that looks whole.
 */
export function sumGreeks(legs: readonly { qty: number; greeks: Greeks | null }[]): {
  total: Greeks;
  missing: number;
} {
  const total = { ...NO_GREEKS };
  let missing = 0;
  for (const l of legs) {
    if (l.greeks) addGreeks(total, l.greeks, l.qty);
    else missing++;
  }
  return { total, missing };
}

/** A futures leg's Greeks per unit: delta 1 on the forward, nothing else. */
export const FUTURE_GREEKS: Greeks = Object.freeze({ delta: 1, gamma: 0, theta: 0, vega: 0 });
