import type { TradingApi } from './trading-api';

let current: TradingApi | null = null;

/**
 * The connected api, set once at start-up. Stores and screens reach the main process
 * through this one object so a component never needs the api threaded through props.
 */
export function setBackend(api: TradingApi): void {
  current = api;
}

/** The connected api; screens only render after it is set, so a missing one is a bug. */
export function backend(): TradingApi {
  if (!current) throw new Error('Tickdesk is not connected to its main process yet.');
  return current;
}
