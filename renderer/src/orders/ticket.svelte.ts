import {
  isClosedPhase,
  MarketPhase,
  OrderType,
  Side,
  type ProductType,
  type SideCode,
} from '../../../shared/broker/enums';
import type { OrderIntent, PrecheckViolation } from '../../../shared/broker/models';
import type { IpcError } from '../../../shared/ipc/errors';
import type { SymbolInfo } from '../../../shared/ipc/channels/symbols';
import { backend } from '../lib/backend';
import { intents } from './intents.svelte';
import {
  emptyDraft,
  productsFor,
  REQUIRED,
  toOrderInput,
  typesFor,
  unitsPerQty,
  type TicketDraft,
} from './order-form';
import { portfolio } from '../portfolio/portfolio.svelte';
import { newSendId } from '../lib/send-guard';

const PRECHECK_DELAY_MS = 250;

/** Where the ticket was opened from, when that shapes the order (a holding's row). */
export interface TicketOrigin {
  /** The holding's sellable demat quantity: a sell from it is CNC and at most this. */
  holdingQty?: number;
  /**
   * The position the ticket was opened from: the order takes its product, and the side
   * that closes it starts at its size (in lots for F&O), as the holding's sell does.
   */
  position?: { productType: ProductType; netQty: number };
}

/**
 * The order ticket's state, outside the component on purpose: closing the ticket, an
 * expiry, a re-login or a reconnect remounts screens, and the trader's typed values must
 * survive all of them. Nothing here is cleared on failure; only the trader clears it.
 */
/** A market status read longer ago than this is read again when the ticket opens. */
const MARKET_STATUS_MAX_AGE_MS = 60_000;

class TicketStore {
  open = $state(false);
  draft = $state<TicketDraft>(emptyDraft());
  /** Violations from the main process pre-check (broker rules and fat-finger guards). */
  remote = $state<PrecheckViolation[]>([]);
  /**
   * The order those violations were found for (its input, as sent to the check). While the
   * trader's newer typing is still being checked they speak of another order, so they are
   * not shown: a 1-share order is never asked about the 90,000 typed before it.
   */
  remoteFor = $state<string | null>(null);
  /** Violations the ticket finds itself (text that is not a number, missing fields). */
  local = $state<PrecheckViolation[]>([]);
  checking = $state(false);
  precheckError = $state<IpcError | null>(null);
  submitting = $state(false);
  submitError = $state<IpcError | null>(null);
  intentId = $state<string | null>(null);
  /** Set once the trader tries to send: from then on empty required fields are flagged too. */
  attempted = $state(false);
  #timer: ReturnType<typeof setTimeout> | null = null;
  #amoTouched = false;
  #seq = 0;

  get intent(): OrderIntent | undefined {
    return intents.get(this.intentId);
  }

  get violations(): PrecheckViolation[] {
    return [...this.local, ...this.current];
  }

  /** The pre-check's violations when they are about the draft as it is now, else none. */
  get current(): PrecheckViolation[] {
    if (this.remote.length === 0) return this.remote;
    return this.remoteFor === orderKey(toOrderInput(this.draft).input) ? this.remote : [];
  }

  /** Violations for one field, for the message beside that input. */
  errorsFor(field: string): PrecheckViolation[] {
    return this.violations.filter((v) => v.field === field);
  }

  /** Fat-finger warnings (max value, distance from LTP...): the trader may confirm past them. */
  get guardWarnings(): PrecheckViolation[] {
    return this.current.filter((v) => v.guard !== null);
  }

  /** Broker-rule and typing problems: nothing is sent until they are fixed. */
  get blocking(): PrecheckViolation[] {
    return [...this.local, ...this.current.filter((v) => v.guard === null)];
  }

  /**
   * Violations that name no ticket input (e.g. 'order', or a guard's own field). The eDIS
   * one has its own place, with the authorization offered (TicketEdisOffer).
   */
  get generalErrors(): PrecheckViolation[] {
    const known = new Set([...Object.keys(this.draft), 'edis']);
    return this.violations.filter((v) => !known.has(v.field));
  }

  /**
   * Opens the ticket on a side (F1 buy, F2 sell), optionally on a symbol (see setSymbol for
   * what a new instrument starts from) and from a holding; without a symbol it keeps the rest.
   */
  openWith(side: SideCode, symbol?: SymbolInfo | null, origin: TicketOrigin = {}): void {
    this.draft.side = side;
    if (symbol) this.setSymbol(symbol, origin);
    this.open = true;
    this.schedulePrecheck();
  }

  close(): void {
    this.open = false;
  }

  /**
   * Puts the ticket on an instrument. A new instrument starts from itself: one share (or one
   * lot), a limit order with no price typed, no trigger, stop loss, target or disclosed
   * quantity; only the side and a product the new segment takes stay. Nothing typed for
   * another instrument (its price, a market type, an option's quantity) can be sent for this
   * one. The same instrument keeps what was typed. From a holding (`origin.holdingQty`) a
   * sell is a CNC (delivery) sell of at most the holding.
   */
  setSymbol(symbol: SymbolInfo, origin: TicketOrigin = {}): void {
    const prev = this.draft.symbol;
    const same = prev?.ticker === symbol.ticker;
    this.draft.symbol = symbol;
    if (!same) {
      const fresh = emptyDraft();
      this.draft.qty = '1';
      this.draft.type = fresh.type;
      this.draft.limitPrice = fresh.limitPrice;
      this.draft.stopPrice = fresh.stopPrice;
      this.draft.stopLoss = fresh.stopLoss;
      this.draft.takeProfit = fresh.takeProfit;
      this.draft.disclosedQty = fresh.disclosedQty;
      this.draft.validity = fresh.validity;
      this.remote = [];
      this.local = [];
      this.attempted = false;
    }
    const products = productsFor(symbol.segment);
    if (!products.includes(this.draft.productType)) this.draft.productType = 'INTRADAY';
    const pos = origin.position;
    if (pos && products.includes(pos.productType)) {
      this.draft.productType = pos.productType;
      const closes =
        (pos.netQty > 0 && this.draft.side === Side.Sell) ||
        (pos.netQty < 0 && this.draft.side === Side.Buy);
      const size = Math.abs(pos.netQty) / unitsPerQty(symbol);
      if (closes && Number.isInteger(size) && size > 0) this.draft.qty = String(size);
    }
    const held = origin.holdingQty;
    if (this.draft.side === Side.Sell && held !== undefined) {
      this.draft.productType = 'CNC';
      const typed = Number(this.draft.qty);
      if (held > 0 && (!same || !Number.isInteger(typed) || typed <= 0 || typed > held))
        this.draft.qty = String(held);
    }
    if (!typesFor(this.draft.productType).some((t) => t.code === this.draft.type))
      this.draft.type = OrderType.Limit;
    if (!same) {
      this.#amoTouched = false;
      void this.#followMarket(symbol);
    }
    this.schedulePrecheck();
  }

  /**
   * Sets the after-market switch from the segment's market status (closed: AMO on), so a
   * weekend or evening order is not rejected for the wrong flag. The status changes at the
   * session times (09:15, 15:30...), so a status read earlier is not trusted: it is read
   * again when the ticket opens on a symbol (unless read in the last minute) and, with
   * `fresh`, just before sending. A trader who opened the app at 09:00 must not send the
   * 09:15 orders as after-market orders the broker refuses.
   */
  async #followMarket(symbol: SymbolInfo, fresh = false): Promise<void> {
    const age = Date.now() - (portfolio.market.loadedAt ?? 0);
    if (fresh) {
      // Just before a send: a read in the order lane, so a minute full of the trader's own
      // reads cannot hold the order back (it would wait on "Sending…" for up to a minute).
      const r = await backend().portfolio.marketStatus({ beforeSend: true });
      if (r.ok) portfolio.market.set(r.data);
    } else if (!portfolio.market.data || age > MARKET_STATUS_MAX_AGE_MS)
      await portfolio.market.load();
    if (this.draft.symbol?.ticker !== symbol.ticker || this.#amoTouched) return;
    const market = portfolio.market.data?.find(
      (m) => m.exchange === symbol.exchange && m.segment === symbol.segment,
    );
    // An unfamiliar status says nothing either way: the switch stays as it is.
    if (market && market.phase !== MarketPhase.Unknown)
      this.draft.offlineOrder = isClosedPhase(market.phase);
    this.schedulePrecheck();
  }

  /** The trader set the after-market switch by hand: the market status no longer moves it. */
  touchAmo(): void {
    this.#amoTouched = true;
  }

  /** Clears the form on the trader's request only. */
  reset(): void {
    const side = this.draft.side;
    this.draft = { ...emptyDraft(), side };
    this.remote = [];
    this.local = [];
    this.submitError = null;
    this.intentId = null;
    this.attempted = false;
  }

  /** Debounced `orders.precheck`, so violations follow the typing without a request per key. */
  schedulePrecheck(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.precheck(), PRECHECK_DELAY_MS);
  }

  async precheck(): Promise<void> {
    const seq = ++this.#seq;
    const { input, problems } = toOrderInput(this.draft);
    this.local = problems.filter((p) => this.attempted || p.guard !== REQUIRED);
    if (!input) {
      this.remote = [];
      return;
    }
    this.checking = true;
    const r = await backend().orders.precheck(input);
    if (seq !== this.#seq) return;
    this.checking = false;
    if (r.ok) {
      this.remote = r.data;
      this.remoteFor = orderKey(input);
      this.precheckError = null;
    } else {
      this.precheckError = r.error;
    }
  }

  /**
   * Sends the order. Whatever the answer (accepted, rejected, unconfirmed, transport
   * failure) the draft stays as typed; violations land next to their fields.
   */
  async submit(confirmGuards = false): Promise<OrderIntent | null> {
    if (this.submitting) return null;
    this.attempted = true;
    this.submitting = true;
    // The last send's result leaves the ticket now: shown while this one is on its way, a
    // "done" with the last order's id reads as this order's answer. (The caller asked first
    // if that last order might still be placed; it stays in the activity log.)
    this.intentId = null;
    try {
      // The market may have opened or closed since the ticket opened: settle the switch now,
      // from a fresh read in the order lane. The read the ticket started when it opened on
      // the symbol is not waited for: it is in the trader's read lane, where a page load's
      // minute of reads or a slow answer held the order on "Sending…" for 20 s; this read
      // supersedes it (and with the switch set by hand, neither moves it).
      if (!this.#amoTouched && this.draft.symbol) await this.#followMarket(this.draft.symbol, true);
      const { input, problems } = toOrderInput(this.draft);
      this.local = problems;
      if (!input) return null;
      this.submitError = null;
      // One id per send act: the core carries it out once, whatever reaches it twice.
      const r = await backend().orders.place({ draft: input, confirmGuards, sendId: newSendId() });
      if (!r.ok) {
        this.submitError = r.error;
        if (r.error.field) {
          this.remoteFor = orderKey(input);
          this.remote = [
            ...this.remote.filter((v) => v.field !== r.error.field),
            {
              field: r.error.field,
              message: r.error.message,
              code: r.error.code ?? null,
              guard: null,
            },
          ];
        }
        return null;
      }
      intents.track(r.data);
      this.intentId = r.data.intentId;
      if (r.data.status === 'blocked') {
        this.remote = r.data.violations;
        this.remoteFor = orderKey(input);
      } else void portfolio.afterAction();
      return r.data;
    } finally {
      this.submitting = false;
    }
  }
}

/** One order's identity for the pre-check's answers (null: nothing to check yet). */
function orderKey(input: unknown): string | null {
  return input ? JSON.stringify(input) : null;
}

/** The app's one order ticket. */
export const ticket = new TicketStore();
