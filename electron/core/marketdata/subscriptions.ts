/**
 * Who wants which symbol's prices. Several parts of the app want the same symbol at once
 * (the market watch, an open ticket, a position), and each lets go on its own schedule; a
 * symbol stays subscribed at the broker while anyone still wants it and is released the
 * moment nobody does. Counting per holder (owner and reason) rather than per call makes a
 * repeated subscribe harmless and lets a closed window release everything it held at once.
 */
import type { SubscriptionReason } from '../../../shared/marketdata/subscription';

/** What changed at the broker side after a call: symbols to subscribe and to release. */
export interface SubscriptionDelta {
  added: string[];
  removed: string[];
}

/** Reference-counted subscriptions keyed by holder. */
export interface Subscriptions {
  /** The holder now wants these symbols too. */
  add(owner: string, reason: SubscriptionReason, symbols: readonly string[]): SubscriptionDelta;
  /** The holder lets go of these symbols (all of its symbols when none are named). */
  remove(owner: string, reason: SubscriptionReason, symbols?: readonly string[]): SubscriptionDelta;
  /** Replaces what the holder wants with exactly these symbols (positions, holdings). */
  set(owner: string, reason: SubscriptionReason, symbols: readonly string[]): SubscriptionDelta;
  /** Everything an owner held, for every reason (a window closed). */
  releaseOwner(owner: string): SubscriptionDelta;
  /** Every symbol someone wants. */
  symbols(): string[];
  /** How many holders want a symbol. */
  holders(symbol: string): number;
}

/** Creates an empty subscription table. */
export function createSubscriptions(): Subscriptions {
  const byHolder = new Map<string, Set<string>>();
  const counts = new Map<string, number>();
  const key = (owner: string, reason: SubscriptionReason) => `${owner}\u0000${reason}`;

  function grab(set: Set<string>, symbols: readonly string[], delta: SubscriptionDelta): void {
    for (const s of symbols) {
      if (set.has(s)) continue;
      set.add(s);
      const n = (counts.get(s) ?? 0) + 1;
      counts.set(s, n);
      if (n === 1) delta.added.push(s);
    }
  }

  function drop(set: Set<string>, symbols: Iterable<string>, delta: SubscriptionDelta): void {
    for (const s of [...symbols]) {
      if (!set.delete(s)) continue;
      const n = (counts.get(s) ?? 1) - 1;
      if (n <= 0) {
        counts.delete(s);
        delta.removed.push(s);
      } else counts.set(s, n);
    }
  }

  function holder(k: string): Set<string> {
    let set = byHolder.get(k);
    if (!set) {
      set = new Set();
      byHolder.set(k, set);
    }
    return set;
  }

  return {
    add(owner, reason, symbols) {
      const delta: SubscriptionDelta = { added: [], removed: [] };
      grab(holder(key(owner, reason)), symbols, delta);
      return delta;
    },
    remove(owner, reason, symbols) {
      const delta: SubscriptionDelta = { added: [], removed: [] };
      const k = key(owner, reason);
      const set = byHolder.get(k);
      if (!set) return delta;
      drop(set, symbols ?? set, delta);
      if (set.size === 0) byHolder.delete(k);
      return delta;
    },
    set(owner, reason, symbols) {
      const delta: SubscriptionDelta = { added: [], removed: [] };
      const set = holder(key(owner, reason));
      const want = new Set(symbols);
      drop(
        set,
        [...set].filter((s) => !want.has(s)),
        delta,
      );
      grab(set, symbols, delta);
      return delta;
    },
    releaseOwner(owner) {
      const delta: SubscriptionDelta = { added: [], removed: [] };
      for (const [k, set] of [...byHolder]) {
        if (!k.startsWith(`${owner}\u0000`)) continue;
        drop(set, set, delta);
        byHolder.delete(k);
      }
      return delta;
    },
    symbols: () => [...counts.keys()],
    holders: (symbol) => counts.get(symbol) ?? 0,
  };
}
