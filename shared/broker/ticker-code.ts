/**
 * Reads a derivative ticker's series code (NIFTY25DEC24000CE, NIFTY25D0924000CE,
 * BANKNIFTY25DECFUT). Search matches "dec", "25" and "9 dec" against the contract's own
 * series, which for commodity options differs from the expiry date's month, and the
 * 13-column file variant has no strike or option-type column, so both come from here.
 */

const MONTHS: Record<string, number> = {
  JAN: 1,
  FEB: 2,
  MAR: 3,
  APR: 4,
  MAY: 5,
  JUN: 6,
  JUL: 7,
  AUG: 8,
  SEP: 9,
  OCT: 10,
  NOV: 11,
  DEC: 12,
};
const WEEKLY_MONTH: Record<string, number> = {
  '1': 1,
  '2': 2,
  '3': 3,
  '4': 4,
  '5': 5,
  '6': 6,
  '7': 7,
  '8': 8,
  '9': 9,
  O: 10,
  N: 11,
  D: 12,
};

/** The parts of a derivative ticker after its underlying. */
export interface TickerSeries {
  root: string;
  year: number;
  month: number;
  /** Day of a weekly contract; 0 for monthly. */
  day: number;
  kind: 'FUT' | 'CE' | 'PE';
  strike: number;
}

const RE = /^(?:[A-Z]+:)?(.+?)(\d{2})(?:([A-Z]{3})|([1-9OND])(\d{2}))(FUT|(\d+(?:\.\d+)?)(CE|PE))$/;

/**
 * Parses a derivative ticker, or returns null for cash tickers (SBIN-EQ) and shapes it
 * does not know. When the underlying is known it is used to anchor the parse, which
 * removes the ambiguity of underlyings that end in digits (NIFTYNXT50).
 */
export function parseTickerSeries(ticker: string, underlying?: string): TickerSeries | null {
  let s = ticker;
  const colon = s.indexOf(':');
  if (colon >= 0) s = s.slice(colon + 1);
  if (underlying && s.startsWith(underlying)) {
    const rest = parseRest(s.slice(underlying.length));
    return rest ? { root: underlying, ...rest } : null;
  }
  const m = RE.exec(s);
  if (!m) return null;
  const month = m[3] ? MONTHS[m[3]] : WEEKLY_MONTH[m[4] ?? ''];
  if (!month) return null;
  return {
    root: m[1] as string,
    year: Number(m[2]),
    month,
    day: m[5] ? Number(m[5]) : 0,
    kind: m[6] === 'FUT' ? 'FUT' : (m[8] as 'CE' | 'PE'),
    strike: m[7] ? Number(m[7]) : -1,
  };
}

const REST = /^(\d{2})(?:([A-Z]{3})|([1-9OND])(\d{2}))(FUT|(\d+(?:\.\d+)?)(CE|PE))$/;

function parseRest(rest: string): Omit<TickerSeries, 'root'> | null {
  const m = REST.exec(rest);
  if (!m) return null;
  const month = m[2] ? MONTHS[m[2]] : WEEKLY_MONTH[m[3] ?? ''];
  if (!month) return null;
  return {
    year: Number(m[1]),
    month,
    day: m[4] ? Number(m[4]) : 0,
    kind: m[5] === 'FUT' ? 'FUT' : (m[7] as 'CE' | 'PE'),
    strike: m[6] ? Number(m[6]) : -1,
  };
}
