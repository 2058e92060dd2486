import { DEFAULT_OPTION_ASSUMPTIONS } from '../../../shared/settings/option-assumptions';
import type { OptionAssumptions } from '../../../shared/settings/option-assumptions';
import type { SymbolInfo } from '../../../shared/ipc/channels/symbols';
import {
  optionFigures,
  pricingContext,
  type OptionFigures,
  type PricingContext,
} from '../../../shared/options/chain-greeks';
import { expiryMomentMs } from '../../../shared/options/expiry';
import type { OptionUnderlying } from '../../../shared/marketdata/option-chain';
import { backend } from '../lib/backend';
import { clock } from '../lib/clock.svelte';
import { quotes } from '../marketdata/quotes.svelte';
import { settings } from '../settings/settings.svelte';

/**
 * The renderer's one way to price an option it shows (chain, positions, ticket, strategy):
 * the trader's rate and dividend assumptions from Settings, the underlying's live price as
 * the forward (a future's as it is, a spot's carried to the expiry), time to expiry from the
 * shared clock. All reactive: a view that reads these re-renders as prices and time move.
 */

/** The trader's assumptions (Settings → Preferences → Options), or the defaults before settings load. */
export function optionAssumptions(): OptionAssumptions {
  return settings.view?.preferences.options ?? DEFAULT_OPTION_ASSUMPTIONS;
}

/** True for a futures ticker (NSE:NIFTY25DECFUT): its price is the forward as it is. */
export function isFutureTicker(ticker: string | null | undefined): boolean {
  return !!ticker && ticker.endsWith('FUT');
}

/** The shared inputs for options of one expiry on `underlying` (a spot, index or future ticker). */
export function contextFor(
  underlying: string | null | undefined,
  expiryMs: number | null,
): PricingContext | null {
  if (!underlying || expiryMs === null) return null;
  return pricingContext({
    underlyingPrice: quotes.get(underlying)?.ltp,
    underlyingIsFuture: isFutureTicker(underlying),
    expiryMs,
    nowMs: clock.now,
    assumptions: optionAssumptions(),
  });
}

/** One option contract's IV and Greeks at its live price, or null when it is not an option or nothing prices it yet. */
export function figuresFor(
  symbol: SymbolInfo | null | undefined,
  underlying: string | null | undefined,
  premium?: number | null,
): OptionFigures | null {
  if (!symbol || !symbol.optionType || symbol.strike === null) return null;
  const ctx = contextFor(underlying, expiryMomentMs(symbol.expiry, symbol.segment));
  if (!ctx) return null;
  return optionFigures(
    symbol.optionType,
    symbol.strike,
    premium === undefined ? quotes.get(symbol.ticker)?.ltp : premium,
    ctx,
    symbol.tickSize,
  );
}

/** IV as a trader reads it: 14.2 (%). */
export function ivText(f: OptionFigures | null | undefined): string {
  return f?.ok ? (f.iv * 100).toFixed(1) : '—';
}

/** A Greek at a sensible number of decimals; '—' without figures. */
export function greekText(v: number | null | undefined, decimals = 2): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return '—';
  const s = v.toFixed(decimals);
  return /^-0\.?0*$/.test(s) ? s.slice(1) : s;
}

/**
 * Which ticker prices each underlying's forward (NIFTY → its index, SBIN → its cash share),
 * from the symbol master's option underlyings, asked once and again when asked after a failure.
 */
class UnderlyingSpots {
  #list = $state<OptionUnderlying[] | null>(null);
  #asking = false;

  /** The ticker priced for `name`'s forward, or null (unknown yet, or none). */
  spotOf(name: string): string | null {
    if (this.#list === null) this.#ask();
    return this.#list?.find((u) => u.name === name)?.spot ?? null;
  }

  #ask(): void {
    if (this.#asking) return;
    this.#asking = true;
    void backend()
      .symbols.optionUnderlyings()
      .then((r) => {
        this.#asking = false;
        if (r.ok) this.#list = r.data;
      });
  }
}

/** The app's one underlying-to-spot lookup. */
export const underlyingSpots = new UnderlyingSpots();
