import type { Order } from '../../../shared/broker/models';
import type { OrderBookSnapshot, OrdersDelta } from '../../../shared/ipc/channels/portfolio';

/** What applying one delta did: applied, already had it, or a gap (ask for a snapshot). */
export type DeltaOutcome =
  { kind: 'applied'; filled: boolean } | { kind: 'stale' } | { kind: 'gap' };

/**
 * The renderer's copy of the order book, kept current from the main process's deltas.
 * A delta applies only on top of the version it was made from; anything else is either
 * old (ignored) or a sign that one went missing, and then only a snapshot can be trusted.
 */
export class OrderReplica {
  #byId = new Map<string, Order>();
  #version: number | null = null;
  #rows: Order[] = [];

  /** The version held, or null before the first snapshot. */
  get version(): number | null {
    return this.#version;
  }

  /** Replaces everything with a snapshot; true when an order gained a fill meanwhile. */
  applySnapshot(s: OrderBookSnapshot & { orders: Order[] }): boolean {
    const before = this.#byId;
    this.#byId = new Map(s.orders.map((o) => [o.id, o]));
    this.#version = s.version;
    this.#rows = s.orders;
    return s.orders.some((o) => o.filledQty > (before.get(o.id)?.filledQty ?? 0));
  }

  /** Applies one delta if it builds on the version held. */
  applyDelta(d: OrdersDelta): DeltaOutcome {
    if (this.#version === null || d.version <= this.#version) return { kind: 'stale' };
    if (d.base !== this.#version) return { kind: 'gap' };
    let filled = false;
    for (const o of d.upserts) {
      if (o.filledQty > (this.#byId.get(o.id)?.filledQty ?? 0)) filled = true;
      this.#byId.set(o.id, o);
    }
    for (const id of d.removed) this.#byId.delete(id);
    this.#version = d.version;
    this.#rows = [...this.#byId.values()];
    return { kind: 'applied', filled };
  }

  /** Every order held (unsorted; the view decides the order). */
  rows(): Order[] {
    return this.#rows;
  }

  clear(): void {
    this.#byId.clear();
    this.#version = null;
    this.#rows = [];
  }
}
