/**
 * The trading and data clients of whichever account is logged in, in that account's dialect.
 * The app builds one of each at start; each call goes to the client of the dialect the session's
 * account has at that moment, so switching between a v2 and a v3 account needs no rewiring,
 * and nothing above the seam ever asks which dialect it is talking to.
 */
import type { BrokerDialectId } from '../../../shared/broker/dialect';
import type { DataClient } from '../marketdata/data-client';
import type { BrokerClient } from './broker-client';
import type { BrokerDialect } from './dialect';
import { DIALECTS } from './dialects';

/** One client per dialect, made on first use and kept. */
function perDialect<T>(make: (d: BrokerDialect) => T): (id: BrokerDialectId) => T {
  const made = new Map<BrokerDialectId, T>();
  return (id) => {
    let c = made.get(id);
    if (!c) {
      c = make(DIALECTS[id]);
      made.set(id, c);
    }
    return c;
  };
}

/** A BrokerClient whose every call goes to the current account's dialect. */
export function createAccountBrokerClient(opts: {
  dialect: () => BrokerDialectId;
  make: (d: BrokerDialect) => BrokerClient;
}): BrokerClient {
  const clientOf = perDialect(opts.make);
  // Every dialect's client has the same operations (the BrokerClient type): v2's names them.
  const names = Object.keys(clientOf('fyers-v2')) as (keyof BrokerClient)[];
  const routed: Record<string, unknown> = {};
  for (const name of names) {
    routed[name] = (...args: unknown[]) =>
      (clientOf(opts.dialect())[name] as (...a: unknown[]) => unknown)(...args);
  }
  return routed as BrokerClient;
}

/** A DataClient whose every call goes to the current account's dialect. */
export function createAccountDataClient(opts: {
  dialect: () => BrokerDialectId;
  make: (d: BrokerDialect) => DataClient;
}): DataClient {
  const clientOf = perDialect(opts.make);
  return {
    quotes: (symbols) => clientOf(opts.dialect()).quotes(symbols),
    depth: (symbol) => clientOf(opts.dialect()).depth(symbol),
    history: (q) => clientOf(opts.dialect()).history(q),
    brokerChain: (symbol, expiry, strikes) =>
      clientOf(opts.dialect()).brokerChain(symbol, expiry, strikes),
  };
}
