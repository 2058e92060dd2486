import type { OrderIntent, PrecheckViolation } from '../../../shared/broker/models';
import type { IpcError } from '../../../shared/ipc/errors';
import type { OrderDraftInput } from '../../../shared/ipc/channels/orders';
import type { SymbolInfo } from '../../../shared/ipc/channels/symbols';
import { MAX_BASKET_ORDERS } from '../../../shared/orders/basket-limits';
import { Segment } from '../../../shared/broker/enums';
import type { SavedBasket } from '../../../shared/orders/basket';
import { backend } from '../lib/backend';
import { intents } from '../orders/intents.svelte';
import { portfolio } from '../portfolio/portfolio.svelte';
import { newSendId } from '../lib/send-guard';

/** One order of the basket: the draft as parsed from the ticket, its checks and its result. */
export interface BasketItem {
  key: number;
  symbol: SymbolInfo | null;
  draft: OrderDraftInput;
  /** The pre-check's answer (broker rules and fat-finger guards), as of the last change. */
  violations: PrecheckViolation[];
  checking: boolean;
  /** The intent of the last send, for its result. */
  intentId: string | null;
}

/** Where the orders of a basket of n go: requests of at most 10 (the broker's multi limit). */
export const requestsFor = (n: number) => Math.ceil(n / 10);

/**
 * The basket being built, outside the screen so it survives switching screens and closing
 * the ticket. Orders come from the ticket ("Add to basket"), are checked by the same
 * `orders.precheck` the ticket uses, and go out together through `orders.placeMany` (the
 * core splits them into requests of 10 and reconciles, never resends).
 *
 * A sent order is done: Send sends only the orders not sent yet (new or edited ones, and
 * those the checks stopped), so a basket whose orders all went out has nothing left to send.
 * Placing them again is Send again, a new act the screen asks about first. Each send carries
 * its own send id, which the core carries out once.
 */
class BasketStore {
  items = $state<BasketItem[]>([]);
  saved = $state<SavedBasket[]>([]);
  sending = $state(false);
  error = $state<IpcError | null>(null);
  /** Whether the logged-in account's broker API sends multi-leg orders (app.info). */
  multiLegOffered = $state(false);
  #key = 0;
  /** The id of the next Send; a new one after every send and every change of the basket. */
  #sendId = newSendId();
  #timers = new Map<number, ReturnType<typeof setTimeout>>();

  /** Adds an order (a copy: the ticket goes on being edited); false when the basket is full. */
  add(draft: OrderDraftInput, symbol: SymbolInfo | null): boolean {
    if (this.items.length >= MAX_BASKET_ORDERS) return false;
    const key = ++this.#key;
    this.#sendId = newSendId();
    this.items.push({
      key,
      symbol,
      draft: { ...draft },
      violations: [],
      checking: true,
      intentId: null,
    });
    void this.check(key);
    return true;
  }

  remove(key: number): void {
    this.#sendId = newSendId();
    this.items = this.items.filter((i) => i.key !== key);
  }

  /** Changes an order; its old result no longer applies and it is checked again. */
  edit(key: number, patch: Partial<OrderDraftInput>): void {
    const item = this.items.find((i) => i.key === key);
    if (!item) return;
    item.draft = { ...item.draft, ...patch };
    item.intentId = null;
    this.#sendId = newSendId();
    item.checking = true;
    const t = this.#timers.get(key);
    if (t) clearTimeout(t);
    this.#timers.set(
      key,
      setTimeout(() => void this.check(key), 250),
    );
  }

  /** Runs the pre-check of one order (the ticket's channel: same rules, same guards). */
  async check(key: number): Promise<void> {
    const item = this.items.find((i) => i.key === key);
    if (!item) return;
    const draft = item.draft;
    const r = await backend().orders.precheck(draft);
    const now = this.items.find((i) => i.key === key);
    if (!now || now.draft !== draft) return;
    now.checking = false;
    now.violations = r.ok
      ? r.data
      : [{ field: 'order', message: r.error.message, code: null, guard: null }];
  }

  clear(): void {
    this.#sendId = newSendId();
    this.items = [];
    this.error = null;
  }

  /** Broker-rule problems: the basket is not sent while any order has one. */
  get blocking(): number {
    return this.items.filter((i) => i.violations.some((v) => v.guard === null)).length;
  }

  /** Fat-finger warnings the trader must confirm before sending. */
  get warnings(): number {
    return this.items.filter((i) => i.violations.some((v) => v.guard !== null)).length;
  }

  /** The intent of an order's last send. */
  result(item: BasketItem): OrderIntent | undefined {
    return intents.get(item.intentId);
  }

  /** True once the order went out (whatever its result); false while new, edited or stopped by the checks. */
  isSent(item: BasketItem): boolean {
    if (item.intentId === null) return false;
    const status = this.result(item)?.status;
    return status !== undefined && status !== 'blocked';
  }

  /** The orders Send would send: those not sent yet. */
  get unsent(): BasketItem[] {
    return this.items.filter((i) => !this.isSent(i));
  }

  /** Sends the orders not sent yet in one `orders.placeMany`; each row then follows its own intent. */
  async send(confirmGuards: boolean): Promise<void> {
    await this.#place(this.unsent, confirmGuards, this.#sendId);
  }

  /**
   * Send again: every order of the basket placed anew, as new orders (the screen asked
   * first, naming them). A new send id: the core tells this act from the first.
   */
  async sendAgain(confirmGuards: boolean): Promise<void> {
    await this.#place([...this.items], confirmGuards, newSendId());
  }

  async #place(sent: BasketItem[], confirmGuards: boolean, sendId: string): Promise<void> {
    if (this.sending || sent.length === 0) return;
    this.sending = true;
    this.error = null;
    // Whatever the answer, this id is spent: the next act needs a new one.
    this.#sendId = newSendId();
    try {
      const r = await backend().orders.placeMany({
        drafts: sent.map((i) => i.draft),
        confirmGuards,
        sendId,
      });
      if (!r.ok) {
        this.error = r.error;
        return;
      }
      r.data.forEach((intent, n) => {
        intents.track(intent);
        const item = this.items.find((i) => i.key === sent[n]?.key);
        if (item) item.intentId = intent.intentId;
        if (item && intent.status === 'blocked' && intent.violations.length)
          item.violations = intent.violations;
      });
      void portfolio.afterAction();
    } finally {
      this.sending = false;
    }
  }

  /** Reads whether the account's broker API has multi-leg orders (the screen opened). */
  async readCapabilities(): Promise<void> {
    const r = await backend().app.info();
    this.multiLegOffered = r.ok && (r.data.account?.capabilities.multiLeg ?? false);
  }

  /**
   * The basket can go as ONE multi-leg order: the account's API has them, and the basket is
   * 2 or 3 futures/options legs, none sent yet, of one product.
   */
  get multiLegReady(): boolean {
    const legs = this.items;
    return (
      this.multiLegOffered &&
      legs.length >= 2 &&
      legs.length <= 3 &&
      this.unsent.length === legs.length &&
      legs.every((i) => i.symbol?.segment === Segment.EquityDerivatives) &&
      new Set(legs.map((i) => i.draft.productType)).size === 1
    );
  }

  /** Sends the basket as one multi-leg order (`orders.placeMultiLeg`): every row follows its one intent. */
  async sendMultiLeg(confirmGuards: boolean): Promise<void> {
    if (this.sending || !this.multiLegReady) return;
    const legs = [...this.items];
    const sendId = this.#sendId;
    this.sending = true;
    this.error = null;
    this.#sendId = newSendId();
    try {
      const r = await backend().orders.placeMultiLeg({
        legs: legs.map((i) => i.draft),
        confirmGuards,
        sendId,
      });
      if (!r.ok) {
        this.error = r.error;
        return;
      }
      intents.track(r.data);
      legs.forEach((leg, k) => {
        const item = this.items.find((i) => i.key === leg.key);
        if (!item) return;
        item.intentId = r.data.intentId;
        // Each row shows its own leg's problems (the core names them "Leg n").
        if (r.data.status === 'blocked')
          item.violations = r.data.violations.filter(
            (v) => !v.message.startsWith('Leg ') || v.message.startsWith(`Leg ${k + 1} `),
          );
      });
      void portfolio.afterAction();
    } finally {
      this.sending = false;
    }
  }

  async loadSaved(): Promise<void> {
    const r = await backend().baskets.list();
    if (r.ok) this.saved = r.data;
  }

  /** Saves the basket's orders under a name; the error, if any, is for the name field. */
  async save(name: string): Promise<IpcError | null> {
    const r = await backend().baskets.save({ name, orders: this.items.map((i) => i.draft) });
    if (!r.ok) return r.error;
    this.saved = r.data;
    return null;
  }

  async removeSaved(name: string): Promise<IpcError | null> {
    const r = await backend().baskets.remove({ name });
    if (!r.ok) return r.error;
    this.saved = r.data;
    return null;
  }

  /** Replaces the basket with a saved one: each symbol looked up again, each order checked. */
  async open(name: string): Promise<void> {
    const b = this.saved.find((s) => s.name === name);
    if (!b) return;
    this.#sendId = newSendId();
    this.items = [];
    this.error = null;
    for (const draft of b.orders) {
      const r = await backend().symbols.get({ ticker: draft.symbol });
      this.add(draft, r.ok ? r.data : null);
    }
  }
}

/** The app's one basket. */
export const basket = new BasketStore();
