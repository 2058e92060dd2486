/**
 * The v3 price-alert vocabulary (docs/broker-v3.md, "Price alerts"): the paths, the request
 * and answer fields and the codes of the broker's alerts, and the order-socket message that
 * says one fired. Facts come from the official SDK (`fyers-api-v3` 1.9.0, `config.js` and
 * `apiService.js` createPriceAlert/getPriceAlert/modifyPriceAlert/togglePriceAlert/
 * deletePriceAlert) and the broker's published samples; what neither says is marked
 * *inferred* here and in the doc. One home, so the sandbox (answering) and the app (asking,
 * and reading the push) cannot disagree about a name or a code.
 */

/** Create (POST), list (GET), modify (PUT) and delete (DELETE, body) under the v3 base (SDK `priceAlert`). */
export const V3_PRICE_ALERT_PATH = '/price-alert';
/** Pause/resume by PUT `{alertId}` (SDK `togglePriceAlert`). */
export const V3_TOGGLE_ALERT_PATH = '/toggle-alert';

/** The `agent` every SDK sample sends. */
export const V3_ALERT_AGENT = 'fyers-api';
/** The `alert-type` every SDK sample sends (a price alert). */
export const V3_ALERT_TYPE = 1;

/** `comparisonType`: which figure is compared. The SDK names LTP, OPEN and CLOSE; Tickdesk uses LTP. */
export const V3AlertComparison = { Ltp: 'LTP' } as const;

/** `condition` (fact: the SDK's doc comment lists GT, LT, GTE, LTE). */
export const V3AlertCondition = {
  Above: 'GT',
  Below: 'LT',
  AtOrAbove: 'GTE',
  AtOrBelow: 'LTE',
} as const;
/** One condition. */
export type V3AlertCondition = (typeof V3AlertCondition)[keyof typeof V3AlertCondition];
/** Every condition, for validation. */
export const V3_ALERT_CONDITIONS: readonly V3AlertCondition[] = Object.values(V3AlertCondition);

/**
 * `alert.status` in a list row. *Inferred*: the broker's sample shows 2 for an alert not yet
 * triggered; the sandbox reads 1 as active, 2 as paused (toggled off), 3 as triggered.
 */
export const V3AlertStatus = { Active: 1, Paused: 2, Triggered: 3 } as const;
/** One alert status. */
export type V3AlertStatus = (typeof V3AlertStatus)[keyof typeof V3AlertStatus];

/**
 * The answer codes (fact from the broker's samples: 120 created, 121 deleted, 123 updated;
 * *inferred*: 122 toggled). The create answer carries NO alert id (fact): a client finds its
 * new alert by reading the list.
 */
export const V3AlertAnswerCode = {
  Created: 120,
  Deleted: 121,
  Toggled: 122,
  Updated: 123,
} as const;

/** Most alerts the sandbox holds per account (*inferred*: the broker publishes no limit). */
export const V3_MAX_ALERTS = 50;

/** The `alert` object of a list row (fact: the broker's sample of getPriceAlert). */
export interface V3AlertBody {
  comparisonType: string;
  condition: string;
  name: string;
  /** `"V"` in the sample (a value alert). */
  type: string;
  value: number;
  notes: string;
  status: number;
  createdAt: string;
  createdEpoch: number;
  modifiedAt: string;
  modifiedEpoch: number;
  triggeredAt: string;
  triggeredEpoch: number;
}

/** One alert in the list answer's `data`, keyed there by alert id (fact). */
export interface V3AlertRow {
  fyToken: string;
  symbol: string;
  alert: V3AlertBody;
}

/**
 * The order-socket message of a fired alert, on the `pricealerts` channel (*inferred*: the SDK
 * subscribes to `pricealerts` and hands any message that is not orders/trades/positions to
 * its `general` callback untouched; its shape is not published). The sandbox sends the list
 * row plus its id and the price that fired it, under the channel's name.
 */
export interface V3AlertPush {
  pricealerts: V3AlertRow & { alertId: string; ltp: number };
}

/** The message key of a fired-alert push. */
export const V3_ALERT_PUSH_KEY = 'pricealerts';
