/**
 * The broker seam's price-alert calls (issue 21 #2): what a dialect whose broker holds price
 * alerts offers (capability `brokerAlerts`), in the domain model, so the broker-held holder
 * (alerts/price/broker-price-alerts.ts) never sees a wire name. v3 implements it in
 * dialects/fyers-v3/price-alerts.ts; a dialect without broker alerts has none.
 */

/** Which way the broker compares the last price to the level. */
export type BrokerAlertDirection = 'above' | 'below';

/** Where a broker-held alert stands. */
export type BrokerAlertState = 'active' | 'paused' | 'triggered';

/** One alert as the broker holds it. */
export interface BrokerAlert {
  /** The broker's id. */
  id: string;
  symbol: string;
  direction: BrokerAlertDirection;
  /** The level in rupees. */
  value: number;
  /** The name the alert was created with (Tickdesk writes a unique one, to find it again). */
  name: string;
  notes: string;
  state: BrokerAlertState;
  /** Epoch ms of creation (0 when the broker gave none). */
  createdAt: number;
  /** Epoch ms of the last firing, null when it has not fired. */
  triggeredAt: number | null;
}

/** What is asked of the broker to create or modify an alert. */
export interface BrokerAlertSpec {
  symbol: string;
  direction: BrokerAlertDirection;
  value: number;
  name: string;
  notes: string;
}

/** A fired alert pushed on the order socket: the alert and the price that fired it. */
export interface BrokerAlertFired {
  alert: BrokerAlert;
  ltp: number;
}

/** The broker's alert calls. Each throws a BrokerError when the broker refuses or cannot be reached. */
export interface BrokerAlertClient {
  /** Every alert the broker holds: waiting, paused and triggered. */
  list(): Promise<BrokerAlert[]>;
  /** Creates an alert; the broker answers no id, so the caller finds it by its unique name. */
  create(spec: BrokerAlertSpec): Promise<void>;
  modify(id: string, spec: BrokerAlertSpec): Promise<void>;
  /** Flips active ↔ paused (and re-arms a triggered alert). */
  toggle(id: string): Promise<void>;
  remove(id: string): Promise<void>;
  /** The most alerts the broker holds at once. */
  readonly max: number;
}
