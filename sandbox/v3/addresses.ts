/**
 * Where the v3 presentation lives on the sandbox's HTTP listener, and the addresses its JSON
 * start line announces beside v2's: the broker's v3 trading base ends `/api/v3` and its data
 * host is `/data` (docs/broker-v3.md "Hosts"), so the SDK's config module can point at them.
 */

/** Path prefix of the v3 trading calls (the SDK's `SYNC_API`). */
export const V3_API_PREFIX = '/api/v3';
/** Path prefix of the v3 data host (the SDK's `data_Api1`). */
export const V3_DATA_PREFIX = '/data';

/** The v3 REST addresses of a running sandbox (the sockets' are added by the socket layer). */
export interface V3RestAddresses {
  /** The trading base, e.g. http://127.0.0.1:PORT/api/v3 */
  apiBase: string;
  /** The data host, e.g. http://127.0.0.1:PORT/data */
  dataUrl: string;
}

/** The v3 REST addresses under a sandbox base URL. */
export function v3RestAddresses(baseUrl: string): V3RestAddresses {
  return { apiBase: `${baseUrl}${V3_API_PREFIX}`, dataUrl: `${baseUrl}${V3_DATA_PREFIX}` };
}
