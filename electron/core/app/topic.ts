/**
 * One-way fan-out between composition stages: a stage that produces something (a pushed order
 * book, a positions read, an order-service event) publishes it on a topic it made, and each
 * later stage subscribes where it is built. The composition then reads top to bottom: nothing
 * upstream holds a reference to a service made after it, and no reference is assigned after
 * use. Listeners run synchronously, in the order they subscribed.
 */

/** A value stream with any number of listeners. */
export interface Topic<T> {
  /** Hands `value` to every listener, in subscription order. */
  publish(value: T): void;
  /** Adds a listener; returns its unsubscribe. */
  subscribe(listener: (value: T) => void): () => void;
  /** Drops every listener (the producer is closing). */
  close(): void;
}

/** Creates an empty topic; publishing before anyone subscribes delivers to nobody. */
export function createTopic<T>(): Topic<T> {
  const listeners = new Set<(value: T) => void>();
  return {
    publish(value) {
      for (const l of [...listeners]) l(value);
    },
    subscribe(listener) {
      // A wrapper per subscription, so subscribing the same function twice runs it twice.
      const own = (value: T) => listener(value);
      listeners.add(own);
      return () => listeners.delete(own);
    },
    close() {
      listeners.clear();
    },
  };
}
