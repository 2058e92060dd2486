/**
 * The broker's API v2 call table: the spec (../shared/spec/brokerage-api.md) and gaps.md,
 * exactly the paths Tickdesk has always sent.
 */
import type { FyersDataRoutes, FyersLoginRoutes, FyersRoutes } from '../../fyers-routes';

/** v2's trading calls, under the account's base URL. */
export const FYERS_V2_ROUTES: FyersRoutes = {
  profile: { method: 'GET', path: '/api/v2/profile' },
  funds: { method: 'GET', path: '/api/v2/funds' },
  holdings: { method: 'GET', path: '/api/v2/holdings' },
  orders: { method: 'GET', path: '/api/v2/orders' },
  ordersByIds: { method: 'GET', path: '/api/v2/orders-multi' },
  positions: { method: 'GET', path: '/api/v2/positions' },
  tradebook: { method: 'GET', path: '/api/v2/tradebook' },
  marketStatus: { method: 'GET', path: '/api/v2/market-status' },
  place: { method: 'POST', path: '/api/v2/orders' },
  placeMulti: { method: 'POST', path: '/api/v2/orders-multi' },
  placeMultiLeg: null,
  modify: { method: 'PUT', path: '/api/v2/orders' },
  modifyMulti: { method: 'PUT', path: '/api/v2/orders-multi' },
  cancel: { method: 'DELETE', path: '/api/v2/orders' },
  cancelMulti: { method: 'DELETE', path: '/api/v2/orders-multi' },
  exitPosition: { method: 'DELETE', path: '/api/v2/positions' },
  convertPosition: { method: 'PUT', path: '/api/v2/positions' },
  tpin: { method: 'GET', path: '/api/v2/tpin' },
  edisDetails: { method: 'GET', path: '/api/v2/details' },
  edisIndex: { method: 'POST', path: '/api/dev/index' },
  edisInquiry: { method: 'POST', path: '/api/v2/inquiry' },
};

/** v2's data calls (gaps.md: the SDK adds the trailing slash). */
export const FYERS_V2_DATA_ROUTES: FyersDataRoutes = {
  quotes: '/quotes/',
  depth: '/depth/',
  history: '/history/',
  optionChain: null,
};

/** v2's login (spec Authentication). */
export const FYERS_V2_LOGIN_ROUTES: FyersLoginRoutes = {
  authorize: '/api/v2/generate-authcode',
  token: '/api/v2/validate-authcode',
  pkceToken: '/api/v2/validate-authcode',
};
