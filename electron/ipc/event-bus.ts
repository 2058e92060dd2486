import type { Router } from './router';
import type { EmitEvent } from '../../shared/ipc/contract';

/** A transport's listener for outgoing events (already validated against the contract). */
export type EventSink = (name: string, payload: unknown) => void;

/**
 * Fans push events from core services out to whichever transport is attached. Payloads
 * are checked against the contract here, once, so a malformed event is a bug in our
 * code reported in the log, never something the renderer has to survive.
 */
export interface EventBus {
  emit: EmitEvent;
  /** `busy` says the transport is still sending earlier events (a slow page). */
  attach(sink: EventSink, opts?: { busy?: () => boolean }): () => void;
  /** True while any attached transport is behind: coalescing senders hold their deltas. */
  busy(): boolean;
}

/** Creates the bus; `onInvalid` hears about payloads that break the contract. */
export function createEventBus(
  router: Pick<Router, 'checkEvent'>,
  onInvalid: (name: string, err: unknown) => void,
): EventBus {
  const sinks = new Set<EventSink>();
  const busyChecks = new Map<EventSink, () => boolean>();
  const emit: EmitEvent = (name, payload) => {
    let checked: unknown;
    try {
      checked = router.checkEvent(name, payload);
    } catch (err) {
      onInvalid(name, err);
      return;
    }
    for (const sink of sinks) sink(name, checked);
  };
  return {
    emit,
    attach(sink, opts) {
      sinks.add(sink);
      if (opts?.busy) busyChecks.set(sink, opts.busy);
      return () => {
        sinks.delete(sink);
        busyChecks.delete(sink);
      };
    },
    busy: () => [...busyChecks.values()].some((b) => b()),
  };
}
