/**
 * Prices at the decimals their instrument's tick needs. Rupee amounts read with two
 * decimals, but a currency future ticks in 0.0025 (USDINR 89.4625) and some contracts in
 * 0.0001: cut to two decimals, three different depth levels read alike and the price a
 * trader clicks is not the price they saw. One helper, driven by the tick, for every price
 * cell (ticket, depth, watch, positions, chain). Pure: no Node built-ins.
 */
import { formatInr } from './money';

/** Decimals used when the tick is unknown or needs fewer: the rupee's paise. */
const MIN_PRICE_DECIMALS = 2;
/** Never more than this: no instrument ticks finer, and a float's noise starts beyond it. */
const MAX_PRICE_DECIMALS = 6;

/**
 * Decimals a tick needs so every multiple of it prints exactly: 0.05 → 2, 0.0025 → 4,
 * 1 → 2 (never fewer than paise). Unknown, zero or odd ticks give 2.
 */
export function tickDecimals(tick: number | null | undefined): number {
  if (typeof tick !== 'number' || !Number.isFinite(tick) || tick <= 0) return MIN_PRICE_DECIMALS;
  for (let d = MIN_PRICE_DECIMALS; d <= MAX_PRICE_DECIMALS; d++) {
    const scaled = tick * 10 ** d;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-6) return d;
  }
  return MAX_PRICE_DECIMALS;
}

/** Options of `formatPrice`. */
export interface PriceFormatOptions {
  /** Prefix with the rupee sign (default false: price columns are headed in rupees). */
  symbol?: boolean;
  /** Show a leading + on positive values (changes). */
  plusSign?: boolean;
}

/**
 * A price with Indian grouping at its tick's decimals: formatPrice(89.4625, 0.0025) is
 * '89.4625', formatPrice(1552.3, 0.05) is '1,552.30'. Not finite prints as an em dash.
 */
export function formatPrice(
  value: number,
  tick: number | null | undefined,
  opts: PriceFormatOptions = {},
): string {
  return formatInr(value, {
    decimals: tickDecimals(tick),
    symbol: opts.symbol ?? false,
    plusSign: opts.plusSign ?? false,
  });
}
