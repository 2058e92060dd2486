/**
 * Where the core's push events leave for the renderer. The host builds its transport (IPC
 * router and event bus, or the harness's WebSocket) from the composed core, so the transport
 * exists only after `createAppCore` returns: the outlet is made first, every service is given
 * its `emit` and `busy`, and the host plugs the transport in once (`attach`). Events before that
 * are dropped: no page is there to receive them, and each screen reads the state when it opens.
 */
import type { EmitEvent } from '../../../shared/ipc/contract';

/** The core's side of the event transport. */
export interface EventOutlet {
  /** Sends an event to the page(s), or drops it while no transport is attached. */
  readonly emit: EmitEvent;
  /** True while the transport is still sending earlier events (pacers coalesce meanwhile). */
  busy(): boolean;
  /** Plugs the host's transport in (AppCore.attachEmitter). */
  attach(emit: EmitEvent, busy?: () => boolean): void;
}

/** Creates an outlet with no transport attached yet. */
export function createEventOutlet(): EventOutlet {
  let transport: { emit: EmitEvent; busy: () => boolean } | null = null;
  return {
    emit: (name, payload) => transport?.emit(name, payload),
    busy: () => transport?.busy() ?? false,
    attach(emit, busy) {
      transport = { emit, busy: busy ?? (() => false) };
    },
  };
}
