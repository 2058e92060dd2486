import type { IpcError } from '../../../shared/ipc/errors';
import type { KILL_CONFIRM_WORD } from '../../../shared/risk/risk-limits';
import { type KillOutcome, type RiskState } from '../../../shared/risk/risk-limits';
import { backend } from '../lib/backend';

/**
 * The kill switch and the daily limits as the shell shows them: the stop in force (the
 * status bar), whether the MTM is live, and the kill switch's dialog. The core does the
 * work and refuses orders itself; this only shows and asks.
 */
class RiskStore {
  state = $state<RiskState | null>(null);
  /** The kill switch's confirmation dialog is open. */
  dialogOpen = $state(false);
  busy = $state(false);
  #off: (() => void) | null = null;

  async init(): Promise<void> {
    const api = backend();
    this.#off?.();
    this.#off = api.on.risk.changed((s) => (this.state = s));
    await this.refresh();
  }

  /** Reads the picture again (a login, an account switch). */
  async refresh(): Promise<void> {
    const r = await backend().risk.state();
    if (r.ok) this.state = r.data;
  }

  /** Opens the confirmation (the button, the key). */
  ask(): void {
    this.dialogOpen = true;
  }

  /** Pulls the switch with the typed word; the outcome or the error for the trader. */
  async engage(
    typed: string,
  ): Promise<{ ok: true; data: KillOutcome } | { ok: false; error: IpcError }> {
    this.busy = true;
    try {
      const r = await backend().risk.killSwitch({ confirm: typed as typeof KILL_CONFIRM_WORD });
      if (r.ok) this.state = { ...(this.state ?? emptyState()), block: r.data.block };
      return r;
    } finally {
      this.busy = false;
    }
  }
}

function emptyState(): RiskState {
  return {
    block: null,
    mtm: null,
    fresh: false,
    lossLimit: null,
    profitTarget: null,
    action: 'warn',
    heldBy: 'app',
    waiting: null,
  };
}

/** The app's one risk view. */
export const risk = new RiskStore();
