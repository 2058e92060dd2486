import { z } from 'zod';

/**
 * The one home of an alert: what the core raises once per event (a fill, a rejection, the
 * session about to expire, a price alert's level crossed), and what every place that shows it (the OS notification in the
 * desktop app, the in-app toast, the browser notification in the harness) reads. Declared
 * here because it crosses IPC and settings alike.
 */
export const ALERT_KINDS = [
  'fill',
  'partial-fill',
  'rejection',
  'stop-loss',
  'square-off',
  'session-expiry',
  'price',
  'gtt',
] as const;
/** What happened: each kind can be turned off on its own in Settings. */
export const AlertKind = z.enum(ALERT_KINDS);
/** One alert kind. */
export type AlertKind = z.infer<typeof AlertKind>;

/** What Settings calls each kind, and the order they are listed in. */
export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  fill: 'Order filled',
  'partial-fill': 'Order partly filled',
  rejection: 'Order rejected',
  'stop-loss': 'Stop-loss triggered',
  'square-off': 'Square-off and exits',
  'session-expiry': 'Session expiry (warning and expired)',
  price: 'Price alerts (while Tickdesk is open)',
  gtt: 'GTT triggered',
};

/** One alert, raised once by the core; times are epoch milliseconds. */
export const Alert = z.object({
  /** Unique per event: the same fill seen pushed and polled has one id and is raised once. */
  id: z.string().min(1).max(200),
  kind: AlertKind,
  /** Short, for a notification title: "Bought 50 NSE:SBIN-EQ". */
  title: z.string().max(200),
  /** Plain words: what happened, at what price, and what it means. */
  body: z.string().max(600),
  symbol: z.string().nullable(),
  orderId: z.string().nullable(),
  at: z.number().int().nonnegative(),
  /** The trader's choice for this kind when it was raised: show an OS (or browser) notification. */
  notify: z.boolean(),
  /** The trader's choice for this kind when it was raised: play a sound with the toast. */
  sound: z.boolean(),
});
/** One alert as it crosses IPC. */
export type Alert = z.infer<typeof Alert>;
