/**
 * The shape of the api object the renderer sees: `api.<domain>.<method>(input)` for each
 * channel `<domain>.<method>`, and `api.on.<domain>.<event>(listener)` returning an
 * unsubscribe function. Built by one function for every transport (the Electron preload
 * and the harness WebSocket), so both expose exactly the contract and nothing generic.
 */
import type { Contract, ChannelName, Events, EventName } from './contract';
import type { InputOf, OutputOf, PayloadOf } from './define';
import type { IpcResult } from './errors';

type DomainOf<K> = K extends `${infer D}.${string}` ? D : never;
type MethodOf<K, D extends string> = K extends `${D}.${infer M}` ? M : never;

/** A call whose input may be left out when the channel takes none (or an optional one). */
type Call<C extends Contract[ChannelName]> = (
  ...args: undefined extends InputOf<C> ? [input?: InputOf<C>] : [input: InputOf<C>]
) => Promise<IpcResult<OutputOf<C>>>;

/** One method per request channel, grouped by domain. */
export type ApiMethods = {
  [D in DomainOf<ChannelName>]: {
    [K in Extract<ChannelName, `${D}.${string}`> as MethodOf<K, D>]: Call<Contract[K]>;
  };
};

/** One subscribe function per event, grouped by domain; each returns its own unsubscribe. */
export type ApiEvents = {
  [D in DomainOf<EventName>]: {
    [K in Extract<EventName, `${D}.${string}`> as MethodOf<K, D>]: (
      listener: (payload: PayloadOf<Events[K]>) => void,
    ) => () => void;
  };
};

export type Api = ApiMethods & { on: ApiEvents };

/** What a transport must provide: send one named call, and subscribe to one named event. */
export interface Transport {
  call(channel: string, input: unknown): Promise<IpcResult<unknown>>;
  subscribe(event: string, listener: (payload: unknown) => void): () => void;
}

/**
 * Builds the api object from the contract's names. Only names from the contract become
 * methods, so a compromised page script cannot reach a channel that is not declared.
 */
export function buildApi(
  channelNames: readonly string[],
  eventNames: readonly string[],
  transport: Transport,
): Api {
  const api: Record<string, Record<string, unknown>> = { on: {} };
  for (const name of channelNames) {
    const [domain, method] = splitName(name);
    api[domain] ??= {};
    api[domain][method] = (input: unknown) => transport.call(name, input);
  }
  const on = api.on as Record<string, Record<string, unknown>>;
  for (const name of eventNames) {
    const [domain, method] = splitName(name);
    on[domain] ??= {};
    on[domain][method] = (listener: (payload: unknown) => void) =>
      transport.subscribe(name, listener);
  }
  return api as unknown as Api;
}

function splitName(name: string): [string, string] {
  const dot = name.indexOf('.');
  if (dot <= 0 || dot === name.length - 1)
    throw new Error(`Channel name must be domain.method: ${name}`);
  return [name.slice(0, dot), name.slice(dot + 1)];
}
