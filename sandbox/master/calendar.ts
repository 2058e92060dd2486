/**
 * Expiry calendar of the generated master. Contracts listed on a day depend only on that
 * day (IST), so the same asOf always yields the same chains. Exchange holidays are not
 * modelled: an expiry that would fall on one simply stays on its weekday.
 */
import { TICKER_MONTHS, WEEKLY_MONTH_CODES } from '../../shared/broker/instrument';
import { IST_OFFSET_MS, MONTH_TITLES } from '../../shared/format/ist';

const DAY_MS = 86_400_000;

/** A calendar day in IST, as a UTC-midnight timestamp so arithmetic is exact. */
export type Day = number;

/** The IST calendar day that contains the instant `asOf`. */
export function istDay(asOf: Date): Day {
  const t = asOf.getTime() + IST_OFFSET_MS;
  return t - (((t % DAY_MS) + DAY_MS) % DAY_MS);
}

/** Adds whole days. */
export function addDays(d: Day, n: number): Day {
  return d + n * DAY_MS;
}

/** 0 = Sunday .. 6 = Saturday. */
export function weekday(d: Day): number {
  return new Date(d).getUTCDay();
}

/** First day of the month `offset` months after the month of `d`. */
export function monthStart(d: Day, offset: number): Day {
  const x = new Date(d);
  return Date.UTC(x.getUTCFullYear(), x.getUTCMonth() + offset, 1);
}

/** Last given weekday (0-6) of the month that starts at `start`. */
export function lastWeekdayOfMonth(start: Day, wd: number): Day {
  let d = addDays(monthStart(start, 1), -1);
  while (weekday(d) !== wd) d = addDays(d, -1);
  return d;
}

/** Last Monday-Friday of the month that starts at `start`. */
export function lastBusinessDay(start: Day): Day {
  let d = addDays(monthStart(start, 1), -1);
  while (weekday(d) === 0 || weekday(d) === 6) d = addDays(d, -1);
  return d;
}

/** Moves back `n` business days. */
export function businessDaysBefore(d: Day, n: number): Day {
  let x = d;
  for (let k = 0; k < n;) {
    x = addDays(x, -1);
    if (weekday(x) !== 0 && weekday(x) !== 6) k++;
  }
  return x;
}

/** The first `count` monthly expiries (rule given per month start) on or after `today`. */
export function monthlyExpiries(today: Day, count: number, rule: (monthStart: Day) => Day): Day[] {
  const out: Day[] = [];
  for (let m = 0; out.length < count && m < count + 24; m++) {
    const e = rule(monthStart(today, m));
    if (e >= today) out.push(e);
  }
  return out;
}

/** The next `count` given weekdays on or after `today`. */
export function weeklyExpiries(today: Day, count: number, wd: number): Day[] {
  let d = today;
  while (weekday(d) !== wd) d = addDays(d, 1);
  const out: Day[] = [];
  for (let k = 0; k < count; k++) out.push(addDays(d, 7 * k));
  return out;
}

/** Unix seconds of `hhmm` IST on day `d`; the master's expiry column. */
export function expiryUnix(d: Day, hhmm: number): number {
  const minutes = Math.floor(hhmm / 100) * 60 + (hhmm % 100);
  return Math.floor((d + minutes * 60_000 - IST_OFFSET_MS) / 1000);
}

/** YYMMDD as used in the token's expiry part. */
export function yymmdd(d: Day): string {
  const x = new Date(d);
  return (
    String(x.getUTCFullYear() % 100).padStart(2, '0') +
    String(x.getUTCMonth() + 1).padStart(2, '0') +
    String(x.getUTCDate()).padStart(2, '0')
  );
}

/** ISO date (YYYY-MM-DD) for the last-update column. */
export function isoDate(d: Day): string {
  return new Date(d).toISOString().slice(0, 10);
}

/** Monthly ticker part: 25DEC. */
export function monthlyCode(d: Day): string {
  const x = new Date(d);
  return String(x.getUTCFullYear() % 100).padStart(2, '0') + TICKER_MONTHS[x.getUTCMonth()];
}

/** Weekly ticker part: 25D11 (year, month code, day). */
export function weeklyCode(d: Day): string {
  const x = new Date(d);
  return (
    String(x.getUTCFullYear() % 100).padStart(2, '0') +
    WEEKLY_MONTH_CODES[x.getUTCMonth()] +
    String(x.getUTCDate()).padStart(2, '0')
  );
}

const TITLE_MONTHS = MONTH_TITLES;

/** Human description used in the name column: "25 Dec" or, for weeklies, "25 Dec 11". */
export function describeExpiry(d: Day, weekly: boolean): string {
  const x = new Date(d);
  const base = `${String(x.getUTCFullYear() % 100).padStart(2, '0')} ${TITLE_MONTHS[x.getUTCMonth()]}`;
  return weekly ? `${base} ${String(x.getUTCDate()).padStart(2, '0')}` : base;
}
