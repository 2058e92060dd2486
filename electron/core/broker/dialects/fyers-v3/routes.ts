/**
 * The broker's API v3 call table, from its official SDK (npm fyers-api-v3 1.9.0,
 * config/config.js and apiService/apiService.js; docs/broker-v3.md). Where v3 differs from
 * v2: order calls on `/orders/sync` and `/multi-order/sync`, modify by PATCH, convert by POST,
 * market status on the data host, no several-orders-by-id read.
 */
import type { FyersDataRoutes, FyersLoginRoutes, FyersRoutes } from '../../fyers-routes';

/** v3's trading calls, under the account's base URL (the host; the SDK's SYNC_API is `…/api/v3`). */
export const FYERS_V3_ROUTES: FyersRoutes = {
  profile: { method: 'GET', path: '/api/v3/profile' },
  funds: { method: 'GET', path: '/api/v3/funds' },
  holdings: { method: 'GET', path: '/api/v3/holdings' },
  orders: { method: 'GET', path: '/api/v3/orders' },
  ordersByIds: null,
  positions: { method: 'GET', path: '/api/v3/positions' },
  tradebook: { method: 'GET', path: '/api/v3/tradebook' },
  marketStatus: { method: 'GET', path: '/marketStatus', host: 'data' },
  place: { method: 'POST', path: '/api/v3/orders/sync' },
  placeMulti: { method: 'POST', path: '/api/v3/multi-order/sync' },
  placeMultiLeg: { method: 'POST', path: '/api/v3/multileg/orders/sync' },
  modify: { method: 'PATCH', path: '/api/v3/orders/sync' },
  modifyMulti: { method: 'PATCH', path: '/api/v3/multi-order/sync' },
  cancel: { method: 'DELETE', path: '/api/v3/orders/sync' },
  cancelMulti: { method: 'DELETE', path: '/api/v3/multi-order/sync' },
  exitPosition: { method: 'DELETE', path: '/api/v3/positions' },
  convertPosition: { method: 'POST', path: '/api/v3/positions' },
  // eDIS is not in the SDK 1.9.0: inferred to keep v2's calls under the v3 base (docs/broker-v3.md).
  tpin: { method: 'GET', path: '/api/v3/tpin' },
  edisDetails: { method: 'GET', path: '/api/v3/details' },
  edisIndex: { method: 'POST', path: '/api/dev/index' },
  edisInquiry: { method: 'POST', path: '/api/v3/inquiry' },
  // The SDK's get_*_history calls (docs/broker-v3.md "History").
  reports: {
    orders: { method: 'GET', path: '/api/v3/order-history' },
    trades: { method: 'GET', path: '/api/v3/trade-history' },
    charges: { method: 'GET', path: '/api/v3/charges-history' },
    realised: { method: 'GET', path: '/api/v3/realised-pnl-history' },
    ledger: { method: 'GET', path: '/api/v3/ledger-history' },
  },
  // createSmartExitTrigger (POST), getSmartExitTrigger (GET), updateSmartExitTrigger (PUT).
  smartExit: { trigger: '/api/v3/flows/tc/se', activate: '/api/v3/flows/tc/se/activate' },
};

/** v3's data-host calls (no trailing slash, as the SDK sends them). */
export const FYERS_V3_DATA_ROUTES: FyersDataRoutes = {
  quotes: '/quotes',
  depth: '/depth',
  history: '/history',
  // getOptionChain (docs/broker-v3.md "Option chain").
  optionChain: '/options-chain-v3',
};

/**
 * v3's login: generate-authcode and validate-authcode under `/api/v3`; the SDK sends the
 * PKCE exchange to the v2 path (its `API` host; inferred: the same host serves it).
 */
export const FYERS_V3_LOGIN_ROUTES: FyersLoginRoutes = {
  authorize: '/api/v3/generate-authcode',
  token: '/api/v3/validate-authcode',
  pkceToken: '/api/v2/validate-authcode',
};
