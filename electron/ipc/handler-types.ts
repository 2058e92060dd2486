import type { ChannelMap, ParsedInputOf, OutputOf, EventMap } from '../../shared/ipc/define';
import type { Contract } from '../../shared/ipc/contract';

/** Who sent a call, as far as the transport can tell; handlers use it for per-window state. */
export interface CallContext {
  /** Transport-specific id of the sending window or socket. */
  readonly senderId: string;
}

/** A handler for one channel: parsed input in, output out; throw AppError for expected failures. */
export type Handler<C extends ChannelMap[string]> = (
  input: ParsedInputOf<C>,
  ctx: CallContext,
) => Promise<OutputOf<C>> | OutputOf<C>;

/** Handlers for a subset of channels (one domain's file provides one of these). */
export type HandlersFor<M extends ChannelMap> = { [K in keyof M]: Handler<M[K]> };

/** Handlers for every channel: the compiler refuses a contract channel without one. */
export type Handlers = HandlersFor<Contract>;

export type { EventMap };
