/**
 * The v3 data host's `POST /data/symbol-token`: the call a v3 data-socket client makes to turn
 * tickers into instrument tokens before it subscribes (docs/broker-v3.md "symbol-token").
 * Body `{symbols: [...]}`; answer `{validSymbol: {ticker: fyToken}, invalidSymbol: [...]}`.
 * Public clients send the bare access token as Authorization, the SDK's REST calls send
 * `<app_id>:<token>`: both are accepted, and both go through the one token check.
 */
import { ErrorCode } from '../../shared/broker/errors';
import type { BrokerCore } from '../core';
import { fail } from '../failure';
import { okReply } from '../http/envelope';
import type { AuthContext, Route } from '../http/types';
import { V3_DATA_PREFIX } from './addresses';

/** Most symbols one symbol-token request may carry (inferred: the socket's 5,000-symbol limit). */
export const MAX_SYMBOL_TOKEN_SYMBOLS = 5000;

/** Checks an Authorization value (`<app_id>:<token>` or the bare token) or throws the 401 failure. */
export type TokenAuthenticator = (authorization: string | undefined) => AuthContext;

/** The symbol-token route over a core. */
export function symbolTokenRoute(core: BrokerCore, authenticate: TokenAuthenticator): Route {
  return {
    method: 'POST',
    path: `${V3_DATA_PREFIX}/symbol-token`,
    // Authenticated inside: the dispatcher's check takes only the `<app_id>:<token>` form.
    access: 'public',
    handle(ctx) {
      const raw = ctx.headers.authorization;
      authenticate(Array.isArray(raw) ? raw[0] : raw);
      const body =
        ctx.body && typeof ctx.body === 'object' ? (ctx.body as Record<string, unknown>) : {};
      const symbols = body.symbols;
      if (
        !Array.isArray(symbols) ||
        symbols.length === 0 ||
        !symbols.every((s) => typeof s === 'string')
      )
        fail(
          ErrorCode.InvalidParameters,
          'symbols must be a non-empty list of tickers, e.g. ["NSE:SBIN-EQ"]',
        );
      if (symbols.length > MAX_SYMBOL_TOKEN_SYMBOLS)
        fail(
          ErrorCode.InvalidParameters,
          `at most ${MAX_SYMBOL_TOKEN_SYMBOLS} symbols per request, got ${symbols.length}`,
        );
      const validSymbol: Record<string, string> = {};
      const invalidSymbol: string[] = [];
      for (const t of symbols as string[]) {
        const i = core.state.index.byTicker(t);
        if (i) validSymbol[t] = i.token;
        else invalidSymbol.push(t);
      }
      return okReply({ validSymbol, invalidSymbol });
    },
  };
}
