import type { EdisDetail } from '../../../shared/broker/models';
import { backend } from '../lib/backend';
import { Resource } from '../lib/resource.svelte';

/**
 * What the trader picked to authorize for sale, kept outside the eDIS screen so the
 * Holdings screen's "Authorize for sale" can preselect a row, and a re-login in the
 * middle of the depository step loses nothing.
 */
class EdisStore {
  /** Quantity text per holding symbol; present = selected. */
  picks = $state<Record<string, string>>({});
  history = new Resource<EdisDetail[]>(() => backend().edis.details());

  preselect(symbol: string, qty: number): void {
    this.picks = { ...this.picks, [symbol]: String(qty) };
  }

  toggle(symbol: string, qty: number): void {
    if (symbol in this.picks) {
      const next = { ...this.picks };
      delete next[symbol];
      this.picks = next;
    } else this.preselect(symbol, qty);
  }
}

/** The app's one eDIS selection. */
export const edis = new EdisStore();
