/**
 * The sandbox's v3 REST presentation (issue 19 #3): the broker's API v3 paths and methods
 * (docs/broker-v3.md, from the official SDK's config) answered by the SAME handlers the v2
 * routes use, so one engine, one book and one set of faults, rate limits and permission
 * checks serve both dialects. A v3 route is an alias of a v2 route; the answers keep v2's
 * shapes (an inference written in docs/broker-v3.md: the SDK passes answers through). The
 * v3-only calls are the data host's symbol-token (symbol-token.ts) and option chain
 * (option-chain.ts), and GTT (../gtt/routes.ts).
 */
import type { BrokerCore } from '../core';
import type { Route } from '../http/types';
import { gttRoutes } from '../gtt/routes';
import { V3_API_PREFIX, V3_DATA_PREFIX } from './addresses';
import { symbolTokenRoute, type TokenAuthenticator } from './symbol-token';
import { historyRoutes } from '../history/routes';
import { smartExitRoutes } from '../smart-exit/routes';
import { optionChainRoutes } from './option-chain';

/** One v3 path answered by a v2 route's handler. */
interface Alias {
  method: Route['method'];
  path: string;
  from: { method: Route['method']; path: string };
}

const api = (
  method: Route['method'],
  path: string,
  fromMethod: Route['method'],
  fromPath: string,
): Alias => ({
  method,
  path: `${V3_API_PREFIX}${path}`,
  from: { method: fromMethod, path: fromPath },
});
const data = (path: string, fromPath: string): Alias => ({
  method: 'GET',
  path: `${V3_DATA_PREFIX}${path}`,
  from: { method: 'GET', path: fromPath },
});

/** The v3 calls and the v2 route each one is (docs/broker-v3.md, "Trading and data calls"). */
const ALIASES: Alias[] = [
  api('GET', '/generate-authcode', 'GET', '/api/v2/generate-authcode'),
  api('POST', '/validate-authcode', 'POST', '/api/v2/validate-authcode'),
  api('GET', '/profile', 'GET', '/api/v2/profile'),
  api('GET', '/funds', 'GET', '/api/v2/funds'),
  api('GET', '/holdings', 'GET', '/api/v2/holdings'),
  api('GET', '/positions', 'GET', '/api/v2/positions'),
  api('GET', '/tradebook', 'GET', '/api/v2/tradebook'),
  api('GET', '/orders', 'GET', '/api/v2/orders'),
  api('POST', '/orders/sync', 'POST', '/api/v2/orders'),
  api('PATCH', '/orders/sync', 'PUT', '/api/v2/orders'),
  api('DELETE', '/orders/sync', 'DELETE', '/api/v2/orders'),
  api('POST', '/multi-order/sync', 'POST', '/api/v2/orders-multi'),
  api('PATCH', '/multi-order/sync', 'PUT', '/api/v2/orders-multi'),
  api('DELETE', '/multi-order/sync', 'DELETE', '/api/v2/orders-multi'),
  api('DELETE', '/positions', 'DELETE', '/api/v2/positions'),
  // v3 converts with POST where v2 uses PUT (the SDK's convert_position).
  api('POST', '/positions', 'PUT', '/api/v2/positions'),
  // eDIS is not in the SDK 1.9.0; inferred to keep v2's calls under the v3 base.
  api('GET', '/tpin', 'GET', '/api/v2/tpin'),
  api('GET', '/details', 'GET', '/api/v2/details'),
  api('POST', '/inquiry', 'POST', '/api/v2/inquiry'),
  data('/marketStatus', '/api/v2/market-status'),
  data('/quotes', '/data/quotes'),
  data('/depth', '/data/depth'),
  data('/history', '/data-rest/v2/history'),
];

/**
 * Builds the v3 routes over the v2 ones already built for `core` (with the v2 data host's). Throws at start-up when a
 * v2 route an alias names is missing, so a renamed v2 path cannot silently drop a v3 call.
 */
export function v3Routes(
  v2: readonly Route[],
  core: BrokerCore,
  authenticateToken: TokenAuthenticator,
): Route[] {
  const table = new Map(v2.map((r) => [`${r.method} ${r.path}`, r]));
  const routes = ALIASES.map((a): Route => {
    const base = table.get(`${a.from.method} ${a.from.path}`);
    if (!base) throw new Error(`v3 alias ${a.method} ${a.path}: no v2 route ${a.from.path}`);
    return { ...base, method: a.method, path: a.path };
  });
  // The SDK's data calls add no trailing slash; a hand-written client may: both answer.
  const slashed = routes
    .filter((r) => r.path.startsWith(V3_DATA_PREFIX))
    .map((r) => ({ ...r, path: `${r.path}/` }));
  return [
    ...routes,
    ...slashed,
    symbolTokenRoute(core, authenticateToken),
    ...historyRoutes(core),
    ...smartExitRoutes(core),
    ...gttRoutes(core),
    ...optionChainRoutes(core),
  ];
}
