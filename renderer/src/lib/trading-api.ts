import type { Api } from '../../../shared/ipc/api-shape';
import type { budgetChannels, budgetEvents } from '../../../shared/ipc/channels/budget';
import type { diagnosticsChannels } from '../../../shared/ipc/channels/diagnostics';
import type { edisChannels } from '../../../shared/ipc/channels/edis';
import type { ordersChannels, ordersEvents } from '../../../shared/ipc/channels/orders';
import type { portfolioChannels, portfolioEvents } from '../../../shared/ipc/channels/portfolio';
import type { sessionChannels, sessionEvents } from '../../../shared/ipc/channels/session';
import type { symbolsChannels, symbolsEvents } from '../../../shared/ipc/channels/symbols';
import type {
  ChannelDef,
  EventDef,
  InputOf,
  OutputOf,
  PayloadOf,
} from '../../../shared/ipc/define';
import type { IpcResult } from '../../../shared/ipc/errors';

type DomainChannels = typeof sessionChannels &
  typeof portfolioChannels &
  typeof ordersChannels &
  typeof symbolsChannels &
  typeof edisChannels &
  typeof budgetChannels &
  typeof diagnosticsChannels;
type DomainEvents = typeof sessionEvents &
  typeof portfolioEvents &
  typeof ordersEvents &
  typeof symbolsEvents &
  typeof budgetEvents;

type DomainOf<K> = K extends `${infer D}.${string}` ? D : never;
type MethodOf<K, D extends string> = K extends `${D}.${infer M}` ? M : never;

type Methods<C extends Record<string, ChannelDef>> = {
  [D in DomainOf<keyof C>]: {
    [M in MethodOf<keyof C, D>]: `${D}.${M}` extends keyof C
      ? (input: InputOf<C[`${D}.${M}`]>) => Promise<IpcResult<OutputOf<C[`${D}.${M}`]>>>
      : never;
  };
};
type Subscriptions<E extends Record<string, EventDef>> = {
  [D in DomainOf<keyof E>]: {
    [M in MethodOf<keyof E, D>]: `${D}.${M}` extends keyof E
      ? (listener: (payload: PayloadOf<E[`${D}.${M}`]>) => void) => () => void
      : never;
  };
};

/**
 * The api as the trading screens use it: the contract's `Api` plus every domain channel
 * declared in shared/ipc/channels/. The domain maps are merged into the contract by the
 * lead; typing against the channel files directly lets the screens be built (and
 * type-checked) against the real schemas before and after that merge alike.
 */
export type TradingApi = Api &
  Methods<DomainChannels> & { on: Api['on'] & Subscriptions<DomainEvents> };

const unavailable = (name: string) => ({
  ok: false as const,
  error: {
    kind: 'unavailable',
    message: `This build does not offer ${name} yet.`,
    action: 'retry-later' as const,
  },
});

/**
 * Wraps the contract api so a channel this build does not carry answers with a typed
 * `unavailable` error (and an event with a no-op subscription) instead of throwing a
 * TypeError in the middle of a screen. Nothing generic is added: a call still goes only
 * to a method the transport built from the contract.
 */
export function tradingApi(api: Api): TradingApi {
  const raw = api as unknown as Record<string, Record<string, unknown>>;
  const domain = (name: string, events: boolean, source: Record<string, unknown> | undefined) =>
    new Proxy(source ?? {}, {
      get(target, method) {
        if (typeof method !== 'string') return undefined;
        const fn = target[method];
        if (typeof fn === 'function') return fn;
        if (events) return () => () => undefined;
        return async () => unavailable(`${name}.${method}`);
      },
    });
  const on = new Proxy(raw.on ?? {}, {
    get(target, name) {
      if (typeof name !== 'string') return undefined;
      return domain(name, true, target[name] as Record<string, unknown> | undefined);
    },
  });
  return new Proxy(raw, {
    get(target, name) {
      if (typeof name !== 'string') return undefined;
      if (name === 'on') return on;
      if (name === 'then') return undefined;
      return domain(name, false, target[name]);
    },
  }) as unknown as TradingApi;
}
