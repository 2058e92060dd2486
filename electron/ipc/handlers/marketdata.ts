import type { marketdataChannels } from '../../../shared/ipc/channels/marketdata';
import type { AppCore } from '../../core/app/app-core';
import type { HandlersFor } from '../handler-types';
import { AppError } from '../../../shared/ipc/errors';
import { BrokerChainUnavailableError } from '../../core/marketdata/data-client';

/** Live-price subscriptions and snapshots: the views hold symbols, the core keeps them priced. */
export function marketdataHandlers(core: AppCore): HandlersFor<typeof marketdataChannels> {
  return {
    'marketdata.subscribe': async ({ owner, reason, symbols }) => {
      await core.marketData.subscribe(`renderer.${owner}`, reason, symbols);
      return core.marketData.snapshot(symbols);
    },
    'marketdata.unsubscribe': ({ owner, reason, symbols }) => {
      core.marketData.unsubscribe(`renderer.${owner}`, reason, symbols);
    },
    'marketdata.snapshot': ({ symbols }) => core.marketData.snapshot(symbols),
    'marketdata.depth': ({ symbol }) => core.marketData.loadDepth(symbol),
    'marketdata.watchDepth': ({ owner, symbol }) =>
      core.marketData.watchDepth(`renderer.${owner}`, symbol),
    'marketdata.unwatchDepth': ({ owner }) => core.marketData.unwatchDepth(`renderer.${owner}`),
    'marketdata.status': () => core.marketData.status(),
    'marketdata.history': async ({ symbol, resolution }) => ({
      symbol,
      resolution,
      ...(await core.marketData.history(symbol, resolution)),
    }),
    'marketdata.brokerChain': async ({ symbol, expiry, strikes }) => {
      try {
        return await core.marketData.brokerChain(symbol, expiry, strikes);
      } catch (err) {
        if (err instanceof BrokerChainUnavailableError)
          throw new AppError('unsupported', err.message, { action: 'none' });
        throw err;
      }
    },
    'marketdata.mtm': () => core.mtm.series(),
  };
}
