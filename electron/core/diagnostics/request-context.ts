/**
 * Which order action a broker request belongs to, carried by async context.
 *
 * Why: support staff follow one order's story by its intent id through the journal and the
 * request log. The request is made deep inside the broker client, which must not learn about
 * intents; the order service marks the call once and every request it causes carries the id.
 * The request scheduler runs each job in the context of its caller, so queueing keeps it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const storage = new AsyncLocalStorage<readonly string[]>();

/** Runs `fn` so that every broker request it makes is logged with these intent ids. */
export function withOrderIntents<T>(intentIds: readonly string[], fn: () => T): T {
  return storage.run(intentIds, fn);
}

/** The intent ids of the order action the current request belongs to (empty for reads). */
export function currentOrderIntents(): readonly string[] {
  return storage.getStore() ?? [];
}
