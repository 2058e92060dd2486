/**
 * The broker seam (issue 19 #1): everything the app knows about one wire dialect sits behind
 * this interface, and everything above it (order service, journal, reconciliation, pre-checks,
 * guards, budget, alerts, screens) speaks only the domain model of shared/broker/models. A
 * dialect is one folder under `dialects/` exporting one `BrokerDialect`; the registry in
 * `dialects/index.ts` maps the account's `broker` id to it. docs/architecture.md ("The broker
 * seam") says how a third broker is added.
 */
import type { BrokerDialectId, DialectCapabilities } from '../../../shared/broker/dialect';
import type { DataClient } from '../marketdata/data-client';
import type { DialectSockets } from '../marketdata/socket-feeds';
import type { RequestScheduler } from '../limiter/request-scheduler';
import type { BrokerAlertClient } from './broker-alerts';
import type { BrokerClient, BrokerClientOptions } from './broker-client';
import type { FyersLoginRoutes } from './fyers-routes';
import type { GttClient } from './gtt-client';
import type { HttpTransport } from './http-transport';

/** What a dialect's trading client is built from: the transports, the budget, the row sink. */
export type DialectClientDeps = Omit<BrokerClientOptions, 'routes'> & {
  /** The account's data host (calls a dialect sends there, e.g. v3's market status). */
  dataTransport: HttpTransport;
};

/** What a dialect's data client is built from. */
export interface DialectDataDeps {
  /** Rooted at the account's data base URL (quotes, depth). */
  transport: HttpTransport;
  /** Rooted at the account's history base URL. */
  historyTransport: HttpTransport;
  scheduler: Pick<RequestScheduler, 'schedule'>;
  now: () => number;
}

/** One wire dialect, whole. */
export interface BrokerDialect {
  id: BrokerDialectId;
  /** What the screens may offer on an account of this dialect. */
  capabilities: DialectCapabilities;
  /** Where the login page and the token exchanges are, under the account's base URL. */
  login: FyersLoginRoutes;
  /**
   * The broker's published data addresses a live account uses when it sets none: quotes and
   * depth (null: none), and history (null: on the data host, as v3 serves it).
   */
  liveDefaults: { dataBaseUrl: string | null; historyBaseUrl: string | null };
  /**
   * Its price and order sockets (and their published address, `sockets.liveUrl`): the
   * market-data service makes its feeds from the logged-in account's dialect.
   */
  sockets: DialectSockets;
  /** The trading calls, returning the domain model. */
  createClient(deps: DialectClientDeps): BrokerClient;
  /** The data calls (quotes, depth, history), returning the domain model. */
  createDataClient(deps: DialectDataDeps): DataClient;
  /** The broker-held price alert calls; present exactly when `capabilities.brokerAlerts`. */
  createAlertClient?(deps: Pick<DialectClientDeps, 'transport' | 'scheduler'>): BrokerAlertClient;
  /** The GTT calls, where the dialect has them (capability `gtt`); absent otherwise. */
  createGttClient?(deps: DialectClientDeps): GttClient;
}
