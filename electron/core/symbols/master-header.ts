/**
 * The header-row variant of the master files: the spec describes 13 named columns, and a
 * file may carry a header naming them (or all 21). This maps the names to fields and
 * derives what the 13-column form lacks (underlying, strike, option type) from the ticker.
 * It is the slow path (strings per cell); the live files take the byte-level path.
 */
import { parseTickerSeries } from '../../../shared/broker/ticker-code';

/**
 * Appends the numeric columns of one row; one signature for the parser and both of its row
 * paths (header rows here, checked rows in row-check.ts).
 */
export interface NumberColumnsSink {
  pushNumbers(
    type: number,
    lot: number,
    tick: number,
    expiry: number,
    ex: number,
    seg: number,
    scrip: number,
    uScrip: number,
    strike: number,
    opt: number,
    fileId: number,
  ): void;
}

/** The parser's sink, as far as this module needs it. */
export interface RowSink extends NumberColumnsSink {
  token: { pushString(s: string): void };
  name: { pushString(s: string): void };
  isin: { pushString(s: string): void };
  ticker: { pushString(s: string): void };
  underlying: { pushString(s: string): void };
  underlyingToken: { pushString(s: string): void };
  pushRefTexts(session: string, update: string): void;
}

/** A usable header (with a row reader) or the reason it is not usable. */
export type HeaderLayout =
  | {
      ok: true;
      row(
        sink: RowSink,
        buf: Buffer,
        starts: Int32Array,
        ends: Int32Array,
        nf: number,
        fileId: number,
      ): string | null;
    }
  | { ok: false; reason: string };

const NAMES: Record<string, string> = {
  svctoken: 'token',
  fytoken: 'token',
  token: 'token',
  symboldetails: 'name',
  name: 'name',
  exchangeinstrumenttype: 'instrumentType',
  instrumenttype: 'instrumentType',
  minimumlotsize: 'lotSize',
  lotsize: 'lotSize',
  ticksize: 'tickSize',
  isin: 'isin',
  tradingsession: 'session',
  lastupdatedate: 'lastUpdate',
  expirydate: 'expiry',
  expiry: 'expiry',
  symbolticker: 'ticker',
  ticker: 'ticker',
  exchange: 'exchange',
  segment: 'segment',
  scripcode: 'scripCode',
  underlyingsymbol: 'underlying',
  underlying: 'underlying',
  underlyingscripcode: 'underlyingScripCode',
  strikeprice: 'strike',
  strike: 'strike',
  optiontype: 'optionType',
  underlyingtoken: 'underlyingToken',
  underlyingsvctoken: 'underlyingToken',
  underlyingfytoken: 'underlyingToken',
};

const REQUIRED = ['token', 'name', 'lotSize', 'tickSize', 'ticker', 'exchange', 'segment'];

/** Reads a header line; unknown column names are ignored, required ones must be present. */
export function parseHeaderRow(line: string): HeaderLayout {
  const pos = new Map<string, number>();
  line.split(',').forEach((raw, i) => {
    const key =
      NAMES[
        raw
          .trim()
          .replace(/^"|"$/g, '')
          .toLowerCase()
          .replace(/[^a-z]/g, '')
      ];
    if (key && !pos.has(key)) pos.set(key, i);
  });
  const missing = REQUIRED.filter((k) => !pos.has(k));
  if (missing.length) return { ok: false, reason: `header lacks column(s): ${missing.join(', ')}` };
  const width = line.split(',').length;
  return {
    ok: true,
    row(sink, buf, starts, ends, nf, fileId) {
      if (nf !== width) return `expected ${width} columns (per header), got ${nf}`;
      const cell = (k: string): string => {
        const i = pos.get(k);
        return i === undefined ? '' : buf.toString('utf8', starts[i], ends[i]).trim();
      };
      const num = (k: string, dflt: number): number => {
        const v = cell(k);
        return v === '' ? dflt : Number(v);
      };
      const token = cell('token');
      const ticker = cell('ticker');
      if (!/^\d+$/.test(token)) return 'token is not a number';
      if (!ticker.includes(':')) return 'symbol ticker lacks the EXCHANGE: prefix';
      const lot = num('lotSize', NaN);
      const tick = num('tickSize', NaN);
      const ex = num('exchange', NaN);
      const seg = num('segment', NaN);
      if (!(lot >= 1) || !Number.isInteger(lot)) return 'lot size is not a positive whole number';
      if (!(tick > 0)) return 'tick size is not a positive number';
      if (![10, 11, 12].includes(ex)) return `unknown exchange code ${cell('exchange')}`;
      if (![10, 11, 12, 20].includes(seg)) return `unknown segment code ${cell('segment')}`;
      const expiry = parseExpiry(cell('expiry'));
      if (Number.isNaN(expiry) && cell('expiry') !== '') return 'expiry is not a date';
      const series = parseTickerSeries(ticker, cell('underlying') || undefined);
      const optText = cell('optionType') || (series && series.kind !== 'FUT' ? series.kind : 'XX');
      const opt = optText === 'CE' ? 1 : optText === 'PE' ? 2 : optText === 'XX' ? 0 : -1;
      if (opt < 0) return 'option type is not CE, PE or XX';
      const underlying = cell('underlying') || series?.root || cashRoot(ticker);
      sink.token.pushString(token);
      sink.name.pushString(cell('name'));
      sink.isin.pushString(cell('isin'));
      sink.ticker.pushString(ticker);
      sink.underlying.pushString(underlying);
      sink.underlyingToken.pushString(cell('underlyingToken') || (series ? '' : token));
      sink.pushRefTexts(cell('session'), cell('lastUpdate'));
      const scrip = num('scripCode', 0);
      sink.pushNumbers(
        num('instrumentType', 0),
        lot,
        tick,
        expiry,
        ex,
        seg,
        scrip,
        num('underlyingScripCode', series ? 0 : scrip),
        num('strike', series ? series.strike : -1),
        opt,
        fileId,
      );
      return null;
    },
  };
}

/** Unix seconds, or a date text (DD-MM-YYYY or ISO) taken as 15:30 IST; NaN when empty or unreadable. */
function parseExpiry(v: string): number {
  if (v === '') return NaN;
  if (/^\d+$/.test(v)) return Number(v);
  const dmy = /^(\d{2})-(\d{2})-(\d{4})$/.exec(v);
  const iso = dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : v;
  const t = Date.parse(/T/.test(iso) ? iso : `${iso}T15:30:00+05:30`);
  return Number.isNaN(t) ? NaN : Math.floor(t / 1000);
}

/** SBIN for NSE:SBIN-EQ. */
function cashRoot(ticker: string): string {
  const s = ticker.slice(ticker.indexOf(':') + 1);
  const dash = s.lastIndexOf('-');
  return dash > 0 ? s.slice(0, dash) : s;
}
