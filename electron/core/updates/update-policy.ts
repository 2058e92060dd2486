/**
 * When Tickdesk may check for, and install, an update. Why a pure module: "never surprise a
 * trader" is a rule about time and orders, not about Electron, so it lives here (no electron
 * import) and is tested without the shell. The shell (electron/shell/updater.ts) asks it
 * before every check and before every install; electron-updater only fetches and verifies.
 */
import { istParts } from '../../../shared/format/ist';
import { SESSION_TIMES } from '../../../shared/broker/session-times';
import type { IntentStatus } from '../../../shared/broker/models';
import { Exchange } from '../../../shared/broker/enums';
import { isTradingDay } from '../../../shared/broker/exchange-holidays';

/** The exchanges whose calendars decide whether a day is a market day. */
const TRADING_EXCHANGES = [Exchange.NSE, Exchange.BSE, Exchange.MCX] as const;

/** How often a running app looks for an update (and once at start). */
export const UPDATE_CHECK_EVERY_MS = 4 * 60 * 60 * 1000;
/** The quiet margin around the sessions: no restart this close to an open or a close. */
export const MARKET_MARGIN_MINUTES = 15;
/** Order actions that may or may not have reached the broker yet: no restart while any is. */
export const UNSETTLED_STATUSES: readonly IntentStatus[] = ['sending', 'unconfirmed'];

const MINUTES = Object.values(SESSION_TIMES);
/** The first open and the last close of any segment (09:00 and 23:30 IST today). */
const FIRST_OPEN = Math.min(...MINUTES.map((t) => t.open));
const LAST_CLOSE = Math.max(...MINUTES.map((t) => t.close));

/** Why an install waits: named codes, never a bare string the UI has to parse. */
export const HoldReason = {
  MarketHours: 'market-hours',
  OrderUnconfirmed: 'order-unconfirmed',
} as const;
/** One of HoldReason's values. */
export type HoldReason = (typeof HoldReason)[keyof typeof HoldReason];

/** What the policy says about installing now. `message` is in the trader's words. */
export type InstallDecision =
  { install: true } | { install: false; reason: HoldReason; message: string };

/** Who asks: the trader quitting the app, or the trader choosing "Restart and update". */
export type InstallTrigger = 'quit' | 'trader';

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * Whether `now` falls in any segment's session on an IST trading day, widened by the margin:
 * from 08:45 to 23:45 IST on a day any exchange trades (the exchanges' holiday calendar,
 * shared/broker/exchange-holidays.ts). A day only MCX's evening session trades keeps the
 * whole window (the safe side: an update waits, it is never forced); a year whose holidays
 * are not in the table counts every weekday as a market day.
 */
export function inMarketHours(now: number): boolean {
  const p = istParts(now);
  if (!TRADING_EXCHANGES.some((ex) => isTradingDay(ex, p))) return false;
  const m = p.hour * 60 + p.minute;
  return m >= FIRST_OPEN - MARKET_MARGIN_MINUTES && m < LAST_CLOSE + MARKET_MARGIN_MINUTES;
}

/** How many order actions are still unsettled (sending, or unconfirmed and being checked). */
export function unsettledCount(intents: readonly { status: IntentStatus }[]): number {
  return intents.filter((i) => UNSETTLED_STATUSES.includes(i.status)).length;
}

/**
 * Whether a downloaded update may be installed now. Never with an order action unsettled
 * (a restart would leave the trader not knowing whether it went through), never in market
 * hours (the app is down for the install, and a trader may need it at once). The same for a
 * quit as for the trader's own choice: the installer runs after the app quits, and a trader
 * who quits in market hours may want it back at once.
 */
export function installDecision(input: {
  now: number;
  trigger: InstallTrigger;
  unsettled: number;
}): InstallDecision {
  if (input.unsettled > 0) {
    return {
      install: false,
      reason: HoldReason.OrderUnconfirmed,
      message: `${input.unsettled === 1 ? 'An order is' : `${input.unsettled} orders are`} still being confirmed with the broker, so the update waits; it installs once ${input.unsettled === 1 ? 'it is' : 'they are'} settled and you quit or choose Restart and update.`,
    };
  }
  if (inMarketHours(input.now)) {
    return {
      install: false,
      reason: HoldReason.MarketHours,
      message: `Markets are open (${hhmm(FIRST_OPEN)}–${hhmm(LAST_CLOSE)} IST on weekdays), so Tickdesk does not restart for the update now; it installs when you quit after ${hhmm(LAST_CLOSE + MARKET_MARGIN_MINUTES)} IST, at the weekend or on an exchange holiday.`,
    };
  }
  return { install: true };
}

/**
 * Whether to look for an update now: only when the trader has not turned checks off, at
 * start (never checked) and then once every UPDATE_CHECK_EVERY_MS. A check only downloads in
 * the background; it never installs.
 */
export function shouldCheck(input: {
  enabled: boolean;
  now: number;
  lastCheckAt: number | null;
}): boolean {
  if (!input.enabled) return false;
  return input.lastCheckAt === null || input.now - input.lastCheckAt >= UPDATE_CHECK_EVERY_MS;
}
