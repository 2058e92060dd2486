import { formatIndianNumber, formatInr } from '../../../../shared/format';
import type { BrokerChainFigures } from '../../../../shared/marketdata/broker-chain';
import type { OptionFigures } from '../../../../shared/options/chain-greeks';
import { ivRefusalText } from '../../../../shared/options/implied-vol';
import { instruments } from '../../symbols/instruments.svelte';

/**
 * The option chain's cell words, shared by its grid and cells: counts, prices at the
 * contract's tick, signed changes, and the titles that say whose IV and Greeks a cell shows.
 */

/** A count in Indian digit grouping, or a dash. */
export const num = (v: number | null | undefined): string =>
  v === null || v === undefined ? '—' : formatIndianNumber(v);

/** A price at its contract's tick decimals (currency options tick 0.0025), or a dash. */
export const price = (v: number | null | undefined, ticker?: string | null): string =>
  v === null || v === undefined
    ? '—'
    : ticker
      ? instruments.price(ticker, v)
      : formatInr(v, { symbol: false });

/** A price change with its sign, or a dash. */
export const signed = (v: number | null | undefined): string =>
  v === null || v === undefined ? '—' : `${v > 0 ? '+' : ''}${formatInr(v, { symbol: false })}`;

/** A count change with its sign. */
export const signedCount = (v: number): string => `${v > 0 ? '+' : ''}${formatIndianNumber(v)}`;

/** Words for a contract's figures: its IV and Greeks, or why there are none. */
export function figuresTitle(f: OptionFigures | null | undefined): string {
  if (!f) return 'No underlying price yet: no implied volatility';
  return f.ok
    ? `IV ${(f.iv * 100).toFixed(2)} %, delta ${f.greeks.delta.toFixed(3)}, gamma ${f.greeks.gamma.toPrecision(3)}, theta ${f.greeks.theta.toFixed(2)} a day, vega ${f.greeks.vega.toFixed(2)} a point`
    : ivRefusalText(f.reason);
}

/** Words for the broker's figures of one contract. */
export function brokerTitle(ticker: string | null, b: BrokerChainFigures | undefined): string {
  if (!ticker) return '';
  if (!b) return `The broker sent no figures for ${ticker}`;
  return `The broker's, from its option chain: IV ${b.iv === null ? 'none' : (b.iv * 100).toFixed(2) + ' %'}, delta ${b.delta === null ? 'none' : b.delta.toFixed(3)} (its model is not published)`;
}
