/**
 * Contracts named as a trader says them, not as the exchange's file spells them. The
 * master's name column reads "RELIANCE 26 Dec FUT" (year 26, December: read as "26 Dec" it
 * looks like the expiry date, which is the 29th) and "NIFTY 26 Dec 01 25700 CE" (the weekly
 * of 1 December). Here they are "RELIANCE DEC FUT" and "NIFTY 1 DEC 25700 CE (weekly)", and
 * the expiry date goes beside them ("exp 29 Dec"). Issue 17 #11: one function, used
 * everywhere a contract is named (search, ticket, books, positions, baskets, charts).
 */
import { parseTickerSeries } from '../broker/ticker-code';
import { MONTH_CODES, MONTH_TITLES } from './ist';

const MONTHS = MONTH_CODES;
const MONTH_WORDS = MONTH_TITLES;

/**
 * The trader's name of a ticker: a derivative as "ROOT [day] MON [strike CE|PE] ... (weekly)";
 * anything else (cash, indices, a shape the parser does not know) as the ticker itself, so
 * a name is never invented. `underlying`, when known, anchors the parse (NIFTYNXT50).
 */
export function contractName(ticker: string, underlying?: string): string {
  const s = parseTickerSeries(ticker, underlying);
  if (!s) return ticker;
  const month = MONTHS[s.month - 1];
  if (!month) return ticker;
  const when = s.day > 0 ? `${s.day} ${month}` : month;
  const what = s.kind === 'FUT' ? 'FUT' : `${formatStrike(s.strike)} ${s.kind}`;
  return `${s.root} ${when} ${what}${s.day > 0 ? ' (weekly)' : ''}`;
}

/** "exp 29 Dec" from an ISO expiry date (YYYY-MM-DD...); null for none or a malformed one. */
export function expiryLabel(expiry: string | null | undefined): string | null {
  const m = expiry ? /^(\d{4})-(\d{2})-(\d{2})/.exec(expiry) : null;
  if (!m) return null;
  const month = MONTH_WORDS[Number(m[2]) - 1];
  const day = Number(m[3]);
  if (!month || day < 1 || day > 31) return null;
  return `exp ${day} ${month}`;
}

/** A strike as the chain shows it: whole rupees without decimals, halves kept (2412.5). */
function formatStrike(strike: number): string {
  return Number.isInteger(strike) ? String(strike) : String(Number(strike.toFixed(2)));
}
