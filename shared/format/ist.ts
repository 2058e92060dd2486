/**
 * India Standard Time helpers: parsing the broker's date texts and formatting times for the UI.
 *
 * The broker writes times as IST wall-clock text in three shapes (DD-MMM-YYYY, DD-MM-YYYY,
 * DD/MM/YYYY, each optionally with hh:mm:ss) and never says the zone. The app stores ISO
 * UTC strings (JSON-friendly, sortable) and shows IST whatever the machine's zone is. IST
 * has no daylight saving, so a fixed +05:30 offset is exact. Pure: no Node built-ins, no Intl.
 */

/** IST offset from UTC in milliseconds (+05:30, no DST). */
export const IST_OFFSET_MS = 330 * 60 * 1000;
const DAY_MS = 86_400_000;

/** Month codes as the broker writes them in dates and tickers ("JAN"); index 0 is January. */
export const MONTH_CODES = [
  'JAN',
  'FEB',
  'MAR',
  'APR',
  'MAY',
  'JUN',
  'JUL',
  'AUG',
  'SEP',
  'OCT',
  'NOV',
  'DEC',
] as const;
/** Month names as a trader reads them ("Jan"): the one list every screen and the sandbox use. */
export const MONTH_TITLES = MONTH_CODES.map((m) => m[0] + m.slice(1).toLowerCase());
const MONTHS: readonly string[] = MONTH_CODES;
const MONTH_TITLE = MONTH_TITLES;

/** Calendar and clock fields as seen on a wall clock in India: what `istToEpoch` turns back into an instant. */
export interface IstWallClock {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/** An instant's IST wall clock plus what session rules need (the app's and the sandbox's one home). */
export interface IstParts extends IstWallClock {
  /** 0 Sunday .. 6 Saturday */
  weekday: number;
  /** Minutes since IST midnight. */
  minuteOfDay: number;
}

/** Splits an instant (epoch ms) into IST wall-clock fields. */
export function istParts(epochMs: number): IstParts {
  const d = new Date(epochMs + IST_OFFSET_MS);
  const hour = d.getUTCHours();
  const minute = d.getUTCMinutes();
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour,
    minute,
    second: d.getUTCSeconds(),
    millisecond: d.getUTCMilliseconds(),
    weekday: d.getUTCDay(),
    minuteOfDay: hour * 60 + minute,
  };
}

/** The instant (epoch ms) at which an IST wall clock shows the given fields. */
export function istToEpoch(
  p: Omit<IstWallClock, 'millisecond'> & { millisecond?: number },
): number {
  return (
    Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, p.millisecond ?? 0) -
    IST_OFFSET_MS
  );
}

/** 'YYYY-MM-DD' of the IST calendar day containing the instant: the key of the broker's trading day and daily limits. */
export function istDayKey(epochMs: number): string {
  const p = istParts(epochMs);
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)}`;
}

/** Epoch ms of the next IST midnight after the instant: when the daily request budget resets. */
export function nextIstMidnight(epochMs: number): number {
  const shifted = epochMs + IST_OFFSET_MS;
  return Math.floor(shifted / DAY_MS) * DAY_MS + DAY_MS - IST_OFFSET_MS;
}

const DATE_TIME_RE =
  /^\s*(\d{1,2})([-/])([A-Za-z]{3,4}|\d{1,2})\2(\d{4})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*$/;

function monthFromText(text: string): number | undefined {
  if (/^\d+$/.test(text)) {
    const m = Number(text);
    return m >= 1 && m <= 12 ? m : undefined;
  }
  const idx = MONTHS.indexOf(text.slice(0, 3).toUpperCase());
  if (idx < 0) return undefined;
  if (text.length === 4 && text.toUpperCase() !== 'SEPT') return undefined;
  return idx + 1;
}

function validParts(p: Omit<IstWallClock, 'millisecond'>): boolean {
  if (p.hour > 23 || p.minute > 59 || p.second > 59) return false;
  const check = new Date(Date.UTC(p.year, p.month - 1, p.day));
  return (
    check.getUTCFullYear() === p.year &&
    check.getUTCMonth() === p.month - 1 &&
    check.getUTCDate() === p.day
  );
}

/**
 * Parses any of the broker's date-time texts as IST and returns ISO UTC, e.g.
 * '21-Nov-2026 09:15:02', '21-11-2026 09:15:02', '21/11/2026 09:15:02' or a bare date
 * (midnight IST). Returns undefined for anything else, including impossible dates
 * (31-02-2026), so a normalizer can decide what a bad date means instead of getting NaN.
 */
export function parseIstDateTime(text: string): string | undefined {
  const m = DATE_TIME_RE.exec(text);
  if (!m) return undefined;
  const month = monthFromText(m[3] ?? '');
  if (month === undefined) return undefined;
  const parts = {
    year: Number(m[4]),
    month,
    day: Number(m[1]),
    hour: m[5] ? Number(m[5]) : 0,
    minute: m[6] ? Number(m[6]) : 0,
    second: m[7] ? Number(m[7]) : 0,
  };
  if (!validParts(parts)) return undefined;
  return new Date(istToEpoch(parts)).toISOString();
}

/**
 * Parses a date-only text (DD/MM/YYYY, DD-MM-YYYY, DD-MMM-YYYY) to 'YYYY-MM-DD'. Calendar
 * dates such as eDIS validity windows are days, not instants, so they stay zone-free.
 */
export function parseIstDate(text: string): string | undefined {
  const m = DATE_TIME_RE.exec(text);
  if (!m || m[5] !== undefined) return undefined;
  const month = monthFromText(m[3] ?? '');
  if (month === undefined) return undefined;
  const p = { year: Number(m[4]), month, day: Number(m[1]), hour: 0, minute: 0, second: 0 };
  if (!validParts(p)) return undefined;
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)}`;
}

function toEpoch(at: number | string): number {
  return typeof at === 'number' ? at : Date.parse(at);
}

/** 'HH:mm:ss' in IST: the order book and trade book time column. */
export function formatIstTime(at: number | string): string {
  const ms = toEpoch(at);
  if (!Number.isFinite(ms)) return '—';
  const p = istParts(ms);
  return `${pad2(p.hour)}:${pad2(p.minute)}:${pad2(p.second)}`;
}

/** '21 Nov 2026' in IST. */
export function formatIstDate(at: number | string): string {
  const ms = toEpoch(at);
  if (!Number.isFinite(ms)) return '—';
  const p = istParts(ms);
  return `${p.day} ${MONTH_TITLE[p.month - 1]} ${p.year}`;
}

/** '21 Nov 2026, 09:15:02 IST': full timestamps in details views, journals and support text. */
export function formatIstDateTime(at: number | string): string {
  const ms = toEpoch(at);
  if (!Number.isFinite(ms)) return '—';
  return `${formatIstDate(ms)}, ${formatIstTime(ms)} IST`;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}
