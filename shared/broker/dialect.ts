/**
 * Which wire dialect an account's broker speaks, and what each dialect lets the app offer
 * (issue 19 #1). The id is stored with each account in settings and shown in Settings; the
 * capabilities are what screens may offer (a GTT form only where the dialect has GTT). One
 * home for both, so settings, IPC and the main process's dialect registry agree.
 */
import { z } from 'zod';

/**
 * The dialects Tickdesk speaks: `fyers-v2` (the spec of ../shared/spec, the broker's API v2)
 * and `fyers-v3` (its live API v3, docs/broker-v3.md). Accounts stored before dialects
 * existed are `fyers-v2`.
 */
export const BrokerDialectId = z.enum(['fyers-v2', 'fyers-v3']);
/** A dialect's id. */
export type BrokerDialectId = z.infer<typeof BrokerDialectId>;

/** The dialect of an account that names none (files written before dialects existed). */
export const DEFAULT_DIALECT: BrokerDialectId = 'fyers-v2';

/** The dialect a new live account gets: the broker's current API. */
export const NEW_ACCOUNT_DIALECT: BrokerDialectId = 'fyers-v3';

/** What a dialect, as Tickdesk implements it, lets the screens offer (crosses IPC in app.info). */
export const DialectCapabilities = z.object({
  /** Good-till-triggered orders held by the broker. */
  gtt: z.boolean(),
  /** Price alerts held (and evaluated) by the broker. */
  brokerAlerts: z.boolean(),
  /** An option-chain endpoint (else the chain is built from the symbol master and quotes). */
  optionChainEndpoint: z.boolean(),
  /** Candle history for charts. */
  history: z.boolean(),
  /** Multi-leg orders sent as one request. */
  multiLeg: z.boolean(),
  /** Price levels per side in a depth answer. */
  depthLevels: z.number().int().positive(),
  /** Order, trade and position updates pushed on a socket. */
  orderSocket: z.boolean(),
  /** Several orders read by id in one request (else the book is read and filtered). */
  ordersByIds: z.boolean(),
  /** History reports of earlier days (orders, trades, charges, realised P&L, ledger). */
  reports: z.boolean(),
  /** A broker-held exit at day P&L levels (v3's smart exit trigger), used for the daily limits. */
  smartExit: z.boolean(),
});
/** A dialect's capabilities. */
export type DialectCapabilities = z.infer<typeof DialectCapabilities>;

/**
 * Each dialect's capabilities: a capability is true only where the dialect implements it, so
 * no screen offers what the app cannot send. v3's option chain (docs/broker-v3.md) brings the
 * broker's IV and Greeks to the chain screen (issue 22 #3); v3's broker alerts and multi-leg orders are spoken (issue 21 #2, #3), and its
 * GTT (issue 21 #1, createGttClient).
 */
export const DIALECT_CAPABILITIES: Record<BrokerDialectId, DialectCapabilities> = {
  'fyers-v2': {
    gtt: false,
    brokerAlerts: false,
    optionChainEndpoint: false,
    history: true,
    multiLeg: false,
    depthLevels: 5,
    orderSocket: true,
    ordersByIds: true,
    reports: false,
    smartExit: false,
  },
  'fyers-v3': {
    gtt: true,
    brokerAlerts: true,
    optionChainEndpoint: true,
    history: true,
    multiLeg: true,
    depthLevels: 5,
    orderSocket: true,
    ordersByIds: false,
    reports: true,
    smartExit: true,
  },
};

/** How Settings names each dialect. */
export const DIALECT_LABEL: Record<BrokerDialectId, string> = {
  'fyers-v2': 'API v2 (older)',
  'fyers-v3': 'API v3 (current)',
};
