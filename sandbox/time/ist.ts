/**
 * India Standard Time helpers. The broker speaks IST (UTC+05:30, no daylight saving) in every
 * date field and every session rule, while the sandbox clock counts UTC milliseconds; these
 * helpers are the only place that converts, so no module does its own offset arithmetic.
 */

import { IST_OFFSET_MS, MONTH_TITLES, istParts, type IstParts } from '../../shared/format/ist';

const DAY_MS = 86_400_000;
const MONTHS = MONTH_TITLES;

/** Calendar and wall-clock parts of an instant in IST: the shared home, re-exported for the sandbox's modules. */
export { istParts, type IstParts };

/** UTC instant of IST midnight that starts the IST day containing `ms`. */
export function istDayStart(ms: number): number {
  const t = ms + IST_OFFSET_MS;
  return t - (((t % DAY_MS) + DAY_MS) % DAY_MS) - IST_OFFSET_MS;
}

/** A stable key for the IST calendar day (e.g. 20261121), used to bucket daily limits. */
export function istDayKey(ms: number): number {
  const p = istParts(ms);
  return p.year * 10000 + p.month * 100 + p.day;
}

/** UTC instant of `minuteOfDay` IST on the IST day of `dayStartMs`. */
export function istAt(dayStartMs: number, minuteOfDay: number): number {
  return dayStartMs + minuteOfDay * 60_000;
}

/** The next 06:00 IST strictly after `ms`: when access tokens die (gaps.md "Tokens"). */
export function next0600Ist(ms: number): number {
  const six = istAt(istDayStart(ms), 6 * 60);
  return six > ms ? six : six + DAY_MS;
}

const p2 = (n: number) => String(n).padStart(2, '0');

/** `DD-MMM-YYYY hh:mm:ss`, the order book's (and the trade sample's) format. */
export function fmtDdMmmYyyy(ms: number): string {
  const p = istParts(ms);
  return `${p2(p.day)}-${MONTHS[p.month - 1]}-${p.year} ${p2(p.hour)}:${p2(p.minute)}:${p2(p.second)}`;
}

/** `DD-MM-YYYY hh:mm:ss`, the format the spec's trade field text and profile sample use. */
export function fmtDdMmYyyy(ms: number): string {
  const p = istParts(ms);
  return `${p2(p.day)}-${p2(p.month)}-${p.year} ${p2(p.hour)}:${p2(p.minute)}:${p2(p.second)}`;
}

/** `DD/MM/YYYY hh:mm:ss` (withTime) or `DD/MM/YYYY`, the eDIS records' formats. */
export function fmtSlashDate(ms: number, withTime: boolean): string {
  const p = istParts(ms);
  const date = `${p2(p.day)}/${p2(p.month)}/${p.year}`;
  return withTime ? `${date} ${p2(p.hour)}:${p2(p.minute)}:${p2(p.second)}` : date;
}

/** `YYMMDD` of the IST day, used as the date part of order ids. */
export function yymmdd(ms: number): string {
  const p = istParts(ms);
  return `${p2(p.year % 100)}${p2(p.month)}${p2(p.day)}`;
}

/** Milliseconds in a day, exported so callers do not retype the constant. */
export const DAY = DAY_MS;
