/**
 * Read endpoints of the account (profile, funds, holdings, positions, trade book, market
 * status) and the two position actions (exit, convert), with the spec's response keys.
 */
import { okReply } from '../http/envelope';
import type { Route } from '../http/types';
import type { BrokerCore } from '../core';
import { MARKETS } from '../market/sessions';
import { fundsShape, holdingsShape, profileShape } from '../present/account';
import { positionShape, positionsOverall, tradeShape } from '../present/trading';
import { Exchange } from '../../shared/broker/enums';
import { V3_API_PREFIX } from '../v3/addresses';

/** Builds the account routes over a core. */
export function accountRoutes(core: BrokerCore): Route[] {
  const s = core.state;
  return [
    {
      method: 'GET',
      path: '/api/v2/profile',
      access: 'user',
      level: 0,
      operation: 'Profile Details',
      // The v3 alias answers with the same handler; only v3's profile names DDPI.
      handle: (ctx) =>
        okReply({
          data: profileShape(
            core.user,
            core.quirks,
            s.now(),
            ctx.path.startsWith(V3_API_PREFIX) ? s.ddpi : undefined,
          ),
        }),
    },
    {
      method: 'GET',
      path: '/api/v2/funds',
      access: 'user',
      level: 1,
      operation: 'Funds',
      handle: () => okReply({ fund_limit: fundsShape(s.funds(), core.quirks) }),
    },
    {
      method: 'GET',
      path: '/api/v2/holdings',
      access: 'user',
      level: 1,
      operation: 'Holdings',
      handle: () =>
        okReply(
          holdingsShape(
            s.holdings.map((seed) => ({
              seed,
              remaining: s.holdingRemaining(seed.instrument),
              ltp: s.ltp(seed.instrument),
            })),
            core.quirks,
          ),
        ),
    },
    {
      method: 'GET',
      path: '/api/v2/positions',
      access: 'user',
      level: 1,
      operation: 'Positions',
      handle: () => {
        const ps = s.positionFigures();
        return okReply({
          netPositions: ps.map((p) => positionShape(p, core.quirks)),
          overall: positionsOverall(ps),
        });
      },
    },
    {
      method: 'GET',
      path: '/api/v2/tradebook',
      access: 'user',
      level: 1,
      operation: 'Trades',
      handle: () =>
        okReply({
          tradeBook: s.book.trades.map((t) => tradeShape(t, core.quirks, core.user.svc_id)),
        }),
    },
    {
      method: 'GET',
      path: '/api/v2/market-status',
      access: 'user',
      level: 1,
      operation: 'Market Status',
      handle: () =>
        okReply({
          marketStatus: MARKETS.map((m) => ({
            exchange: m.exchange,
            segment: m.segment,
            market_type: core.quirks && m.exchange === Exchange.MCX ? 'OL' : 'NL',
            status: s.sessions.status(m.exchange, m.segment, s.now()),
          })),
        }),
    },
    {
      method: 'DELETE',
      path: '/api/v2/positions',
      access: 'user',
      level: 2,
      operation: 'Exit Positions',
      handle: (ctx) => okReply({}, 200, core.positions.exit(ctx.body).message),
    },
    {
      method: 'PUT',
      path: '/api/v2/positions',
      access: 'user',
      level: 2,
      operation: 'Convert Positions',
      handle: (ctx) => {
        const r = core.positions.convert(ctx.body);
        return okReply({ positionDetails: r.positionDetails }, 200, r.message);
      },
    },
  ];
}
