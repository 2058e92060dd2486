import type { Api } from '../../../shared/ipc/api-shape';

let current: Api | null = null;

/**
 * The connected api, set once at start-up. Stores and screens reach the main process
 * through this one object so a component never needs the api threaded through props.
 */
export function setBackend(api: Api): void {
  current = api;
}

/** The connected api; screens only render after it is set, so a missing one is a bug. */
export function backend(): Api {
  if (!current) throw new Error('Tickdesk is not connected to its main process yet.');
  return current;
}
