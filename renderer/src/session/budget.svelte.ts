import type { BudgetState } from '../../../shared/ipc/channels/budget';
import { backend } from '../lib/backend';

/**
 * The request budget (10/s, 200/min, 10,000/day) as the status bar shows it, so a trader
 * sees why a refresh waits and how much of the day is left before the broker blocks.
 */
class BudgetStore {
  state = $state<BudgetState | null>(null);
  #unsubscribe: (() => void) | null = null;

  async init(): Promise<void> {
    const api = backend();
    this.#unsubscribe?.();
    this.#unsubscribe = api.on.budget.changed((s) => (this.state = s));
    const r = await api.budget.state();
    if (r.ok) this.state = r.data;
  }
}

/** The app's one budget view. */
export const budget = new BudgetStore();
