import type { SymbolsStatus } from '../../../shared/ipc/channels/symbols';
import { backend } from '../lib/backend';

/**
 * Whether symbol search can answer yet: the master is downloaded once a day (large files),
 * so the first minutes after start may have no search. The search box and status bar say
 * so instead of showing "no match" for a symbol that exists.
 */
class SymbolsStore {
  status = $state<SymbolsStatus | null>(null);
  #unsubscribe: (() => void) | null = null;

  async init(): Promise<void> {
    const api = backend();
    this.#unsubscribe?.();
    this.#unsubscribe = api.on.symbols.changed((s) => (this.status = s));
    const r = await api.symbols.status();
    if (r.ok) this.status = r.data;
  }

  async refresh(): Promise<void> {
    const r = await backend().symbols.refresh();
    if (r.ok) this.status = r.data;
  }
}

/** The app's one view of the symbol master. */
export const symbols = new SymbolsStore();
