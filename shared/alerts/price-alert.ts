/**
 * The one home of a price alert: what the trader sets (a symbol, a condition, a level, one
 * shot or repeating), what is stored in the settings document, and what the Alerts screen
 * lists. It crosses IPC and settings alike, so it lives here once. Where the alerts are
 * held (the app evaluating live ticks while it runs, or a broker that holds them) is said
 * by `PriceAlertsView.heldBy`, never assumed by a screen.
 */
import { z } from 'zod';
import { Ticker } from '../marketdata/ticker';
import { singleLine } from '../ipc/text';

/** Most price alerts kept at once (active, paused and triggered together). */
export const MAX_PRICE_ALERTS = 200;
/** Shortest wait between two firings of a repeating alert, in minutes. */
export const MIN_COOLDOWN_MINUTES = 1;
/** Longest wait between two firings of a repeating alert: one trading day. */
export const MAX_COOLDOWN_MINUTES = 24 * 60;
/** Widest % change from the previous close an alert may watch for (a circuit is at most 20%). */
export const MAX_CHANGE_PCT = 100;

/**
 * What is watched: the last price crossing a level upward or downward, or the % change from
 * the previous close crossing a figure upward or downward. Crossing, not being past: an
 * alert set while the price is already past its level waits for the price to come back and
 * cross again; a price that jumps across the level between two ticks counts.
 */
export const PRICE_CONDITIONS = [
  'price-above',
  'price-below',
  'change-above',
  'change-below',
] as const;
/** One condition. */
export const PriceCondition = z.enum(PRICE_CONDITIONS);
/** One condition. */
export type PriceCondition = z.infer<typeof PriceCondition>;

/** What the screens call each condition. */
export const PRICE_CONDITION_LABELS: Record<PriceCondition, string> = {
  'price-above': 'Price crosses above',
  'price-below': 'Price crosses below',
  'change-above': '% change rises to',
  'change-below': '% change falls to',
};

/** True for the conditions on the % change from the previous close. */
export function isChangeCondition(c: PriceCondition): boolean {
  return c === 'change-above' || c === 'change-below';
}

/** What the trader types to create or modify an alert; checked in words, field by field. */
export const PriceAlertInput = z
  .object({
    symbol: Ticker,
    condition: PriceCondition,
    /** Rupees for a price condition; percent (e.g. 2.5 or -3) for a change condition. */
    value: z.number({ message: 'Enter a number' }).finite('Enter a number'),
    /** Fires once and stops (then shown as triggered), or fires at every crossing. */
    repeat: z.boolean().default(false),
    /** A repeating alert waits this long after it fires before it can fire again. */
    cooldownMinutes: z
      .number({ message: 'Enter whole minutes' })
      .int('Enter whole minutes')
      .min(MIN_COOLDOWN_MINUTES, `The wait is at least ${MIN_COOLDOWN_MINUTES} minute`)
      .max(MAX_COOLDOWN_MINUTES, `The wait is at most ${MAX_COOLDOWN_MINUTES} minutes (a day)`)
      .default(5),
    /** The trader's own words, shown with the alert. */
    note: singleLine(120).default(''),
  })
  .superRefine((a, ctx) => {
    if (isChangeCondition(a.condition)) {
      if (Math.abs(a.value) > MAX_CHANGE_PCT)
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: `A change is between -${MAX_CHANGE_PCT}% and ${MAX_CHANGE_PCT}%`,
        });
    } else if (!(a.value > 0) || a.value > 1e9)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A price is above zero' });
  });
/** What the trader sets. */
export type PriceAlertInput = z.infer<typeof PriceAlertInput>;

/** Where an alert stands: waiting for its crossing, paused by the trader, or fired once and done. */
export const PriceAlertStatus = z.enum(['active', 'paused', 'triggered']);
/** Where an alert stands. */
export type PriceAlertStatus = z.infer<typeof PriceAlertStatus>;

/** One stored alert: the input plus its identity and what has happened to it. */
export const PriceAlert = z.object({
  id: z.string().regex(/^pa-[A-Za-z0-9-]{1,40}$/),
  symbol: Ticker,
  condition: PriceCondition,
  value: z.number().finite(),
  repeat: z.boolean(),
  cooldownMinutes: z.number().int().min(MIN_COOLDOWN_MINUTES).max(MAX_COOLDOWN_MINUTES),
  note: singleLine(120),
  status: PriceAlertStatus,
  createdAt: z.number().int().nonnegative(),
  /** When it last fired (epoch ms), null when never. */
  lastFiredAt: z.number().int().nonnegative().nullable(),
  /** The price it last fired at, null when never. */
  lastFiredPrice: z.number().finite().nullable(),
  /** How many times it has fired. */
  fired: z.number().int().nonnegative(),
});
/** One stored alert. */
export type PriceAlert = z.infer<typeof PriceAlert>;

/** Every stored alert, unique by id, at most MAX_PRICE_ALERTS. */
export const PriceAlerts = z
  .array(PriceAlert)
  .max(MAX_PRICE_ALERTS, `At most ${MAX_PRICE_ALERTS} price alerts: delete some first`)
  .superRefine((list, ctx) => {
    const ids = new Set<string>();
    for (const [i, a] of list.entries()) {
      if (ids.has(a.id))
        ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'two alerts with one id' });
      ids.add(a.id);
    }
  });
/** Every stored alert. */
export type PriceAlerts = z.infer<typeof PriceAlerts>;

/**
 * Whether alerts can fire right now: `live` while fresh prices flow; `paused-feed` while the
 * price feed is down or its prices are stale (alerts resume with the first fresh price, and a
 * level crossed meanwhile fires then, once); `no-session` while logged out.
 */
export const PriceAlertFeed = z.enum(['live', 'paused-feed', 'no-session']);
/** Whether alerts can fire right now. */
export type PriceAlertFeed = z.infer<typeof PriceAlertFeed>;

/** The Alerts screen's picture: the alerts, who holds them, and whether they can fire now. */
export const PriceAlertsView = z.object({
  alerts: z.array(PriceAlert),
  /**
   * `app`: Tickdesk evaluates them on live ticks and only while it runs (the v2 dialect has
   * no broker alerts). `broker`: the broker holds them and they fire with the app closed.
   */
  heldBy: z.enum(['app', 'broker']),
  feed: PriceAlertFeed,
  /** Plain words for the screen: where alerts are held and whether they can fire now. */
  note: z.string().max(400),
  max: z.number().int().positive(),
});
/** The Alerts screen's picture. */
export type PriceAlertsView = z.infer<typeof PriceAlertsView>;

/** Words a trader reads for an alert's condition: "Price crosses above ₹812.50". */
export function describeCondition(a: Pick<PriceAlert, 'condition' | 'value'>): string {
  const v = isChangeCondition(a.condition)
    ? `${a.value > 0 ? '+' : ''}${a.value}%`
    : `₹${a.value.toLocaleString('en-IN', { maximumFractionDigits: 4 })}`;
  return `${PRICE_CONDITION_LABELS[a.condition]} ${v}`;
}
