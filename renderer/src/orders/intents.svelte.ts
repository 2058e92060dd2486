import type { IntentStatus, OrderIntent } from '../../../shared/broker/models';
import { backend } from '../lib/backend';
import { notices } from '../lib/notices.svelte';
import { portfolio } from '../portfolio/portfolio.svelte';

/** What each intent status means to a trader, in one place so every screen says the same. */
export const INTENT_TEXT: Record<IntentStatus, string> = {
  blocked: 'Not sent: fix the highlighted fields',
  sending: 'Sending…',
  done: 'Accepted by the broker',
  failed: 'Failed',
  unconfirmed: 'Unconfirmed: we are checking the order book; we will not resend',
  'confirmed-done': 'Confirmed: the broker did carry it out',
  'confirmed-not-done': 'Confirmed not done: it is safe to send again',
};

/** The warning for an action that arrived late: what it was, then the core's account of it. */
export function lateArrivalText(intent: OrderIntent): string {
  return /^Arrived late/.test(intent.note)
    ? `${intent.summary}: ${intent.note}`
    : `Arrived late: ${intent.summary} was carried out by the broker after all. Do not send it again.`;
}

/** Statuses where the outcome is still open. */
export function intentPending(s: IntentStatus): boolean {
  return s === 'sending' || s === 'unconfirmed';
}

/**
 * This session's order actions, kept current from `orders.intent`. The ticket shows the
 * latest status of what it sent (including the later answer to an 'unconfirmed' one), and
 * any settled intent refreshes the books.
 */
class IntentStore {
  byId = $state<Record<string, OrderIntent>>({});
  #unsubscribe: (() => void) | null = null;
  #unsubscribeLate: (() => void) | null = null;

  get list(): OrderIntent[] {
    return Object.values(this.byId).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  async init(): Promise<void> {
    const api = backend();
    this.#unsubscribe?.();
    this.#unsubscribe = api.on.orders.intent((intent) => {
      const before = this.byId[intent.intentId];
      this.track(intent);
      if (before && before.status !== intent.status && !intentPending(intent.status)) {
        void portfolio.afterAction();
      }
    });
    // An action reported "not done" that the broker carried out after all (any kind: place,
    // modify, cancel, exit, convert): say so loudly, and keep saying it until the trader
    // closes it. The core's note names the evidence and, for a placement already resent,
    // that both orders exist.
    this.#unsubscribeLate?.();
    this.#unsubscribeLate = api.on.orders.lateArrival((intent) => {
      this.track(intent);
      notices.push('error', lateArrivalText(intent), 0);
      void portfolio.afterAction();
    });
    const r = await api.orders.intents();
    if (r.ok) for (const i of r.data) this.track(i);
  }

  /** Records an intent returned by an action (events may arrive before or after it). */
  track(intent: OrderIntent): void {
    const known = this.byId[intent.intentId];
    if (known && known.updatedAt > intent.updatedAt) return;
    this.byId = { ...this.byId, [intent.intentId]: intent };
  }

  get(id: string | null | undefined): OrderIntent | undefined {
    return id ? this.byId[id] : undefined;
  }
}

/** The app's one intent list. */
export const intents = new IntentStore();
