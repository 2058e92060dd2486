/**
 * The exchanges' trading holidays: one home for the sandbox's market status (a holiday is
 * closed) and for the app wherever it reasons about "the next trading day" (the kill
 * switch's stop, the updater's quiet hours), so the two cannot disagree about a date.
 *
 * Sources (checked 27 Nov 2026; the exchanges publish each year's list in December of the
 * year before):
 * - NSE and BSE 2026: the exchanges' holiday circulars of December 2025 (fifteen weekday
 *   holidays, the same for the equity, equity-derivatives and currency segments), as
 *   reproduced by public lists (moneycontrol, December 2025; the circular numbers were not
 *   at hand); 15 January 2026 (Maharashtra municipal elections) was added by a later notice
 *   (January 2026), as public lists of 2026 show.
 * - MCX 2026: MCX circular "Trading holidays for the calendar year 2026" (December 2025), as
 *   reproduced by public lists (rupeezy, goldsilverreports): a holiday closes the morning
 *   session (09:00-17:00), the evening one (17:00-23:30/23:55), or both.
 * - 2027: not published yet when this table was written. A year without a list here is
 *   treated as having no holidays (weekends only), and `holidaysKnownFor` says so, so a
 *   caller can say "the calendar for 2027 is not known yet" rather than guess.
 *
 * Known gaps (inferred, not modelled): the currency segment also closes on some RBI bank
 * holidays; Muhurat trading on Diwali (Sunday 8 Nov 2026) is a special evening session whose
 * time the exchanges notify late, so it is not listed as a session here.
 */
import type { ExchangeCode } from './enums';
import { Exchange } from './enums';

/** Which of a day's sessions a holiday closes. Only MCX has two sessions. */
export const HolidayCloses = {
  /** No trading at all that day. */
  Full: 'full',
  /** MCX: the morning session is closed, the evening one (from 17:00) trades. */
  Morning: 'morning',
  /** MCX: the morning session trades, the evening one (from 17:00) is closed. */
  Evening: 'evening',
} as const;
/** One of HolidayCloses' values. */
export type HolidayCloses = (typeof HolidayCloses)[keyof typeof HolidayCloses];

/** One published trading holiday. `date` is the IST calendar day, `YYYY-MM-DD`. */
export interface ExchangeHoliday {
  date: string;
  name: string;
  closes: HolidayCloses;
}

/** The minute of the IST day MCX's evening session starts (its morning session ends then). */
export const MCX_EVENING_FROM_MINUTE = 17 * 60;

const full = (date: string, name: string): ExchangeHoliday => ({
  date,
  name,
  closes: HolidayCloses.Full,
});
const mcx = (date: string, name: string, closes: HolidayCloses): ExchangeHoliday => ({
  date,
  name,
  closes,
});

/** NSE's (and BSE's: the same list) 2026 weekday trading holidays. */
const EQUITY_2026: readonly ExchangeHoliday[] = [
  full('2026-01-15', 'Municipal Corporation elections in Maharashtra'),
  full('2026-01-26', 'Republic Day'),
  full('2026-03-03', 'Holi'),
  full('2026-03-26', 'Shri Ram Navami'),
  full('2026-03-31', 'Shri Mahavir Jayanti'),
  full('2026-04-03', 'Good Friday'),
  full('2026-04-14', 'Dr. Baba Saheb Ambedkar Jayanti'),
  full('2026-05-01', 'Maharashtra Day'),
  full('2026-05-28', 'Bakri Id'),
  full('2026-06-26', 'Muharram'),
  full('2026-09-14', 'Ganesh Chaturthi'),
  full('2026-10-02', 'Mahatma Gandhi Jayanti'),
  full('2026-10-20', 'Dussehra'),
  full('2026-11-10', 'Diwali Balipratipada'),
  full('2026-11-24', 'Prakash Gurpurb Sri Guru Nanak Dev'),
  full('2026-12-25', 'Christmas'),
];

/** MCX's 2026 weekday trading holidays, with the session each closes. */
const MCX_2026: readonly ExchangeHoliday[] = [
  mcx('2026-01-01', 'New Year Day', HolidayCloses.Evening),
  mcx('2026-01-26', 'Republic Day', HolidayCloses.Full),
  mcx('2026-03-03', 'Holi', HolidayCloses.Morning),
  mcx('2026-03-26', 'Shri Ram Navami', HolidayCloses.Morning),
  mcx('2026-03-31', 'Shri Mahavir Jayanti', HolidayCloses.Morning),
  mcx('2026-04-03', 'Good Friday', HolidayCloses.Full),
  mcx('2026-04-14', 'Dr. Baba Saheb Ambedkar Jayanti', HolidayCloses.Morning),
  mcx('2026-05-01', 'Maharashtra Day', HolidayCloses.Morning),
  mcx('2026-05-28', 'Bakri Id', HolidayCloses.Morning),
  mcx('2026-06-26', 'Muharram', HolidayCloses.Morning),
  mcx('2026-09-14', 'Ganesh Chaturthi', HolidayCloses.Morning),
  mcx('2026-10-02', 'Mahatma Gandhi Jayanti', HolidayCloses.Full),
  mcx('2026-10-20', 'Dussehra', HolidayCloses.Morning),
  mcx('2026-11-10', 'Diwali Balipratipada', HolidayCloses.Morning),
  mcx('2026-11-24', 'Guru Nanak Jayanti', HolidayCloses.Morning),
  mcx('2026-12-25', 'Christmas', HolidayCloses.Full),
];

/** Every published list, per exchange and year. */
export const EXCHANGE_HOLIDAYS: Readonly<
  Record<ExchangeCode, Readonly<Record<number, readonly ExchangeHoliday[]>>>
> = {
  [Exchange.NSE]: { 2026: EQUITY_2026 },
  [Exchange.BSE]: { 2026: EQUITY_2026 },
  [Exchange.MCX]: { 2026: MCX_2026 },
};

/** An IST calendar day. */
export interface IstDate {
  year: number;
  month: number; // 1-12
  day: number;
}

const p2 = (n: number) => String(n).padStart(2, '0');

/** Whether the exchange's list for `year` is in the table (false: holidays unknown, weekends only). */
export function holidaysKnownFor(exchange: ExchangeCode, year: number): boolean {
  return EXCHANGE_HOLIDAYS[exchange][year] !== undefined;
}

/** The exchange's holiday on that IST day, if it is one. */
export function holidayOn(exchange: ExchangeCode, d: IstDate): ExchangeHoliday | undefined {
  const key = `${d.year}-${p2(d.month)}-${p2(d.day)}`;
  return EXCHANGE_HOLIDAYS[exchange][d.year]?.find((h) => h.date === key);
}

/** 0 Sunday .. 6 Saturday for an IST calendar day. */
export function weekdayOf(d: IstDate): number {
  return new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
}

/**
 * The IST minutes of that day in which the exchange may trade at all, before segment session
 * times: null on a weekend or a full holiday; `{from, to}` in minutes of the day otherwise
 * (0 to 24 h on an ordinary day; MCX's half holidays cut at 17:00).
 */
export function tradingWindow(
  exchange: ExchangeCode,
  d: IstDate,
): { from: number; to: number } | null {
  const wd = weekdayOf(d);
  if (wd === 0 || wd === 6) return null;
  const h = holidayOn(exchange, d);
  if (!h) return { from: 0, to: 24 * 60 };
  if (h.closes === HolidayCloses.Morning) return { from: MCX_EVENING_FROM_MINUTE, to: 24 * 60 };
  if (h.closes === HolidayCloses.Evening) return { from: 0, to: MCX_EVENING_FROM_MINUTE };
  return null;
}

/** Whether any session of the exchange trades on that IST day. */
export function isTradingDay(exchange: ExchangeCode, d: IstDate): boolean {
  return tradingWindow(exchange, d) !== null;
}
