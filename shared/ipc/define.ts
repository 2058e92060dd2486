import type { z } from 'zod';

/**
 * One request channel: what the renderer may send and what it gets back.
 * Both sides are zod schemas so the main process can refuse malformed input
 * before any handler runs, and the renderer can trust what it receives.
 */
export interface ChannelDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** Why a trader or the UI needs this call; shown in docs/architecture.md. */
  readonly doc: string;
  readonly input: I;
  readonly output: O;
}

/** Declares a channel with its types inferred, so domain files stay one-liners per channel. */
export function channel<I extends z.ZodType, O extends z.ZodType>(
  def: ChannelDef<I, O>,
): ChannelDef<I, O> {
  return def;
}

/** One push event from the main process; the payload schema is checked before it is sent. */
export interface EventDef<P extends z.ZodType = z.ZodType> {
  readonly doc: string;
  readonly payload: P;
}

/** Declares an event with its payload type inferred. */
export function event<P extends z.ZodType>(def: EventDef<P>): EventDef<P> {
  return def;
}

export type ChannelMap = Record<string, ChannelDef>;
export type EventMap = Record<string, EventDef>;

export type InputOf<C extends ChannelDef> = z.input<C['input']>;
export type ParsedInputOf<C extends ChannelDef> = z.output<C['input']>;
export type OutputOf<C extends ChannelDef> = z.output<C['output']>;
export type PayloadOf<E extends EventDef> = z.output<E['payload']>;
