import type { Gtt, GttAction, GttDraft, GttView } from '../../../shared/broker/gtt';
import { draftOf } from '../../../shared/broker/gtt';
import { Side, type SideCode } from '../../../shared/broker/enums';
import type { IpcError } from '../../../shared/ipc/errors';
import { backend } from '../lib/backend';
import { nav } from '../lib/nav.svelte';
import { notices } from '../lib/notices.svelte';
import { edis } from '../edis/edis.svelte';

/** What the GTT dialog starts with: a draft to edit and, when modifying, the GTT's id. */
export interface GttDialogStart {
  draft: GttDraft;
  editing: string | null;
}

/** Rounds to the instrument's tick (prefilled prices must be valid ones). */
function onTick(p: number, tick: number): number {
  const t = tick > 0 ? tick : 0.05;
  const d = String(t).split('.')[1]?.length ?? 0;
  return Number((Math.round(p / t) * t).toFixed(d));
}

/**
 * The GTT book and GTT actions as the GTT screen and dialog see them. The core holds the
 * book and every action's state and pushes each change as `gtt.changed`, so two windows never
 * disagree; this store shows that picture and sends the trader's requests. The dialog opens
 * from the GTT screen, the ticket, or a holding / position row ("set stop and target").
 */
class GttStore {
  view = $state<GttView | null>(null);
  loadError = $state<IpcError | null>(null);
  dialog = $state<GttDialogStart | null>(null);
  /** A GTT put aside while its shares are authorized for sale (eDIS); reopened after. */
  parked = $state<GttDialogStart | null>(null);
  #off: (() => void) | null = null;

  init(): void {
    this.#off?.();
    this.#off = backend().on.gtt.changed((v) => (this.view = v));
  }

  /** Reads the GTT book from the broker (the screen opening, the refresh button). */
  async load(): Promise<void> {
    const r = await backend().gtt.refresh();
    if (r.ok) {
      this.view = r.data;
      this.loadError = null;
    } else this.loadError = r.error;
  }

  /** The GTT book as the core last read it, without asking the broker (the chart's GTT lines). */
  async peek(): Promise<void> {
    const r = await backend().gtt.view();
    if (r.ok) this.view = r.data;
  }

  /** A new GTT on `symbol`: single at the price, or OCO around it. */
  openNew(
    symbol: string,
    side: SideCode,
    qty: number,
    price: number,
    tick: number,
    kind: 'single' | 'oco' = 'oco',
  ): void {
    const p = price > 0 ? price : 0;
    const leg = (x: number) => ({
      triggerPrice: onTick(x, tick),
      limitPrice: onTick(x, tick),
      qty: Math.max(1, qty),
    });
    const up = p * 1.05;
    const down = p * 0.95;
    this.dialog = {
      editing: null,
      draft:
        kind === 'single'
          ? { kind: 'single', symbol, side, productType: 'CNC', leg: leg(p) }
          : {
              kind: 'oco',
              symbol,
              side,
              productType: 'CNC',
              target: leg(side === Side.Sell ? up : up),
              stop: leg(down),
            },
    };
  }

  /**
   * "Set stop and target" on a holding or position: an OCO that closes it, prefilled from its
   * quantity and average price (target 10% above, stop 5% below for a long; mirrored for a short).
   */
  protect(symbol: string, qty: number, avg: number, tick: number, product: 'CNC' | 'MARGIN'): void {
    const long = qty > 0;
    const n = Math.abs(qty);
    const leg = (x: number) => ({
      triggerPrice: onTick(x, tick),
      limitPrice: onTick(x, tick),
      qty: n,
    });
    this.dialog = {
      editing: null,
      draft: {
        kind: 'oco',
        symbol,
        side: long ? Side.Sell : Side.Buy,
        productType: product,
        target: leg(long ? avg * 1.1 : avg * 1.05),
        stop: leg(long ? avg * 0.95 : avg * 0.9),
      },
    };
  }

  openEdit(g: Gtt): void {
    const d = draftOf(g);
    if (!d) {
      notices.push(
        'warning',
        `GTT ${g.id} cannot be changed from Tickdesk (its product is ${g.productType}).`,
      );
      return;
    }
    this.dialog = { draft: d, editing: g.id };
  }

  close(): void {
    this.dialog = null;
  }

  /**
   * "Authorize now" from the dialog: the GTT as typed is put aside, the eDIS screen opens with
   * its shares picked; once authorized (or from the GTT screen) it comes back as it was.
   */
  authorizeFirst(start: GttDialogStart, qty: number): void {
    this.parked = start;
    this.dialog = null;
    edis.preselect(start.draft.symbol, qty);
    nav.go('edis');
  }

  /** Reopens the GTT put aside for an authorization, if any. */
  resume(): void {
    if (!this.parked) return;
    this.dialog = this.parked;
    this.parked = null;
  }

  /** Sends a create or modify; answers the action (blocked, asking, sent) or the refusal. */
  async send(
    d: GttDraft,
    editing: string | null,
    confirmed: boolean,
  ): Promise<GttAction | IpcError> {
    const api = backend().gtt;
    const r = editing
      ? await api.modify({ id: editing, draft: d, confirmed })
      : await api.create({ draft: d, confirmed });
    return r.ok ? r.data : r.error;
  }

  async cancel(g: Gtt): Promise<void> {
    const r = await backend().gtt.cancel({ id: g.id });
    if (!r.ok) notices.push('warning', r.error.message);
    else if (r.data.status === 'failed' || r.data.status === 'blocked')
      notices.push('warning', r.data.note);
    else
      notices.push(
        'info',
        `GTT ${g.id}: cancel ${r.data.status === 'done' ? 'done' : 'sent, being confirmed'}.`,
        4000,
      );
  }
}

/**
 * "Set stop and target" from a holding or position row (key G, or its button): a GTT closes
 * CNC and MARGIN holdings and positions; an intraday one ends today and is said so.
 */
export function protectRow(
  symbol: string,
  qty: number,
  avg: number,
  product: string,
  tick: number | null,
): void {
  if (qty === 0) return;
  if (product !== 'CNC' && product !== 'MARGIN') {
    notices.push(
      'warning',
      `A GTT can protect CNC and MARGIN holdings and positions; this one is ${product} and ends today.`,
    );
    return;
  }
  gtts.protect(symbol, qty, avg, tick ?? 0.05, product);
}

/** The app's one GTT store. */
export const gtts = new GttStore();
