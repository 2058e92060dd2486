import type { symbolsChannels } from '../../../shared/ipc/channels/symbols';
import type { AppCore } from '../../core/app/app-core';
import type { HandlersFor } from '../handler-types';

/** Instrument search and lookup: answered from memory, no broker request. */
export function symbolsHandlers(core: AppCore): HandlersFor<typeof symbolsChannels> {
  return {
    'symbols.search': ({ query, limit }) => core.symbols.search(query, limit),
    'symbols.get': ({ ticker }) => core.symbols.get(ticker),
    'symbols.status': () => core.symbols.status(),
    'symbols.refresh': () => core.symbols.refresh(true),
    'symbols.optionUnderlyings': () => core.symbols.optionUnderlyings(),
    'symbols.expiries': ({ underlying }) => core.symbols.expiries(underlying),
    'symbols.optionChain': ({ underlying, expiry }) => core.symbols.optionChain(underlying, expiry),
  };
}
