/**
 * The call table of the broker's Fyers-family dialects: where each operation goes and with
 * which method. v2 and v3 answer in the same shapes (docs/broker-v3.md), so one client
 * (broker-client.ts) and one data client serve both, each given its dialect's table; a
 * broker of another family implements the BrokerClient interface in its own folder instead.
 */
import type { ReportKind } from '../../../shared/reports/report-rows';
import type { HttpMethod } from './http-transport';

/** One call: method and path; `data` when it goes to the data host instead of the trading base. */
export interface WireRoute {
  method: HttpMethod;
  path: string;
  host?: 'data';
}

/** Every trading call the app makes, per Fyers dialect. */
export interface FyersRoutes {
  profile: WireRoute;
  funds: WireRoute;
  holdings: WireRoute;
  /** The book; `?id=` reads one order. */
  orders: WireRoute;
  /** Several orders by id in one read; null when the dialect has no such call (read the book). */
  ordersByIds: WireRoute | null;
  positions: WireRoute;
  tradebook: WireRoute;
  marketStatus: WireRoute;
  place: WireRoute;
  placeMulti: WireRoute;
  /** Two or three legs sent as one order; null when the dialect has no such call. */
  placeMultiLeg: WireRoute | null;
  modify: WireRoute;
  modifyMulti: WireRoute;
  cancel: WireRoute;
  cancelMulti: WireRoute;
  exitPosition: WireRoute;
  convertPosition: WireRoute;
  tpin: WireRoute;
  edisDetails: WireRoute;
  edisIndex: WireRoute;
  edisInquiry: WireRoute;
  /** The history reports (v3); absent where the dialect has none (v2). */
  reports?: Record<ReportKind, WireRoute>;
  /** The smart exit trigger (v3): read/create/update on one path, and the activate toggle. */
  smartExit?: { trigger: string; activate: string };
}

/** The data host's calls, relative to the account's data base URL. */
export interface FyersDataRoutes {
  quotes: string;
  depth: string;
  history: string;
  /** The option chain with the broker's IV and Greeks (null: the dialect has none). */
  optionChain: string | null;
}

/** The login calls, relative to the account's base URL. */
export interface FyersLoginRoutes {
  /** The broker's login page (GET, opened in a browser or window). */
  authorize: string;
  /** The token exchange with `appIdHash`. */
  token: string;
  /** The token exchange with a PKCE `code_verifier`. */
  pkceToken: string;
}
