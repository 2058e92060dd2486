/**
 * The broker's published market-data addresses (gaps.md: the data API and the socket live
 * apart from {base_url}). A Live account that sets none uses these; Settings offers them as
 * the starting point, so main and renderer name them once.
 */

/** The v2 data host: quotes and depth (the v2 SDK's `quoteApi`; gaps.md). */
export const LIVE_DATA_BASE_URL = 'https://api-t1.fyers.in/data/';
/** The v2 history base, on another host than quotes and depth (the v2 SDK's `dataApi`; gaps.md). */
export const LIVE_HISTORY_BASE_URL = 'https://api.fyers.in/data-rest/v2/';
/** The socket for live prices and the trader's order updates. */
export const LIVE_SOCKET_URL = 'wss://api.fyers.in/socket/v2/dataSock';

/** The API v3 data host (quotes, depth, history; the v3 SDK's `data_Api1`, docs/broker-v3.md). */
export const LIVE_V3_DATA_BASE_URL = 'https://api-t1.fyers.in/data';

/**
 * The API v3 socket host (the v3 SDK's `HSM_SOCKET` and `Order_SOCKET` live on it at fixed
 * paths, docs/broker-v3.md): a v3 account's socket URL names this host.
 */
export const LIVE_V3_SOCKET_URL = 'wss://socket.fyers.in';
