import type {
  BrokerChainFigures,
  BrokerChainRejected,
} from '../../../shared/marketdata/broker-chain';
import type { IpcError } from '../../../shared/ipc/errors';
import { backend } from '../lib/backend';

/** How often the broker's figures are read again while the chain is open (they move with prices). */
export const BROKER_CHAIN_EVERY_MS = 30_000;

/**
 * The broker's own IV and Greeks for the chain on screen (issue 22 #3), where the account's
 * dialect has an option-chain endpoint: read when the underlying, expiry or window changes
 * and every BROKER_CHAIN_EVERY_MS after, kept by ticker so the screen puts each beside
 * Tickdesk's own. Rows the broker sent that could not be read stay named in `rejected`.
 */
export class BrokerChainFeed {
  /** The broker's figures by contract ticker (replaced whole on each answer). */
  byTicker = $state.raw<Readonly<Record<string, BrokerChainFigures>>>({});
  rejected = $state<BrokerChainRejected[]>([]);
  error = $state<IpcError | null>(null);
  /** When the figures shown were read (epoch ms), or null before the first answer. */
  at = $state<number | null>(null);
  #key = '';

  /** Reads the figures of `symbol`'s `expiry`, `strikes` each side; a stale answer is dropped. */
  async load(symbol: string, expiry: number, strikes: number): Promise<void> {
    const key = `${symbol}|${expiry}|${strikes}`;
    if (key !== this.#key) {
      this.#key = key;
      this.byTicker = {};
      this.rejected = [];
      this.at = null;
    }
    const r = await backend().marketdata.brokerChain({ symbol, expiry, strikes });
    if (key !== this.#key) return;
    if (!r.ok) {
      this.error = r.error;
      return;
    }
    this.error = null;
    this.byTicker = Object.fromEntries(r.data.rows.map((f) => [f.ticker, f]));
    this.rejected = r.data.rejected;
    this.at = r.data.at;
  }

  /** Forgets everything (another account, or the capability went away). */
  clear(): void {
    this.#key = '';
    this.byTicker = {};
    this.rejected = [];
    this.error = null;
    this.at = null;
  }
}
