import { z } from 'zod';

/**
 * What the trader's broker charges per order, set per account (brokers differ, and the
 * broker API does not say). The default is the common discount-broker plan: the lower of
 * ₹20 and 0.03 % of turnover for intraday and F&O orders, nothing for delivery.
 */
export const BrokerageSettings = z.object({
  /** Percent of turnover for intraday and F&O orders (0.03 means 0.03 %). */
  percent: z.number().finite().min(0).max(5).default(0.03),
  /** The most one intraday or F&O order costs, in rupees. */
  capPerOrder: z.number().finite().min(0).max(10_000).default(20),
  /** Flat rupees per delivery (CNC) order. */
  deliveryPerOrder: z.number().finite().min(0).max(10_000).default(0),
});
/** An account's brokerage plan. */
export type BrokerageSettings = z.infer<typeof BrokerageSettings>;

/** The plan an account without one uses. */
export const DEFAULT_BROKERAGE: BrokerageSettings = BrokerageSettings.parse({});
