import {
  PriceAlertInput,
  type PriceAlert,
  type PriceAlertsView,
  type PriceCondition,
} from '../../../shared/alerts/price-alert';
import type { IpcError } from '../../../shared/ipc/errors';
import { backend } from '../lib/backend';
import { notices } from '../lib/notices.svelte';

/** What the alert dialog starts with: a symbol and, from a row, the ticket or the chart, a level. */
export interface AlertDraft {
  symbol: string;
  condition: PriceCondition;
  value: number | null;
  repeat: boolean;
  cooldownMinutes: number;
  note: string;
  /** The alert being modified, or null for a new one. */
  editing: string | null;
}

/**
 * The trader's price alerts as the Alerts screen and the alert dialog see them. The core
 * holds them (the app on live ticks for the v2 dialect) and pushes every change as
 * `alerts.priceChanged`, so two windows never disagree; this store only shows that picture
 * and sends the trader's edits. The dialog can be opened from anywhere (a watch row, the
 * ticket, the chart) with the symbol and a level filled in.
 */
class PriceAlertStore {
  view = $state<PriceAlertsView | null>(null);
  loadError = $state<IpcError | null>(null);
  /** The open dialog's starting values, or null when closed. */
  draft = $state<AlertDraft | null>(null);
  #off: (() => void) | null = null;
  /** Alerts whose move is under way (one at a time each). */
  #moving = new Set<string>();

  init(): void {
    this.#off?.();
    this.#off = backend().on.alerts.priceChanged((v) => (this.view = v));
    void this.load();
  }

  async load(): Promise<void> {
    const r = await backend().alerts.priceList();
    if (r.ok) {
      this.view = r.data;
      this.loadError = null;
    } else this.loadError = r.error;
  }

  /** Opens the dialog for a new alert on `symbol`, at `value` when one is known (crosses above it by default). */
  openNew(
    symbol: string,
    value: number | null = null,
    condition: PriceCondition = 'price-above',
  ): void {
    this.draft = {
      symbol,
      condition,
      value,
      repeat: false,
      cooldownMinutes: 5,
      note: '',
      editing: null,
    };
  }

  /** Opens the dialog on an existing alert. */
  openEdit(a: PriceAlert): void {
    this.draft = {
      symbol: a.symbol,
      condition: a.condition,
      value: a.value,
      repeat: a.repeat,
      cooldownMinutes: a.cooldownMinutes,
      note: a.note,
      editing: a.id,
    };
  }

  close(): void {
    this.draft = null;
  }

  /** Creates or modifies; answers the refusal (shown in the dialog, the trader's input kept) or null. */
  async save(input: PriceAlertInput, editing: string | null): Promise<IpcError | null> {
    const api = backend().alerts;
    const r = editing
      ? await api.priceModify({ id: editing, alert: input })
      : await api.priceCreate(input);
    if (!r.ok) return r.error;
    notices.push('info', editing ? 'Alert changed.' : `Alert set on ${input.symbol}.`, 4000);
    void this.load();
    return null;
  }

  /**
   * Moves an alert to a new level (dragged on the chart, or moved there by keyboard): the
   * alert as it is with only its value changed, checked by the same schema as the dialog and
   * sent through the same modify as the Alerts screen. One move of an alert at a time: a
   * second while the first is under way is refused, never sent twice. Answers the refusal in
   * words, or null when the broker (or the app) took it.
   */
  async move(a: PriceAlert, value: number): Promise<string | null> {
    if (this.#moving.has(a.id)) return 'This alert is being changed already: wait for that first.';
    const parsed = PriceAlertInput.safeParse({
      symbol: a.symbol,
      condition: a.condition,
      value,
      repeat: a.repeat,
      cooldownMinutes: a.cooldownMinutes,
      note: a.note,
    });
    if (!parsed.success) return parsed.error.issues[0]?.message ?? 'That level cannot be used.';
    this.#moving.add(a.id);
    try {
      return (await this.save(parsed.data, a.id))?.message ?? null;
    } finally {
      this.#moving.delete(a.id);
    }
  }

  async setPaused(a: PriceAlert, paused: boolean): Promise<void> {
    const r = await backend().alerts.pricePause({ id: a.id, paused });
    if (!r.ok) notices.push('warning', r.error.message);
    else void this.load();
  }

  async remove(a: PriceAlert): Promise<void> {
    const r = await backend().alerts.priceRemove({ id: a.id });
    if (!r.ok) notices.push('warning', r.error.message);
    else void this.load();
  }
}

/** The app's one price-alert list. */
export const priceAlerts = new PriceAlertStore();
