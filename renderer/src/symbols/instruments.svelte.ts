import { SvelteMap } from 'svelte/reactivity';
import type { SymbolInfo } from '../../../shared/ipc/channels/symbols';
import { INSTRUMENT_TYPE } from '../../../shared/broker/instrument';
import { formatPrice } from '../../../shared/format';
import { backend } from '../lib/backend';

/**
 * What the views need to know of an instrument beside its price (its tick, whether it is an
 * index), looked up once per ticker from the symbol master and kept for the session. A
 * price cell asks `price(ticker, n)` and re-renders when the tick arrives, so USDINR reads
 * 89.4625 in every view, not 89.46, and an index row knows it has no bid, ask or volume.
 */
/** Wait before asking the master again for a ticker whose read failed. */
const RETRY_AFTER_MS = 30_000;

class InstrumentStore {
  #known = new SvelteMap<string, SymbolInfo | null>();
  #asked = new Set<string>();

  /** The instrument, or undefined until the master answered (null: not in the master). */
  get(ticker: string): SymbolInfo | null | undefined {
    const info = this.#known.get(ticker);
    if (info === undefined) this.#ask(ticker);
    return info;
  }

  /** Tells the store an instrument the view already has (the ticket, search results). */
  learn(info: SymbolInfo): void {
    if (this.#known.get(info.ticker) !== info) this.#known.set(info.ticker, info);
    this.#asked.add(info.ticker);
  }

  /** The instrument's tick, or null while unknown (prices then show two decimals). */
  tickOf(ticker: string): number | null {
    return this.get(ticker)?.tickSize ?? null;
  }

  /** True for an index (NIFTY 50, SENSEX): a value, never traded, so no bid, ask or volume. */
  isIndex(ticker: string): boolean {
    const info = this.get(ticker);
    if (info) return info.instrumentType === INSTRUMENT_TYPE.INDEX;
    // Before the master answers: the broker's index tickers end in -INDEX.
    return ticker.endsWith('-INDEX');
  }

  /** A price of `ticker` at its tick's decimals ('—' when not finite). */
  price(ticker: string, n: number | null | undefined): string {
    return typeof n === 'number' ? formatPrice(n, this.tickOf(ticker)) : '—';
  }

  /** Forgets everything (logout: the next account's master may differ). */
  clear(): void {
    this.#known.clear();
    this.#asked.clear();
  }

  #ask(ticker: string): void {
    if (this.#asked.has(ticker)) return;
    this.#asked.add(ticker);
    void backend()
      .symbols.get({ ticker })
      .then((r) => {
        if (r.ok) this.#known.set(ticker, r.data);
        // A failed read (master still loading) may be asked again, but not on every tick.
        else setTimeout(() => this.#asked.delete(ticker), RETRY_AFTER_MS);
      });
  }
}

/** The app's one instrument lookup for the views. */
export const instruments = new InstrumentStore();
